import { useState } from "react";
import { RouteIntl, useMessages } from "../intl";
import { localeOf, messagesFor, serverIntl } from "../intl.server";
import type { Route } from "./+types/form";

const MAX = 2000;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData.title} · Pleazure` }];
}

export function loader({ params }: Route.LoaderArgs) {
  const locale = localeOf(params);
  return { intl: messagesFor(locale, "form"), title: serverIntl(locale, "form").formatMessage({ id: "form.title" }) };
}

export default function ContactForm({ loaderData }: Route.ComponentProps) {
  return (
    <RouteIntl intl={loaderData.intl}>
      <ContactFormPage />
    </RouteIntl>
  );
}

function ContactFormPage() {
  const t = useMessages("form");
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
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <p>{t("required_note")}</p>
      <label>
        {t("name_label")} * <input name="name" required />
      </label>
      <label>
        {t("email_label")} * <input name="email" type="email" required aria-describedby="email-hint" />
      </label>
      <p id="email-hint">{t("email_hint")}</p>
      <label>
        {t("topic_label")}{" "}
        <select name="topic">
          <option value="general">{t("topic_general")}</option>
          <option value="rights">{t("topic_rights")}</option>
          <option value="ads">{t("topic_ads")}</option>
          <option value="bug">{t("topic_bug")}</option>
        </select>
      </label>
      <label>
        {t("message_label")} * <textarea name="message" value={text} maxLength={MAX} onChange={(e) => setText(e.target.value)} />
      </label>
      <p>{t("message_hint")}</p>
      <p aria-live="polite">{t("chars_left", { count: MAX - text.length })}</p>
      <label>
        <input type="checkbox" name="consent" required /> {t("consent")}
      </label>
      <button type="submit">{sent ? t("sending") : t("submit")}</button>
      {sent && <p role="status">{t("sent")}</p>}
      <p hidden data-error="required">{t("error_required")}</p>
      <p hidden data-error="email">{t("error_email")}</p>
      <a href="/privacy">{t("privacy_link")}</a>
    </form>
  );
}
