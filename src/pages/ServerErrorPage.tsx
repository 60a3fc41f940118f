import { ErrorNotice } from "../components/ErrorNotice.tsx";
import { site } from "../content/site.ts";
import type { PageProps } from "./props.ts";

/** What a visitor sees when the site fails to answer: an apology, a way on, and the reference to quote. */
export function ServerErrorPage({ route }: PageProps<"server-error">) {
  const { reference } = route.params;
  return (
    <ErrorNotice status={500} heading="Something went wrong">
      This page could not be shown because of a problem on our side. Please try again in a moment. If it keeps happening, write to{" "}
      <a href={`mailto:${site.email}`} className="text-accent underline underline-offset-4">
        {site.email}
      </a>{" "}
      and mention this reference: <strong className="font-mono text-ink">{reference}</strong>.
    </ErrorNotice>
  );
}
