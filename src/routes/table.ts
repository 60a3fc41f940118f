import type { Article, LegalNotice, NewsItem, Service, SiteContent } from "../content/collections.ts";
import { attorneyPathOf } from "../content/site.ts";

/** The top-level navigation entry a page belongs to; its link is highlighted while the page is shown. */
export type NavSection = "home" | "about" | "services" | "resources" | "contact";

/**
 * The registry of page kinds: what each kind of page is given by its route. The route table below and the
 * page components (src/pages/index.tsx) are both keyed by exactly these kinds, so a route without a page,
 * or a page without a route, does not type-check.
 */
export interface PageParams {
  home: { readonly carousel: readonly Article[] };
  philosophy: Record<never, never>;
  attorney: Record<never, never>;
  services: Record<never, never>;
  service: { readonly service: Service };
  resources: { readonly articles: readonly Article[]; readonly news: readonly NewsItem[] };
  contact: Record<never, never>;
  article: { readonly article: Article; readonly moreReading: readonly Article[] };
  legal: { readonly notice: LegalNotice };
  "not-found": Record<never, never>;
  /** The reference the failure was logged under, for the visitor to quote. */
  "server-error": { readonly reference: string };
}
export type PageKind = keyof PageParams;

/** One step of a breadcrumb trail. */
export interface Crumb {
  readonly path: string;
  readonly crumb: string;
}

interface RouteFields {
  readonly path: string;
  /** The whole browser title. */
  readonly title: string;
  /** The meta description for search results and shared links. */
  readonly description: string;
  /** Short name of the page in breadcrumbs. */
  readonly crumb: string;
  /** Path of the page above this one in the breadcrumb trail. */
  readonly parent?: string;
  readonly section?: NavSection;
}

/** A route as the table declares it: its fields, its kind of page and what that page is given. */
export type RouteDefinition<K extends PageKind = PageKind> = K extends PageKind
  ? RouteFields & { readonly kind: K; readonly params: PageParams[K] }
  : never;

/** A route of the table, with its breadcrumb trail (from Home to itself) worked out. */
export type RouteEntry<K extends PageKind = PageKind> = RouteDefinition<K> & { readonly trail: readonly Crumb[] };

/** How many articles the home carousel shows: the newest published. */
export const CAROUSEL_SIZE = 3;
/** How many other articles an article suggests at its end. */
const MORE_READING = 2;

const isPublished = (item: { readonly status: string }) => item.status === "published";

/** Every kind of page with its routes: what the table declares. */
export type RouteDefinitions = { readonly [K in PageKind]: readonly RouteDefinition<K>[] };

/** A page's browser title: its name, then the practice's. */
const titledFor = (practiceName: string) => (name: string) => `${name} | ${practiceName}`;

