import { PageIntro } from "../components/PageIntro.tsx";
import type { RouteEntry } from "../routes/table.ts";

export function ContactPage({ route }: { route: RouteEntry }) {
  return <PageIntro route={route} heading={"Let's connect."} />;
}
