/**
 * Where an inquiry came from, noted first-party: no analytics script and no cookie. With the form, the
 * browser sends the page of this site the visitor went to the form from, the first page of their visit and
 * the host of the outside site that sent them there (kept in the tab's sessionStorage only,
 * src/islands/client/visit.ts); the Worker keeps a value only when it is a path of this site or a host
 * name, and otherwise falls back on what the post's Referer header says (the form's own page). Shared by the
 * browser and the Worker; no zod, so the page that only notes the visit loads almost nothing.
 */
import { withoutLinkSecrets } from "../log-text.ts";

/** The values a post may carry, each stored in its own column of contact_submissions. */
export const attributionFields = ["sourcePage", "landingPage", "referrerHost"] as const;
export type AttributionField = (typeof attributionFields)[number];
export type Attribution = Readonly<Record<AttributionField, string | null>>;

/** The longest path kept: this site's paths are far shorter; anything longer is not one of them. */
export const SITE_PATH_MAX = 200;

/** A path of this site as the browser writes one (percent-encoded), without query or fragment. */
const SITE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

/** A host name (or an IPv4 address), lower case, labels of at most 63 characters. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * The value when it is a path of this site, else undefined: a full URL, `javascript:`, `//host` are not. A
 * private link's path keeps its place but not its secret (`/book/{secret}`), so no inquiry's "where it came
 * from" can open a client's booking or letter.
 */
export function sitePath(value: unknown): string | undefined {
  return typeof value === "string" && value.length <= SITE_PATH_MAX && SITE_PATH.test(value) ? withoutLinkSecrets(value) : undefined;
}

/** The value when it is a host name other than `ownHost`, else undefined. */
export function outsideHost(value: unknown, ownHost: string): string | undefined {
  if (typeof value !== "string") return undefined;
  const host = value.toLowerCase();
  return HOST_NAME.test(host) && host !== ownHost.toLowerCase() ? host : undefined;
}

/** A URL's path when the URL is on `origin`, else undefined. */
export function pathOnOrigin(url: string | undefined, origin: string): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? sitePath(parsed.pathname) : undefined;
  } catch {
    return undefined;
  }
}

/** A URL's host name when the URL is on another site than `ownHost`, else undefined. */
export function hostOfOtherSite(url: string | undefined, ownHost: string): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? outsideHost(parsed.hostname, ownHost) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the Worker stores of a post's attribution: the values it carries when each is what it claims to be
 * (a path of this site, a host name that is not this site's), the form's page from the Referer header when
 * the post names no page, and NULL for the rest.
 */
export function attributionOf(input: unknown, referer: string | undefined, request: { readonly url: string }): Attribution {
  const posted = (typeof input === "object" && input !== null ? input : {}) as Partial<Record<AttributionField, unknown>>;
  const { origin, hostname } = new URL(request.url);
  return {
    sourcePage: sitePath(posted.sourcePage) ?? pathOnOrigin(referer, origin) ?? null,
    landingPage: sitePath(posted.landingPage) ?? null,
    referrerHost: outsideHost(posted.referrerHost, hostname) ?? null,
  };
}