/** The routes of each page kind, in sitemap order, from the site's content. */
function definitions(content: SiteContent): RouteDefinitions {
  const { site, pages } = content;
  const titled = titledFor(site.practiceName);
  const published = content.articles.filter(isPublished);
  return {
    home: [
      {
        kind: "home",
        path: "/",
        title: `${site.practiceName} | ${site.tagline}`,
        description: pages.home.description,
        crumb: pages.home.crumb,
        section: "home",
        params: { carousel: published.slice(0, CAROUSEL_SIZE) },
      },
    ],
    philosophy: [
      {
        kind: "philosophy",
        path: "/about",
        title: titled(pages.philosophy.title),
        description: pages.philosophy.description,
        crumb: pages.philosophy.crumb,
        parent: "/",
        section: "about",
        params: {},
      },
    ],
    attorney: [
      {
        kind: "attorney",
        path: attorneyPathOf(site),
        title: titled(site.founder.name),
        description: pages.attorney.description,
        crumb: site.founder.name,
        parent: "/about",
        section: "about",
        params: {},
      },
    ],
    services: [
      {
        kind: "services",
        path: "/services",
        title: titled(pages.services.title),
        description: pages.services.description,
        crumb: pages.services.crumb,
        parent: "/",
        section: "services",
        params: {},
      },
    ],
    service: content.services.map((service) => ({
      kind: "service",
      path: service.path,
      title: titled(service.title),
      description: service.description,
      crumb: service.title,
      parent: "/services",
      section: "services",
      params: { service },
    })),
    resources: [
      {
        kind: "resources",
        path: "/resources",
        title: titled(pages.resources.title),
        description: pages.resources.description,
        crumb: pages.resources.crumb,
        parent: "/",
        section: "resources",
        // Upcoming pieces show as cards that are not yet clickable; drafts never reach the build.
        params: { articles: content.articles, news: content.news },
      },
    ],
    contact: [
      {
        kind: "contact",
        path: "/contact",
        title: titled(pages.contact.title),
        description: pages.contact.description,
        crumb: pages.contact.crumb,
        parent: "/",
        section: "contact",
        params: {},
      },
    ],
    // Only published articles have a page; an upcoming one is a card until it is published.
    article: published.map((article) => ({
      kind: "article",
      path: article.path,
      title: titled(article.title),
      description: article.description,
      crumb: article.title,
      parent: "/resources",
      section: "resources",
      params: { article, moreReading: published.filter((other) => other !== article).slice(0, MORE_READING) },
    })),
    legal: content.legal.map((notice) => ({
      kind: "legal",
      path: `/${notice.slug}`,
      title: titled(notice.title),
      description: notice.description,
      crumb: notice.title,
      parent: "/",
      params: { notice },
    })),
    // What any other path shows; it is answered with HTTP 404.
    "not-found": [
      {
        kind: "not-found",
        path: "*",
        title: titled(pages.errors.notFound.title),
        description: pages.errors.notFound.description,
        crumb: pages.errors.notFound.title,
        params: {},
      },
    ],
    // Answers no path of its own: the error handler makes one route a failure (RouteTable.serverError).
    "server-error": [],
  };
}

export interface RouteTable {
  /** Every public page, in sitemap order. */
  readonly routes: readonly RouteEntry[];
  /** The page any other path shows, with status 404. */
  readonly notFound: RouteEntry<"not-found">;
  /** The routes of one kind of page. */
  readonly byKind: { readonly [K in PageKind]: readonly RouteEntry<K>[] };
  routeByPath(path: string): RouteEntry | undefined;
  /** What a request that failed shows (HTTP 500), with the reference its error was logged under. */
  serverError(reference: string): RouteEntry<"server-error">;
}

/** The site's route table for its content: the one source of paths, titles, descriptions and breadcrumbs. */
export function routeTableFor(content: SiteContent): RouteTable {
  const declared = definitions(content);
  const all = (Object.values(declared) as readonly (readonly RouteDefinition[])[]).flat();
  const byPath = new Map<string, RouteDefinition>();
  for (const route of all) {
    const taken = byPath.get(route.path);
    if (taken) throw new Error(`two pages claim ${route.path}: a ${taken.kind} page and a ${route.kind} page (rename one)`);
    byPath.set(route.path, route);
  }
  const trailOf = (route: RouteDefinition): Crumb[] => {
    const trail: Crumb[] = [{ path: route.path, crumb: route.crumb }];
    for (let parent = route.parent; parent; ) {
      const ancestor = byPath.get(parent);
      if (!ancestor) throw new Error(`route ${route.path} names unknown parent ${parent}`);
      trail.unshift({ path: ancestor.path, crumb: ancestor.crumb });
      parent = ancestor.parent;
    }
    return trail;
  };
  const entries = new Map(all.map((route) => [route, { ...route, trail: trailOf(route) } as RouteEntry]));
  const byKind = Object.fromEntries(
    Object.entries(declared).map(([kind, routes]) => [kind, routes.map((route: RouteDefinition) => entries.get(route)!)]),
  ) as unknown as RouteTable["byKind"];
  const routes = [...entries.values()].filter((route) => route.kind !== "not-found" && route.kind !== "server-error");
  const pathIndex = new Map(routes.map((route) => [route.path, route]));
  const { serverError } = content.pages.errors;
  return {
    routes,
    notFound: byKind["not-found"][0]!,
    byKind,
    routeByPath: (path) => pathIndex.get(path),
    serverError: (reference) => ({
      kind: "server-error",
      path: "*",
      title: titledFor(content.site.practiceName)(serverError.title),
      description: serverError.description,
      crumb: serverError.title,
      params: { reference },
      trail: [],
    }),
  };
}
