import type { RouteEntry } from "../routes/table.ts";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { PageIntro } from "../components/PageIntro.tsx";

/** The screen for a route of the table. */
export function PageFor({ route }: { route: RouteEntry }) {
  switch (route.page.kind) {
    case "not-found":
      return <NotFoundPage />;
    default:
      return <PageIntro route={route} heading={route.crumb} />;
  }
}
