import type { ComponentType, ReactElement } from "react";
import type { PageKind, RouteEntry } from "../routes/table.ts";
import { NotFoundPage } from "./NotFoundPage.tsx";
import type { PageProps, PageRequest } from "./props.ts";
import { ServerErrorPage } from "./ServerErrorPage.tsx";

/** Loads the component that renders one kind of page. */
type PageLoader<K extends PageKind> = () => Promise<ComponentType<PageProps<K>>>;

/**
 * Every kind of page and how to load its component: exactly the kinds of the route table. Each page is a
 * chunk of its own, which an isolate compiles when it first renders that kind of page: a new isolate starts
 * with the shared document alone, and one that serves only articles never compiles the contact form. The
 * error pages are built in, because they must answer whatever else has failed.
 */
export type PageRegistry = { readonly [K in PageKind]: PageLoader<K> };

export const pages: PageRegistry = {
  home: () => import("./HomePage.tsx").then((page) => page.HomePage),
  philosophy: () => import("./PhilosophyPage.tsx").then((page) => page.PhilosophyPage),
  attorney: () => import("./AttorneyPage.tsx").then((page) => page.AttorneyPage),
  services: () => import("./ServicesPage.tsx").then((page) => page.ServicesPage),
  service: () => import("./ServicePage.tsx").then((page) => page.ServicePage),
  resources: () => import("./ResourcesPage.tsx").then((page) => page.ResourcesPage),
  "article-list": () => import("./ArticleListPage.tsx").then((page) => page.ArticleListPage),
  "news-list": () => import("./NewsListPage.tsx").then((page) => page.NewsListPage),
  search: () => import("./SearchPage.tsx").then((page) => page.SearchPage),
  contact: () => import("./ContactPage.tsx").then((page) => page.ContactPage),
  article: () => import("./ArticlePage.tsx").then((page) => page.ArticlePage),
  legal: () => import("./LegalPage.tsx").then((page) => page.LegalPage),
  "not-found": async () => NotFoundPage,
  "server-error": async () => ServerErrorPage,
  booking: () => import("./BookingPage.tsx").then((page) => page.BookingPage),
  engagement: () => import("./EngagementPage.tsx").then((page) => page.EngagementPage),
};

/**
 * The kinds of page that hold the article search, whose index runs as WebAssembly: only their
 * Content-Security-Policy allows it (src/worker/middleware/security-headers.ts).
 */
export const searchingPages: ReadonlySet<PageKind> = new Set(["resources", "search"]);

/** The screen for a route of the table, given what the renderer knows of the request. */
export async function pageFor(route: RouteEntry, request: PageRequest): Promise<ReactElement> {
  // The registry's type pairs each kind with its page; TypeScript cannot follow that through a union.
  const Page = (await pages[route.kind]()) as ComponentType<PageProps<PageKind>>;
  return <Page route={route} request={request} />;
}
