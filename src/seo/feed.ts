import { attorneyPath, latestArticles, site } from "../content/index.ts";
import { absoluteUrl } from "./origin.ts";

export const FEED_PATH = "/feed.xml";

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!);

/** Noon Pacific time on a publication date, as RFC 3339 (a date alone is not valid in Atom). */
const timestamp = (isoDate: string) => `${isoDate}T12:00:00-08:00`;

/** An Atom feed of the newest published articles (those with a page), as many as content/site.yaml says. */
export function atomFeed(origin: string): string {
  const published = latestArticles.slice(0, site.feedEntries);
  const lastChange = (article: (typeof published)[number]) => article.updated ?? article.date;
  // A feed without entries still needs an <updated>: the site's copyright year stands in.
  const updated = published.map(lastChange).sort().at(-1) ?? `${site.copyrightYear}-01-01`;
  const entries = published.map(
    (article) => `  <entry>
    <id>${xml(absoluteUrl(origin, article.path))}</id>
    <title>${xml(article.title)}</title>
    <link rel="alternate" type="text/html" href="${xml(absoluteUrl(origin, article.path))}"/>
    <published>${timestamp(article.date)}</published>
    <updated>${timestamp(lastChange(article))}</updated>
    <category term="${xml(article.category)}"/>
    <summary>${xml(article.description)}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-US">
  <id>${xml(absoluteUrl(origin, "/resources"))}</id>
  <title>${xml(site.feedTitle)}</title>
  <subtitle>${xml(site.tagline)}</subtitle>
  <link rel="self" type="application/atom+xml" href="${xml(absoluteUrl(origin, FEED_PATH))}"/>
  <link rel="alternate" type="text/html" href="${xml(absoluteUrl(origin, "/resources"))}"/>
  <updated>${timestamp(updated)}</updated>
  <author><name>${xml(site.founder.name)}</name><uri>${xml(absoluteUrl(origin, attorneyPath))}</uri></author>
${entries.join("\n")}
</feed>
`;
}
