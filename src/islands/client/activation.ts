/**
 * Resolves once the page is shown: at once, or, for a page the browser prerendered (the site's speculation
 * rules, src/seo/speculation-rules.ts), when the visitor activates it by following the link. Until then the
 * page must do nothing a visitor would notice or anyone could count: no island arms its trigger or
 * hydrates (a `visible` island would, as a prerendered page has a viewport), nothing is fetched beyond what
 * the HTML itself names, and nothing is logged.
 */
export function whenShown(): Promise<void> {
  if (!(document as Document & { prerendering?: boolean }).prerendering) return Promise.resolve();
  return new Promise((resolve) => document.addEventListener("prerenderingchange", () => resolve(), { once: true }));
}
