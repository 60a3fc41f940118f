import { type ComponentType, useContext } from "react";
import type { PageKind, RouteEntry } from "../routes/table.ts";
import { ArticlePage } from "./ArticlePage.tsx";
import { AttorneyPage } from "./AttorneyPage.tsx";
import { ContactPage } from "./ContactPage.tsx";
import { HomePage } from "./HomePage.tsx";
import { LegalPage } from "./LegalPage.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { PhilosophyPage } from "./PhilosophyPage.tsx";
import { type PageProps, PageRequestContext } from "./props.ts";
import { ResourcesPage } from "./ResourcesPage.tsx";
import { ServerErrorPage } from "./ServerErrorPage.tsx";
import { ServicePage } from "./ServicePage.tsx";
import { ServicesPage } from "./ServicesPage.tsx";

/** Every kind of page and the component that renders it: exactly the kinds of the route table. */
export type PageRegistry = { readonly [K in PageKind]: ComponentType<PageProps<K>> };

export const pages: PageRegistry = {
  home: HomePage,
  philosophy: PhilosophyPage,
  attorney: AttorneyPage,
  services: ServicesPage,
  service: ServicePage,
  resources: ResourcesPage,
  contact: ContactPage,
  article: ArticlePage,
  legal: LegalPage,
  "not-found": NotFoundPage,
  "server-error": ServerErrorPage,
};

/** The screen for a route of the table, given what the renderer knows of the request. */
export function PageFor({ route }: { route: RouteEntry }) {
  const request = useContext(PageRequestContext);
  // The registry's type pairs each kind with its page; TypeScript cannot follow that through a union.
  const Page = pages[route.kind] as ComponentType<PageProps<PageKind>>;
  return <Page route={route} request={request} />;
}
