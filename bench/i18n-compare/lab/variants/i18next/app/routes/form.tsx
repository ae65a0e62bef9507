import { useState } from "react";
import { getInstance, getLocale, messagesFor } from "../i18n.server";
import { useRouteTranslation } from "../locales";
import type { Route } from "./+types/form";

const MAX = 2000;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData.title} · Pleazure` }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { i18n: messagesFor(getLocale(context), "form"), title: getInstance(context).t("title", { ns: "form" }) };
}

export default function ContactForm({ loaderData }: Route.ComponentProps) {
  const { t } = useRouteTranslation(loaderData.i18n);
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
