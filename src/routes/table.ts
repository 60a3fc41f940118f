import type {
  Article,
  ArticleCategory,
  ArticleSummary,
  LatestArticle,
  LegalNotice,
  NewsItem,
  Service,
  SiteContent,
  WorkerContent,
} from "../content/collections.ts";
import type { BookingView } from "../booking/view.ts";
import { articleCategories } from "../content/schema/lists.ts";
import { attorneyPathOf } from "../content/site.ts";
import { CAROUSEL_SIZE, workerContentOf } from "../content/worker-content.ts";
import { fillSlots } from "../content/slots.ts";
import type { EngagementView } from "./engagement-view.ts";

/** The top-level navigation entry a page belongs to; its link is highlighted while the page is shown. */
export type NavSection = "home" | "about" | "services" | "resources" | "contact";

/** Which page of a long list this is, and the path of each of its pages (the first is the list's own). */
export interface Pager {
  readonly page: number;
  readonly paths: readonly string[];
  /** "Page 2 of 9", in the practice's words (content/pages/resources.yaml). */
  readonly label: string;
}

/** A topic (an article category) as the lists link it: its page and how many articles it holds. */
export interface Topic {
  readonly name: ArticleCategory;
  readonly path: string;
  readonly count: number;
}

/**
 * The registry of page kinds: what each kind of page is given by its route. The route table below and the
 * page components (src/pages/index.tsx) are both keyed by exactly these kinds, so a route without a page,
 * or a page without a route, does not type-check.
 */
export interface PageParams {
  home: { readonly carousel: readonly LatestArticle[] };
  philosophy: Record<never, never>;
  attorney: Record<never, never>;
  services: Record<never, never>;
  service: { readonly service: Service };
  /** /resources: the newest articles, the topics, the newest news and the link to the rest. */
  resources: {
    readonly articles: readonly ArticleSummary[];
    readonly pager: Pager;
    readonly topics: readonly Topic[];
    readonly news: readonly NewsItem[];
    /** The page of all news, when there is more than /resources shows. */
    readonly allNewsPath?: string;
  };
  /** A later page of the articles, or a topic's articles (`topic`). */
  "article-list": {
    readonly articles: readonly ArticleSummary[];
    readonly pager: Pager;
    readonly topics: readonly Topic[];
    readonly topic?: ArticleCategory;
  };
  /** The news, all of them, a page at a time. */
  "news-list": { readonly news: readonly NewsItem[]; readonly pager: Pager };
  /** The results of a search without JavaScript (what was searched for is the request's). */
  search: { readonly topics: readonly Topic[] };
  contact: Record<never, never>;
  article: { readonly article: Article; readonly moreReading: readonly ArticleSummary[] };
  legal: { readonly notice: LegalNotice };
  "not-found": Record<never, never>;
  /** The reference the failure was logged under, for the visitor to quote. */
  "server-error": { readonly reference: string };
  /** A client's booking page (/book/…), reached only by a private link: what it shows, worked out by the Worker. */
  booking: { readonly view: BookingView };
  /** A client's engagement letter to consent to and sign (/engage/…), reached only by a private link. */
  engagement: { readonly view: EngagementView };
}
export type PageKind = keyof PageParams;

/**
 * The kinds of page whose number grows with the practice's writing: their routes are declared at build, from
 * every piece, and each is written to a static file the Worker reads when its path is asked for
 * (src/content/stored.ts). The Worker's own table holds the other kinds only.
 */
export const storedKinds = ["resources", "article-list", "news-list", "search", "article", "legal"] as const satisfies readonly PageKind[];
export type StoredKind = (typeof storedKinds)[number];
export type FixedKind = Exclude<PageKind, StoredKind>;

/**
 * The kinds of page about one request: the error pages and a private link's pages. Never in the sitemap, never
 * indexed, and without a canonical address (a link's address is its secret).
 */
export const unlistedKinds = ["not-found", "server-error", "booking", "engagement"] as const satisfies readonly PageKind[];

/** Where a folder's pieces live: the part of the address before a piece's slug (its file's name). */
const PIECES_AT = { articles: "/blog/", legal: "/", services: "/services/" } as const;

