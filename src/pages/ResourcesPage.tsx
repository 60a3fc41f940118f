import { PageIntro } from "../components/PageIntro.tsx";
import type { RouteEntry } from "../routes/table.ts";

export function ResourcesPage({ route }: { route: RouteEntry }) {
  return <PageIntro route={route} heading={"Resources & Insights"} />;
}
