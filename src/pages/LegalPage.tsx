import { PageIntro } from "../components/PageIntro.tsx";
import type { RouteEntry } from "../routes/table.ts";

export function LegalPage({ route }: { route: RouteEntry; notice: string }) {
  return <PageIntro route={route} heading={route.crumb} />;
}
