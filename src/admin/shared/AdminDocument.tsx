import type { ReactNode } from "react";
import { AdminHead } from "./AdminHead.tsx";
import { Container } from "../../components/Container.tsx";
import type { LastBackup } from "../../db/backups.ts";
import { backupIsStale, backupSentence } from "../../queue/backup/status.ts";
import { site } from "../../content/index.ts";
import { seattleTime } from "./format.ts";

export interface AdminDocumentProps {
  /** What this page is, first in the browser title. */
  readonly title: string;
  /** The page's path as the browser sees it (/admin/…): its link in the navigation is marked current. */
  readonly path: string;
  /** The signed-in person's e-mail. */
  readonly adminEmail: string;
  /** Notifications that failed for good: a warning in the header on every page while there are any. */
  readonly failedCount: number;
  /** The last finished backup, in the footer (a warning when it is over 36 hours old). */
  readonly lastBackup?: LastBackup;
  /** Scripts of this site the page enhances itself with (it works without them). */
  readonly scripts?: readonly string[];
  readonly children: ReactNode;
}

/** Where Cloudflare Access signs the person out of every application of the team. */
const SIGN_OUT_PATH = "/cdn-cgi/access/logout";

/** The inbox's places, in the navigation's order; the browser editor of the site is the other helper's page. */
const places = [
  { href: "/admin", label: "Inquiries", current: (path: string) => path === "/admin" || path.startsWith("/admin/submissions") },
  { href: "/admin/consultations", label: "Consultations", current: (path: string) => path.startsWith("/admin/consultations") },
  { href: "/admin/conflicts", label: "Conflict check", current: (path: string) => path.startsWith("/admin/conflicts") },
  { href: "/admin/register", label: "Clients & matters", current: (path: string) => path.startsWith("/admin/register") },
  { href: "/admin/privacy", label: "Privacy requests", current: (path: string) => path.startsWith("/admin/privacy") },
  { href: "/admin/activity", label: "Activity", current: (path: string) => path.startsWith("/admin/activity") },
  { href: "/admin/content/", label: "Edit the site", current: (path: string) => path.startsWith("/admin/content") },
  // Cloudflare Access ends its session here (and, locally, the address only answers 404).
  { href: SIGN_OUT_PATH, label: "Sign out", current: () => false },
] as const;

function PlaceLinks({ path, className, linkClassName }: { path: string; className: string; linkClassName: string }) {
  return (
    <ul className={className}>
      {places.map((place) => (
        <li key={place.href}>
          <a href={place.href} aria-current={place.current(path) ? "page" : undefined} className={linkClassName}>
            {place.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

const wideLink =
  "inline-flex min-h-11 items-center underline-offset-4 hover:underline aria-[current=page]:font-semibold aria-[current=page]:underline";
const menuLink =
  "flex min-h-11 items-center rounded-md px-3 hover:bg-paper-deep aria-[current=page]:bg-accent-soft aria-[current=page]:font-semibold";

/**
 * The inbox's own HTML document: the site's stylesheet and look, no script unless a page names one of
 * this site's (a progressive enhancement), never indexed. It has no site navigation: the inbox is a private
 * tool, not a page of the site. On wide screens its places are a row of links; on narrower ones a "Menu"
 * that opens without JavaScript (a <details> element), so the first inquiry is in view on a phone.
 */
export function AdminDocument({ title, path, adminEmail, failedCount, lastBackup, scripts = [], children }: AdminDocumentProps) {
  const now = new Date();
  return (
    <html lang="en">
      <AdminHead title={`${title} · Inquiry inbox · ${site.practiceName}`} scripts={scripts} />
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-accent px-4 py-3 font-medium text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
        <header className="border-b border-line bg-paper-deep">
          <Container className="relative flex flex-wrap items-center justify-between gap-x-6 gap-y-1 py-2 lg:py-3">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="font-serif text-lg font-semibold tracking-tight lg:text-xl">{site.practiceName}</span>
              <span className="hidden text-muted sm:inline lg:text-base">Inquiry inbox</span>
            </p>
            <div className="flex items-center gap-x-4">
              {failedCount > 0 && (
                <a
                  href="/admin?state=failed"
                  className="inline-flex min-h-11 items-center font-semibold text-danger underline-offset-4 hover:underline"
                >
                  {`Failed notifications: ${failedCount}`}
                </a>
              )}
              <nav aria-label="Inbox" className="hidden lg:block">
                <PlaceLinks path={path} className="flex flex-wrap gap-x-6" linkClassName={wideLink} />
              </nav>
              <details className="lg:hidden">
                <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md border border-line-strong bg-paper px-4 font-medium [&::-webkit-details-marker]:hidden">
                  Menu
                  <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.75">
                    <path d="M2 4h12M2 8h12M2 12h12" />
                  </svg>
                </summary>
                <nav
                  aria-label="Inbox"
                  className="absolute top-full right-0 z-30 mt-2 w-64 rounded-lg border border-line bg-paper p-2 shadow-xl"
                >
                  <PlaceLinks path={path} className="flex flex-col" linkClassName={menuLink} />
                </nav>
              </details>
            </div>
          </Container>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Container className="py-6 lg:py-10">{children}</Container>
        </main>
        <footer className="border-t border-line">
          <Container className="py-6 text-sm text-muted">
            <p>{`Signed in as ${adminEmail}. Private to the practice; times are Seattle time.`}</p>
            <p className={backupIsStale(lastBackup, now) ? "mt-2 font-semibold text-danger" : "mt-2"}>
              {backupSentence(lastBackup, now, seattleTime)}
            </p>
          </Container>
        </footer>
      </body>
    </html>
  );
}
