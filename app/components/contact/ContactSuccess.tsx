import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { paths } from "~core/paths";

/**
 * The sent view. 'Send Another Message' is a GET of /contact, so it works without JavaScript and, with
 * it, clears the action result and fetches a fresh form token before the empty form is shown.
 */
export function ContactSuccess() {
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the confirmation so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="py-6 text-center">
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Thank You!
      </h2>
      <p className="mt-3 text-zinc-300">Your message is on its way to our team. We read everything and reply as soon as we can.</p>
      <Form method="get" action={paths.contact()} className="mt-6">
        <button type="submit" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
          Send Another Message
        </button>
      </Form>
    </div>
  );
}
