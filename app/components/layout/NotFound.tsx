import { Link } from "react-router";
import { paths } from "~core/paths";

/** docs/product.md "Errors": the 404 page texts. */
export function NotFound() {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-7xl font-extrabold text-brand-400">404</p>
      <h1 className="mt-4 text-2xl font-bold">Page Not Found</h1>
      <p className="mt-3 text-zinc-400">Oops! The page you're looking for doesn't exist or has been moved.</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to={paths.home()} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
          Go to Homepage
        </Link>
        <Link to={paths.faq()} className="rounded-lg border border-ink-700 px-5 py-2.5 font-semibold hover:bg-ink-800">
          Visit FAQ
        </Link>
      </div>
    </section>
  );
}
