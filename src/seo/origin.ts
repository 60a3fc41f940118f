/**
 * The site's absolute address comes from one setting, SITE_ORIGIN. Every other host that serves the
 * Worker (workers.dev, preview URLs, localhost) is a preview: its pages must not be indexed.
 */
export interface SiteLocation {
  /** The production origin, e.g. https://example.com (no trailing slash). */
  readonly origin: string;
  /** False on previews: pages carry noindex and robots.txt disallows crawling. */
  readonly indexable: boolean;
}

export function siteLocation(configuredOrigin: string, requestUrl: string): SiteLocation {
  const production = new URL(configuredOrigin);
  return { origin: production.origin, indexable: new URL(requestUrl).host === production.host };
}

export const absoluteUrl = (origin: string, path: string) => new URL(path, origin).href;
