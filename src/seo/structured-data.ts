import type { BlogPosting, BreadcrumbList, Graph, ImageObject, LegalService, Person, Thing, WebPage, WebSite } from "schema-dts";
import type { Article } from "../content/collections.ts";
import { attorneyPath, pages, shareCard, site } from "../content/index.ts";
import { type Picture, type SlotName, pictureMarkup, variantPath } from "../content/pictures.ts";
import { SHARE_CARD_SIZE } from "../content/site.ts";
import type { RouteEntry } from "../routes/table.ts";
import { absoluteUrl } from "./origin.ts";

/** Stable @ids, so every page's graph names the same practice, site and founder. */
const graphIds = (origin: string) => ({
  practice: `${origin}/#practice`,
  website: `${origin}/#website`,
  founder: absoluteUrl(origin, `${attorneyPath}#person`),
});

function practiceNode(origin: string): LegalService {
  const ids = graphIds(origin);
  return {
    "@type": "LegalService",
    "@id": ids.practice,
    name: site.practiceName,
    slogan: site.tagline,
    url: absoluteUrl(origin, "/"),
    email: site.email,
    image: imageObject(origin, shareCard.path, SHARE_CARD_SIZE),
    address: {
      "@type": "PostalAddress",
      addressLocality: site.location.city,
      addressRegion: site.location.region,
      addressCountry: site.location.country,
    },
    areaServed: { "@type": "State", name: site.location.regionName },
    founder: { "@id": ids.founder },
    sameAs: [site.links.professionalNetwork.href],
  };
}

/** An image as schema.org describes one: its address and size. */
const imageObject = (origin: string, path: string, size: { width: number; height: number }): ImageObject => ({
  "@type": "ImageObject",
  url: absoluteUrl(origin, path),
  width: String(size.width),
  height: String(size.height),
});

/** A picture of content/ by its largest JPEG variant for a slot: a format every reader of structured data takes. */
const pictureObject = (origin: string, picture: Picture, slot: SlotName): ImageObject => {
  const { img } = pictureMarkup(picture, slot);
  return { ...imageObject(origin, variantPath(picture, img.width, "jpg"), img), caption: picture.alt };
};

function founderNode(origin: string): Person {
  const ids = graphIds(origin);
  const { photo } = pages.attorney;
  return {
    "@type": "Person",
    "@id": ids.founder,
    name: site.founder.name,
    jobTitle: pages.attorney.role,
    url: absoluteUrl(origin, attorneyPath),
    worksFor: { "@id": ids.practice },
    ...(photo ? { image: pictureObject(origin, photo, "portrait") } : {}),
    sameAs: [site.links.professionalNetwork.href, site.links.portfolio.href],
  };
}

function websiteNode(origin: string): WebSite {
  const ids = graphIds(origin);
  return {
    "@type": "WebSite",
    "@id": ids.website,
    name: site.practiceName,
    url: absoluteUrl(origin, "/"),
    inLanguage: "en-US",
    publisher: { "@id": ids.practice },
  };
}

function breadcrumbNode(route: RouteEntry, origin: string): BreadcrumbList {
  return {
    "@type": "BreadcrumbList",
    "@id": `${absoluteUrl(origin, route.path)}#breadcrumb`,
    itemListElement: route.trail.map((entry, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: entry.crumb,
      item: absoluteUrl(origin, entry.path),
    })),
  };
}

function articleNode(route: RouteEntry, article: Article, origin: string): BlogPosting {
  const url = absoluteUrl(origin, route.path);
  const ids = graphIds(origin);
  return {
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    headline: article.title,
    description: article.description,
    articleSection: article.category,
    datePublished: article.date,
    dateModified: article.updated ?? article.date,
    author: { "@id": ids.founder, "@type": "Person", name: site.founder.name, url: absoluteUrl(origin, attorneyPath) },
    publisher: { "@id": ids.practice },
    // Its share card, and its cover when it has one.
    image: [
      imageObject(origin, article.card.path, SHARE_CARD_SIZE),
      ...(article.cover ? [pictureObject(origin, article.cover, "cover")] : []),
    ],
    url,
    mainEntityOfPage: { "@id": `${url}#webpage` },
    inLanguage: "en-US",
  };
}

/** The kind of web page each kind of page is, where it is more than a WebPage. */
const pageType: Partial<Record<RouteEntry["kind"], "ContactPage" | "ProfilePage" | "CollectionPage" | "SearchResultsPage">> = {
  contact: "ContactPage",
  attorney: "ProfilePage",
  resources: "CollectionPage",
  "article-list": "CollectionPage",
  "news-list": "CollectionPage",
  search: "SearchResultsPage",
};

/** The JSON-LD graph of one page: site and page always; practice, founder, article and breadcrumb where they belong. */
export function pageGraph(route: RouteEntry, origin: string): Graph {
  const url = absoluteUrl(origin, route.path);
  const ids = graphIds(origin);
  const { kind } = route;
  const hasBreadcrumb = route.parent !== undefined;
  const webPage: WebPage = {
    "@type": pageType[kind] ?? "WebPage",
    "@id": `${url}#webpage`,
    url,
    name: route.title,
    description: route.description,
    isPartOf: { "@id": ids.website },
    inLanguage: "en-US",
    ...(hasBreadcrumb ? { breadcrumb: { "@id": `${url}#breadcrumb` } } : {}),
    ...(kind === "home" || kind === "contact" ? { about: { "@id": ids.practice } } : {}),
    ...(kind === "attorney" ? { mainEntity: { "@id": ids.founder } } : {}),
  };
  const nodes: Thing[] = [websiteNode(origin), webPage];
  if (kind === "home" || kind === "contact") nodes.push(practiceNode(origin));
  if (kind === "attorney") nodes.push(founderNode(origin));
  if (route.kind === "article") nodes.push(articleNode(route, route.params.article, origin));
  if (hasBreadcrumb) nodes.push(breadcrumbNode(route, origin));
  return { "@context": "https://schema.org", "@graph": nodes as Graph["@graph"] };
}

/** JSON for a <script type="application/ld+json">, with "<" escaped so no text can close the tag. */
export const serializeGraph = (graph: Graph) => JSON.stringify(graph).replace(/</g, "\\u003c");
