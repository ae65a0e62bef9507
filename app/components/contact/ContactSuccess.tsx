import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { useMessages, usePaths } from "~/lib/i18n";

/**
 * The sent view. 'Send Another Message' is a GET of /contact, so it works without JavaScript and, with
 * it, clears the action result and fetches a fresh form token before the empty form is shown.
 */
export function ContactSuccess() {
  const t = useMessages("contact");
  const paths = usePaths();
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the confirmation so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="py-6 text-center">
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {t("sentHeading")}
      </h2>
      <p className="mt-3 text-zinc-300">{t("sentText")}</p>
      <Form method="get" action={paths.contact()} className="mt-6">
        <button type="submit" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          {t("sendAnother")}
        </button>
      </Form>
    </div>
  );
}