/** Every path of the site's pages, declared once. */
export const paths = {
  article: (slug: string) => `${PIECES_AT.articles}${slug}`,
  legal: (slug: string) => `${PIECES_AT.legal}${slug}`,
  service: (slug: string) => `${PIECES_AT.services}${slug}`,
  resources: "/resources",
  /** Page `page` of the articles: /resources, then /resources/page/2… */
  articlesPage: (page: number) => (page === 1 ? "/resources" : `/resources/page/${page}`),
  /** A topic's page of articles: /resources/category/ip-law, then …/page/2… */
  topicPage: (topic: ArticleCategory, page = 1) => `/resources/category/${topicSlug(topic)}${page === 1 ? "" : `/page/${page}`}`,
  /** The news, all of them: /resources/news, then …/page/2… */
  newsPage: (page = 1) => `/resources/news${page === 1 ? "" : `/page/${page}`}`,
  /** The results of a search of the articles without JavaScript (its query: `q`). */
  search: "/resources/search",
} as const;

/** A topic's part of an address: "IP Law" → "ip-law". */
const topicSlug = (topic: ArticleCategory) => topic.toLowerCase().replace(/[^a-z0-9]+/g, "-");

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

/** How many other articles an article suggests at its end. */
const MORE_READING = 2;
/** Article cards on each page of a list: four rows of three, six of two. */
export const ARTICLES_PER_PAGE = 12;
/** News items /resources shows before its link to all of them. */
export const NEWS_ON_RESOURCES = 3;
/** News items on each page of all news. */
export const NEWS_PER_PAGE = 10;

const isPublished = (item: { readonly status: string }) => item.status === "published";

/** Every kind of page with its routes: what the table declares. */
export type RouteDefinitions<K extends PageKind = PageKind> = { readonly [Kind in K]: readonly RouteDefinition<Kind>[] };

/** A page's browser title: its name, then the practice's. */
const titledFor = (practiceName: string) => (name: string) => `${name} | ${practiceName}`;

/** The routes of the kinds the Worker holds, in sitemap order: everything but the pieces and their lists. */
function fixedDefinitions(content: WorkerContent): RouteDefinitions<FixedKind> {
  const { site, pages } = content;
  const titled = titledFor(site.practiceName);
  return {
    home: [
      {
        kind: "home",
        path: "/",
        title: `${site.practiceName} | ${site.tagline}`,
        description: pages.home.description,
        crumb: pages.home.crumb,
        section: "home",
        params: { carousel: content.latestArticles.slice(0, CAROUSEL_SIZE) },
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
    // Answers no path of its own: each private link's page is made for its request (RouteTable.booking).
    booking: [],
    // The same, for an engagement letter's link (RouteTable.engagement).
    engagement: [],
  };
}

/** `items` a page at a time: at least one page, empty when there is nothing. */
function pagesOf<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length || pages.length === 0; start += size) pages.push(items.slice(start, start + size));
  return pages;
}

/**
 * The routes of the kinds whose number grows with the writing, in sitemap order: the articles' pages and
 * lists, the news, the legal notices. Run at build only (and by tests and tools in Node): every list is cut
 * into pages of a fixed size, and each article's more reading is found in constant time.
 */
