import { type AttributionField, hostOfOtherSite, pathOnOrigin } from "../../contact/attribution.ts";

/*
 * Where a visit started, noted in the browser tab only (sessionStorage, gone when the tab closes; no cookie,
 * nothing sent anywhere) and read by the contact form when the visitor sends it (src/contact/attribution.ts).
 * Storage switched off, full or refused: nothing is noted, and the form sends what it knows.
 */

const KEY = "visit-start";

interface VisitStart {
  readonly landingPage: string;
  readonly referrerHost: string;
}

/** On every page: the first page of the tab's visit, and the outside site that sent the visitor to it. */
export function noteVisitStart(): void {
  try {
    if (sessionStorage.getItem(KEY) !== null) return;
    const start: VisitStart = {
      landingPage: location.pathname,
      referrerHost: hostOfOtherSite(document.referrer, location.hostname) ?? "",
    };
    sessionStorage.setItem(KEY, JSON.stringify(start));
  } catch {
    // No storage in this tab: the visit's start stays unknown.
  }
}

function visitStart(): Partial<VisitStart> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? "{}");
    return typeof stored === "object" && stored !== null ? stored : {};
  } catch {
    return {};
  }
}

/**
 * What the contact form sends along: the page of this site the visitor came to the form from (the form's
 * own page when they came from elsewhere), and the visit's start.
 */
export function visitSource(): Record<AttributionField, string> {
  const start = visitStart();
  return {
    sourcePage: pathOnOrigin(document.referrer, location.origin) ?? location.pathname,
    landingPage: typeof start.landingPage === "string" ? start.landingPage : "",
    referrerHost: typeof start.referrerHost === "string" ? start.referrerHost : "",
  };
}
