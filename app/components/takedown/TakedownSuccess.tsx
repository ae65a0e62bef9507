import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { useMessages, usePaths } from "~/lib/i18n";
import { TAKEDOWN_HOURS } from "~core/takedown-clock";

/** The sent view: the reference, big enough to copy, and what happens next. */
export function TakedownSuccess({ reference }: { reference: string }) {
  const t = useMessages("takedown");
  const paths = usePaths();
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus the confirmation so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="py-6 text-center">
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {t("sentHeading")}
      </h2>
      <p className="mt-3 text-zinc-300">{t("sentReferenceIs")}</p>
      <p className="mt-1 font-mono text-2xl font-semibold tracking-wider text-white" data-testid="takedown-reference">
        {reference}
      </p>
      <p className="mt-3 text-zinc-300">{t("sentText", { hours: TAKEDOWN_HOURS })}</p>
      <Form method="get" action={paths.takedown()} className="mt-6">
        <button type="submit" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          {t("sendAnother")}
        </button>
      </Form>
    </div>
  );
}
