import type { ReactNode } from "react";
import assets from "virtual:client-assets";
import { Container } from "../../components/Container.tsx";
import { site } from "../../content/index.ts";

export interface AdminDocumentProps {
  /** What this page is, first in the browser title. */
  readonly title: string;
  /** The signed-in person's e-mail. */
  readonly adminEmail: string;
  /** Notifications that failed for good, shown on every page. */
  readonly failedCount: number;
  readonly children: ReactNode;
}

const navLink = "inline-flex min-h-11 items-center underline-offset-4 hover:underline";

/**
 * The inbox's own HTML document: the site's stylesheet and look, no script at all, never indexed. It has
 * no site navigation: the inbox is a private tool, not a page of the site.
 */
/** Where Cloudflare Access signs the person out of every application of the team. */
const SIGN_OUT_PATH = "/cdn-cgi/access/logout";

export function AdminDocument({ title, adminEmail, failedCount, children }: AdminDocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · Inquiry inbox · ${site.practiceName}`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-accent px-4 py-3 font-medium text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
        <header className="border-b border-line bg-paper-deep">
          <Container className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
            <p className="flex flex-wrap items-center gap-x-3">
              <span className="font-serif text-xl font-semibold tracking-tight">{site.practiceName}</span>
              <span className="text-muted">Inquiry inbox</span>
            </p>
            <nav aria-label="Inbox">
              <ul className="flex flex-wrap gap-x-6">
                <li>
                  <a href="/admin" className={navLink}>
                    Inquiries
                  </a>
                </li>
                <li>
                  <a href="/admin?state=failed" className={`${navLink} ${failedCount > 0 ? "font-semibold text-danger" : ""}`}>
                    {`Failed notifications: ${failedCount}`}
                  </a>
                </li>
                <li>
                  <a href="/admin/conflicts" className={navLink}>
                    Conflict check
                  </a>
                </li>
                <li>
                  <a href="/admin/privacy" className={navLink}>
                    Privacy requests
                  </a>
                </li>
                <li>
                  <a href="/admin/activity" className={navLink}>
                    Activity
                  </a>
                </li>
                <li>
                  {/* Cloudflare Access ends its session here (and, locally, the address only answers 404). */}
                  <a href={SIGN_OUT_PATH} className={navLink}>
                    Sign out
                  </a>
                </li>
              </ul>
            </nav>
          </Container>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Container className="py-10">{children}</Container>
        </main>
        <footer className="border-t border-line">
          <Container className="py-6 text-sm text-muted">
            <p>{`Signed in as ${adminEmail}. Private to the practice; times are Seattle time.`}</p>
          </Container>
        </footer>
      </body>
    </html>
  );
}
