import { useEffect, useRef, useState } from "react";
import { useMessages } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { AGE_STORAGE_KEY, ageCookieValue } from "~core/cookies";
import { paths } from "~core/paths";
import { site } from "~core/site";

/**
 * Age gate (docs/product.md "Age gate"). The server renders it only for visitors without the
 * ageVerified cookie, so confirmed visitors never see a flash. The localStorage flag of the original
 * is kept and mirrored into the cookie. Without JavaScript the form posts to /age-verification.
 */
export function AgeGate() {
  const t = useMessages("common");
  const root = useRootData();
  const [visible, setVisible] = useState(!root?.ageVerified);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!visible) return;
    // A visitor verified in an earlier visit (localStorage) but without the cookie: mirror and hide.
    if (window.localStorage.getItem(AGE_STORAGE_KEY) === "true") {
      // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party flag; cookieStore is not in every browser
      document.cookie = ageCookieValue(window.location.protocol === "https:");
      setVisible(false);
      return;
    }
    confirmRef.current?.focus();
    document.body.style.overflow = "hidden";
    // Modal: everything behind the gate is inert, so Tab stays on the two answers.
    const behind = Array.from(document.body.children).filter((el) => !el.contains(overlayRef.current)) as HTMLElement[];
    for (const el of behind) el.inert = true;
    return () => {
      document.body.style.overflow = "";
      for (const el of behind) el.inert = false;
    };
  }, [visible]);

  if (!visible) return null;

  const confirm = (e: React.MouseEvent) => {
    e.preventDefault();
    window.localStorage.setItem(AGE_STORAGE_KEY, "true");
    // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party flag; cookieStore is not in every browser
    document.cookie = ageCookieValue(window.location.protocol === "https:");
    setVisible(false);
  };
  const leave = (e: React.MouseEvent) => {
    e.preventDefault();
    window.location.href = site.underAgeRedirect;
  };

  return (
    <div ref={overlayRef} className="fixed inset-0 z-[100] grid place-items-center bg-black/90 p-4 backdrop-blur-md">
      <form
        method="post"
        action={paths.ageVerification()}
        role="dialog"
        aria-modal="true"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-text"
        className="w-full max-w-md rounded-2xl border border-ink-700 bg-ink-900 p-8 text-center shadow-2xl"
      >
        <h2 id="age-gate-title" className="text-2xl font-bold">
          {t("ageGateTitle")}
        </h2>
        <p id="age-gate-text" className="mt-4 text-zinc-300">
          {t("ageGateText")}
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <button
            ref={confirmRef}
            type="submit"
            name="answer"
            value="adult"
            onClick={confirm}
            className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            {t("ageGateAdult")}
          </button>
          <button
            type="submit"
            name="answer"
            value="minor"
            onClick={leave}
            className="rounded-lg border border-ink-700 px-5 py-2.5 font-semibold hover:bg-ink-800"
          >
            {t("ageGateMinor")}
          </button>
        </div>
      </form>
    </div>
  );
}
