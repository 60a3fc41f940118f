import type { RouteEntry } from "../routes/table.ts";
import { ArticlePage } from "./ArticlePage.tsx";
import { AttorneyPage } from "./AttorneyPage.tsx";
import { ContactPage } from "./ContactPage.tsx";
import { HomePage } from "./HomePage.tsx";
import { LegalPage } from "./LegalPage.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { PhilosophyPage } from "./PhilosophyPage.tsx";
import { ResourcesPage } from "./ResourcesPage.tsx";
import { ServerErrorPage } from "./ServerErrorPage.tsx";
import { ServicePage } from "./ServicePage.tsx";
import { ServicesPage } from "./ServicesPage.tsx";

/** The screen for a route of the table. */
export function PageFor({ route }: { route: RouteEntry }) {
  const page = route.page;
  switch (page.kind) {
    case "home":
      return <HomePage route={route} />;
    case "philosophy":
      return <PhilosophyPage route={route} />;
    case "attorney":
      return <AttorneyPage route={route} />;
    case "services":
      return <ServicesPage route={route} />;
    case "service":
      return <ServicePage route={route} slug={page.slug} />;
    case "resources":
      return <ResourcesPage route={route} />;
    case "contact":
      return <ContactPage route={route} />;
    case "article":
      return <ArticlePage route={route} slug={page.slug} />;
    case "legal":
      return <LegalPage route={route} notice={page.notice} />;
    case "not-found":
      return <NotFoundPage />;
    case "server-error":
      return <ServerErrorPage reference={page.reference} />;
  }
}