function storedDefinitions(content: SiteContent): RouteDefinitions<StoredKind> {
  const { site, pages } = content;
  const { resources } = pages;
  const titled = titledFor(site.practiceName);
  const summary = ({ html: _, ...rest }: Article): ArticleSummary => rest;
  const listed = content.articles.map(summary);
  const published = content.articles.filter(isPublished);

  const byTopic = new Map<ArticleCategory, ArticleSummary[]>(articleCategories.map((topic) => [topic, []]));
  for (const article of listed) byTopic.get(article.category)!.push(article);
  const topics: Topic[] = articleCategories
    .filter((topic) => byTopic.get(topic)!.length > 0)
    .map((topic) => ({ name: topic, path: paths.topicPage(topic), count: byTopic.get(topic)!.length }));

  /** Page `page` of the list whose pages are at `pagePaths`: "Page 2 of 9", for its heading, title, breadcrumb. */
  const pagerOf = (page: number, pagePaths: readonly string[]): Pager => ({
    page,
    paths: pagePaths,
    label: fillSlots(resources.pager.page, { page: String(page), pages: String(pagePaths.length) }),
  });
  /** A list's later pages, each a route under the list's first. */
  const laterPages = <K extends "article-list" | "news-list", T>(
    chunks: readonly T[][],
    pathOf: (page: number) => string,
    first: { readonly title: string; readonly description: string },
    route: (items: T[], pager: Pager) => Pick<RouteDefinition<K>, "kind" | "params">,
  ): RouteDefinition<K>[] => {
    const pathsOf = chunks.map((_, index) => pathOf(index + 1));
    return chunks.slice(1).map((items, index) => {
      const pager = pagerOf(index + 2, pathsOf);
      return {
        ...route(items, pager),
        path: pathsOf[pager.page - 1]!,
        title: titled(`${first.title}, ${pager.label}`),
        description: `${first.description} ${pager.label}.`,
        crumb: pager.label,
        parent: pathsOf[0]!,
        section: "resources",
      } as RouteDefinition<K>;
    });
  };

  const articlePages = pagesOf(listed, ARTICLES_PER_PAGE);
  const newsPages = content.news.length > NEWS_ON_RESOURCES ? pagesOf(content.news, NEWS_PER_PAGE) : [];
  const articleList = (
    articles: ArticleSummary[],
    pager: Pager,
    topic?: ArticleCategory,
  ): Pick<RouteDefinition<"article-list">, "kind" | "params"> => ({
    kind: "article-list",
    params: { articles, pager, topics, ...(topic ? { topic } : {}) },
  });

  // Suggested after an article: the newest others of its topic, then the newest others of any.
  const newestOf = (articles: readonly Article[]) => articles.slice(0, MORE_READING + 1);
  const newestByTopic = new Map(articleCategories.map((topic) => [topic, newestOf(published.filter((a) => a.category === topic))]));
  const newestOverall = newestOf(published);
  const moreReadingFor = (article: Article) =>
    [...new Set([...newestByTopic.get(article.category)!, ...newestOverall])]
      .filter((other) => other !== article)
      .slice(0, MORE_READING)
      .map(summary);

  return {
    resources: [
      {
        kind: "resources",
        path: paths.resources,
        title: titled(resources.title),
        description: resources.description,
        crumb: resources.crumb,
        parent: "/",
        section: "resources",
        // Upcoming pieces show as cards that are not yet clickable; drafts never reach the build.
        params: {
          articles: articlePages[0]!,
          pager: pagerOf(
            1,
            articlePages.map((_, index) => paths.articlesPage(index + 1)),
          ),
          topics,
          news: content.news.slice(0, NEWS_ON_RESOURCES),
          ...(newsPages.length > 0 ? { allNewsPath: paths.newsPage() } : {}),
        },
      },
    ],
    "article-list": [
      ...laterPages<"article-list", ArticleSummary>(articlePages, paths.articlesPage, resources, (articles, pager) =>
        articleList(articles, pager),
      ),
      ...topics.flatMap(({ name }) => {
        const chunks = pagesOf(byTopic.get(name)!, ARTICLES_PER_PAGE);
        const first = {
          title: name,
          description: fillSlots(resources.topics.description, { topic: name }),
        };
        const topicPaths = chunks.map((_, index) => paths.topicPage(name, index + 1));
        return [
          {
            ...articleList(chunks[0]!, pagerOf(1, topicPaths), name),
            path: topicPaths[0]!,
            title: titled(first.title),
            description: first.description,
            crumb: name,
            parent: paths.resources,
            section: "resources",
          } satisfies RouteDefinition<"article-list">,
          ...laterPages<"article-list", ArticleSummary>(
            chunks,
            (page) => paths.topicPage(name, page),
            first,
            (articles, pager) => articleList(articles, pager, name),
          ),
        ];
      }),
    ],
    "news-list":
      newsPages.length === 0
        ? []
        : [
            {
              kind: "news-list",
              path: paths.newsPage(),
              title: titled(resources.newsHeading),
              description: resources.newsPage.description,
              crumb: resources.newsHeading,
              parent: paths.resources,
              section: "resources",
              params: {
                news: newsPages[0]!,
                pager: pagerOf(
                  1,
                  newsPages.map((_, index) => paths.newsPage(index + 1)),
                ),
              },
            },
            ...laterPages<"news-list", NewsItem>(
              newsPages,
              paths.newsPage,
              { title: resources.newsHeading, description: resources.newsPage.description },
              (news, pager) => ({ kind: "news-list", params: { news, pager } }),
            ),
          ],
    search: [
      {
        kind: "search",
        path: paths.search,
        title: titled(resources.search.title),
        description: resources.search.description,
        crumb: resources.search.title,
        parent: paths.resources,
        section: "resources",
        params: { topics },
      },
    ],
    // Only published articles have a page; an upcoming one is a card until it is published.
    article: published.map((article) => ({
      kind: "article",
      path: article.path,
      title: titled(article.title),
      description: article.description,
      crumb: article.title,
      parent: paths.resources,
      section: "resources",
      params: { article, moreReading: moreReadingFor(article) },
    })),
    legal: content.legal.map((notice) => ({
      kind: "legal",
      path: paths.legal(notice.slug),
      title: titled(notice.title),
      description: notice.description,
      crumb: notice.title,
      parent: "/",
      params: { notice },
    })),
  };
}

