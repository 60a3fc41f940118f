import { PageIntro } from "../components/PageIntro.tsx";
import type { RouteEntry } from "../routes/table.ts";

export function HomePage({ route }: { route: RouteEntry }) {
  return <PageIntro route={route} heading={"Protect What You Create"} />;
}
