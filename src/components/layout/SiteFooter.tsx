import { BreakableAddress } from "../BreakableAddress.tsx";
import { notices, site } from "../../content/index.ts";
import { legalLinks } from "../../routes/index.ts";

export function SiteFooter() {
  return (
    <footer className="focus-ring-inverse mt-auto border-t border-line bg-ink text-paper">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr]">
        <div className="space-y-3">
          <p className="font-serif text-2xl font-semibold">{site.practiceName}</p>
          <p className="text-paper/80">{site.tagline}</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 pt-2">
            <li>
              <a
                href={site.links.professionalNetwork.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-6 items-center underline decoration-paper/40 underline-offset-4 hover:decoration-paper"
              >
                {site.links.professionalNetwork.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a
                href={`mailto:${site.email}`}
                className="inline-flex min-h-6 items-center break-words underline decoration-paper/40 underline-offset-4 hover:decoration-paper"
              >
                <BreakableAddress address={site.email} />
              </a>
            </li>
          </ul>
        </div>
        <nav aria-label="Legal" className="md:justify-self-end">
          <ul className="space-y-2">
            {legalLinks.map((link) => (
              <li key={link.path}>
                <a href={link.path} className="inline-flex min-h-6 items-center hover:underline hover:underline-offset-4">
                  {link.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-paper/15">
        <div className="mx-auto max-w-6xl space-y-2 px-4 py-6 text-sm text-paper/75 sm:px-6">
          <p>{notices.notLegalAdvice}</p>
          <p>{notices.copyright}</p>
        </div>
      </div>
    </footer>
  );
}
