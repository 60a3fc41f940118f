import { PageIntro } from "../components/PageIntro.tsx";
import type { RouteEntry } from "../routes/table.ts";

export function AttorneyPage({ route }: { route: RouteEntry }) {
  return <PageIntro route={route} heading={route.crumb} />;
}