export interface RouteTable<K extends PageKind = PageKind> {
  /** Every public page of these kinds, in sitemap order. */
  readonly routes: readonly RouteEntry<K>[];
  /** The page any other path shows, with status 404. */
  readonly notFound: RouteEntry<"not-found">;
  /** The routes of one kind of page. */
  readonly byKind: { readonly [Kind in K]: readonly RouteEntry<Kind>[] };
  routeByPath(path: string): RouteEntry<K> | undefined;
  /** What a request that failed shows (HTTP 500), with the reference its error was logged under. */
  serverError(reference: string): RouteEntry<"server-error">;
  /** A client's booking page, at the private link's path: never in the sitemap, never indexed. */
  booking(path: string, view: BookingView): RouteEntry<"booking">;
  /** A client's engagement page, at the private link's path: never in the sitemap, never indexed. */
  engagement(path: string, view: EngagementView): RouteEntry<"engagement">;
}

/** A table of routes: each with its breadcrumb trail, a path claimed once, the error pages beside them. */
function tableOf<K extends PageKind>(declared: RouteDefinitions<K | "not-found">, content: WorkerContent): RouteTable<K | "not-found"> {
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
    Object.entries(declared).map(([kind, routes]) => [kind, (routes as RouteDefinition[]).map((route) => entries.get(route)!)]),
  ) as unknown as RouteTable<K | "not-found">["byKind"];
  const routes = [...entries.values()].filter((route) => !(unlistedKinds as readonly PageKind[]).includes(route.kind)) as RouteEntry<K>[];
  const pathIndex = new Map(routes.map((route) => [route.path, route]));
  const { serverError } = content.pages.errors;
  const titled = titledFor(content.site.practiceName);
  return {
    routes,
    notFound: byKind["not-found"][0]!,
    byKind,
    routeByPath: (path) => pathIndex.get(path),
    serverError: (reference) => ({
      kind: "server-error",
      path: "*",
      title: titled(serverError.title),
      description: serverError.description,
      crumb: serverError.title,
      params: { reference },
      trail: [],
    }),
    booking: (path, view) => ({
      kind: "booking",
      path,
      title: titled(content.pages.booking.title),
      description: content.pages.booking.title,
      crumb: content.pages.booking.title,
      params: { view },
      trail: [],
    }),
    engagement: (path, view) => ({
      kind: "engagement",
      path,
      title: titled(content.pages.engagement.title),
      description: content.pages.engagement.title,
      crumb: content.pages.engagement.title,
      params: { view },
      trail: [],
    }),
  };
}

/** The Worker's route table: the pages it declares from its own content. The rest it reads (src/content/stored.ts). */
export const fixedRouteTableFor = (content: WorkerContent): RouteTable<FixedKind> => tableOf(fixedDefinitions(content), content);

/**
 * Every route of the site for its whole content: the one source of paths, titles, descriptions and
 * breadcrumbs. The build writes the stored kinds' routes from it; tests and tools read the site through it.
 */
export function routeTableFor(content: SiteContent): RouteTable {
  const workerContent = workerContentOf(content);
  const fixed = fixedDefinitions(workerContent);
  const stored = storedDefinitions(content);
  // In the order the sitemap lists pages.
  const { resources, "article-list": articleList, "news-list": newsList, search, article, legal } = stored;
  const { home, philosophy, attorney, services, service, contact, ...errors } = fixed;
  return tableOf(
    {
      home,
      philosophy,
      attorney,
      services,
      service,
      resources,
      "article-list": articleList,
      "news-list": newsList,
      search,
      contact,
      article,
      legal,
      ...errors,
    },
    workerContent,
  );
}
