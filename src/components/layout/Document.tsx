import type { ReactNode } from "react";
import assets from "virtual:client-assets";
import type { RouteEntry } from "../../routes/table.ts";
import { PAGE_STYLES_SLOT } from "../../page-styles/plan.ts";
import { HeadTags } from "../../seo/HeadTags.tsx";
import type { SiteLocation } from "../../seo/origin.ts";
import { SPECULATION_RULES_JSON } from "../../seo/speculation-rules.ts";
import { SiteFooter } from "./SiteFooter.tsx";
import { SiteHeader } from "./SiteHeader.tsx";

export interface DocumentProps {
  readonly route: RouteEntry;
  /** The requested path (for the 404 page, the unknown one). */
  readonly path: string;
  /** The production origin (for absolute URLs) and whether this host may be indexed. */
  readonly location: SiteLocation;
  readonly children?: ReactNode;
}

/**
 * The whole HTML document every page shares: head from the route table, skip link, header, main, footer, and
 * the speculation rules that prerender a link the visitor is about to follow.
 */
export function Document({ route, path, location, children }: DocumentProps) {
  const isNotFound = route.kind === "not-found";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{route.title}</title>
        <meta name="description" content={route.description} />
        <HeadTags route={route} location={location} />
        <meta name="theme-color" content="#faf7f2" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* In a build, the Worker puts the rules this page uses here (no request before the first paint; the
            CSP allows them by hash), and the island loader fetches the whole sheet; linked under vite dev. */}
        {assets.stylePlan ? (
          <style data-full-stylesheet={assets.styles[0]} dangerouslySetInnerHTML={{ __html: PAGE_STYLES_SLOT }} />
        ) : (
          assets.styles.map((href) => <link key={href} rel="stylesheet" href={href} />)
        )}
        {assets.fonts.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
        ))}
        {assets.dev && <script type="module" src="/@vite/client" />}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <script type="module" src={assets.script} />
      </head>
      <body className="flex min-h-screen flex-col" data-not-found={isNotFound ? "" : undefined}>
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-accent px-4 py-3 font-medium text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
        <SiteHeader route={route} path={path} />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES_JSON }} />
      </body>
    </html>
  );
}
