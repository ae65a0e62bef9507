import { useState } from "react";
import { form as T } from "../texts";

const MAX = 2000;

export function meta() {
  return [{ title: `${T.title} · Pleazure` }];
}

export default function ContactForm() {
  const [text, setText] = useState("");
  const [sent, setSent] = useState(false);
  return (
    <form
      method="post"
      onSubmit={(e) => {
        e.preventDefault();
        setSent(true);
      }}
    >
      <h1>{T.title}</h1>
      <p>{T.intro}</p>
      <p>{T.required_note}</p>
      <label>
        {T.name_label} * <input name="name" required />
      </label>
      <label>
        {T.email_label} * <input name="email" type="email" required aria-describedby="email-hint" />
      </label>
      <p id="email-hint">{T.email_hint}</p>
      <label>
        {T.topic_label}{" "}
        <select name="topic">
          <option value="general">{T.topic_general}</option>
          <option value="rights">{T.topic_rights}</option>
          <option value="ads">{T.topic_ads}</option>
          <option value="bug">{T.topic_bug}</option>
        </select>
      </label>
      <label>
        {T.message_label} * <textarea name="message" value={text} maxLength={MAX} onChange={(e) => setText(e.target.value)} />
      </label>
      <p>{T.message_hint}</p>
      <p aria-live="polite">{T.chars_left({ count: MAX - text.length })}</p>
      <label>
        <input type="checkbox" name="consent" required /> {T.consent}
      </label>
      <button type="submit">{sent ? T.sending : T.submit}</button>
      {sent && <p role="status">{T.sent}</p>}
      <p hidden data-error="required">{T.error_required}</p>
      <p hidden data-error="email">{T.error_email}</p>
      <a href="/privacy">{T.privacy_link}</a>
    </form>
  );
}
