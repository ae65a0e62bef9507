import { useState } from "react";
import { m } from "../paraglide/messages.js";

const MAX = 2000;

export function meta() {
  return [{ title: `${m.form_title()} · Pleazure` }];
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
      <h1>{m.form_title()}</h1>
      <p>{m.form_intro()}</p>
      <p>{m.form_required_note()}</p>
      <label>
        {m.form_name_label()} * <input name="name" required />
      </label>
      <label>
        {m.form_email_label()} * <input name="email" type="email" required aria-describedby="email-hint" />
      </label>
      <p id="email-hint">{m.form_email_hint()}</p>
      <label>
        {m.form_topic_label()}{" "}
        <select name="topic">
          <option value="general">{m.form_topic_general()}</option>
          <option value="rights">{m.form_topic_rights()}</option>
          <option value="ads">{m.form_topic_ads()}</option>
          <option value="bug">{m.form_topic_bug()}</option>
        </select>
      </label>
      <label>
        {m.form_message_label()} * <textarea name="message" value={text} maxLength={MAX} onChange={(e) => setText(e.target.value)} />
      </label>
      <p>{m.form_message_hint()}</p>
      <p aria-live="polite">{m.form_chars_left({ count: MAX - text.length })}</p>
      <label>
        <input type="checkbox" name="consent" required /> {m.form_consent()}
      </label>
      <button type="submit">{sent ? m.form_sending() : m.form_submit()}</button>
      {sent && <p role="status">{m.form_sent()}</p>}
      <p hidden data-error="required">{m.form_error_required()}</p>
      <p hidden data-error="email">{m.form_error_email()}</p>
      <a href="/privacy">{m.form_privacy_link()}</a>
    </form>
  );
}
