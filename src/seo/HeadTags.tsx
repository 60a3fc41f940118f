import { shareCard, site } from "../content/index.ts";
import { SHARE_CARD_SIZE } from "../content/site.ts";
import { type PageKind, type RouteEntry, unlistedKinds } from "../routes/table.ts";
import { FEED_PATH } from "./feed.ts";
import { type SiteLocation, absoluteUrl } from "./origin.ts";
import { pageGraph, serializeGraph } from "./structured-data.ts";

/** What search engines and link previews read in a page's <head>, all from the route table. */
export function HeadTags({ route, location }: { route: RouteEntry; location: SiteLocation }) {
  const { origin, indexable } = location;
  // Error pages (404, 500) and a private link's page are about one request: neither indexed nor a canonical
  // address (a link's address is its secret).
  const isNotFound = (unlistedKinds as readonly PageKind[]).includes(route.kind);
  const url = absoluteUrl(origin, route.path);
  const article = route.kind === "article" ? route.params.article : undefined;
  // An article is shared with its own card; every other page with the site's (both drawn at build).
  const card = article?.card ?? shareCard;
  const image = absoluteUrl(origin, card.path);
  // A page of a long list names its neighbours.
  const pager = "pager" in route.params ? route.params.pager : undefined;
  const newer = pager?.paths[pager.page - 2];
  const older = pager?.paths[pager.page];
  return (
    <>
      {/* Search results are the visitor's, not a page to index. */}
      {(!indexable || isNotFound || route.kind === "search") && <meta name="robots" content="noindex" />}
      {!isNotFound && <link rel="canonical" href={url} />}
      {newer && <link rel="prev" href={absoluteUrl(origin, newer)} />}
      {older && <link rel="next" href={absoluteUrl(origin, older)} />}
      <link rel="alternate" type="application/atom+xml" title={site.feedTitle} href={absoluteUrl(origin, FEED_PATH)} />
      <meta property="og:site_name" content={site.practiceName} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:type" content={article ? "article" : "website"} />
      <meta property="og:title" content={route.title} />
      <meta property="og:description" content={route.description} />
      {!isNotFound && <meta property="og:url" content={url} />}
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(SHARE_CARD_SIZE.width)} />
      <meta property="og:image:height" content={String(SHARE_CARD_SIZE.height)} />
      <meta property="og:image:alt" content={card.alt} />
      {article && <meta property="article:published_time" content={article.date} />}
      {article?.updated && <meta property="article:modified_time" content={article.updated} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={route.title} />
      <meta name="twitter:description" content={route.description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={card.alt} />
      {!isNotFound && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeGraph(pageGraph(route, origin)) }} />}
    </>
  );
}
