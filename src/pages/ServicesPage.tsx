import { PageIntro } from "../components/PageIntro.tsx";
import type { RouteEntry } from "../routes/table.ts";

export function ServicesPage({ route }: { route: RouteEntry }) {
  return <PageIntro route={route} heading={"What We Do"} />;
}
