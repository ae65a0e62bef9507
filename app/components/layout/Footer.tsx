import { AppLink } from "~/components/ui/AppLink";
import { paths } from "~core/paths";
import { site } from "~core/site";

export function Footer() {
  const linkClass = "text-sm text-zinc-400 hover:text-white";
  return (
    <footer className="mt-16 border-t border-ink-800 bg-ink-900/60">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold">
            Pleaz<span className="text-brand-400">ure</span>
          </p>
          <p className="mt-2 text-sm text-zinc-400">{site.tagline}</p>
          <p className="mt-2 text-xs text-zinc-400">All videos are AI-generated. No real performers.</p>
        </div>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-zinc-300">Company</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <AppLink to={paths.values()} className={linkClass}>
                Our Values
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.career()} className={linkClass}>
                Careers
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.contact()} className={linkClass}>
                Contact
              </AppLink>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-zinc-300">Legal</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <AppLink to={paths.terms()} className={linkClass}>
                Terms
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.privacy()} className={linkClass}>
                Privacy
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.takedown()} className={linkClass}>
                Takedown requests
              </AppLink>
            </li>
          </ul>
        </nav>
        <nav aria-label="Support">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-zinc-300">Support</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <AppLink to={paths.faq()} className={linkClass}>
                FAQ
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.trust()} className={linkClass}>
                Trust and Safety
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-ink-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-5 sm:flex-row">
          <p className="text-xs text-zinc-400">
            © {site.copyrightYear} {site.name}. All rights reserved. You must be 18+ to view content.
          </p>
          <div className="flex gap-4">
            <a href={site.xUrl} className={linkClass} rel="noopener noreferrer" target="_blank">
              X (Twitter)
            </a>
            <a href={site.discordUrl} className={linkClass} rel="noopener noreferrer" target="_blank">
              Discord
            </a>
          </div>
        </div>
      </div>
    </footer>
  );
}
