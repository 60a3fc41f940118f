import { PageIntro } from "../components/PageIntro.tsx";
import type { RouteEntry } from "../routes/table.ts";

export function ServicePage({ route }: { route: RouteEntry; slug: string }) {
  return <PageIntro route={route} heading={route.crumb} />;
}
