import { ErrorNotice } from "../components/ErrorNotice.tsx";
import { pages, site } from "../content/index.ts";
import type { PageProps } from "./props.ts";

/** What a visitor sees when the site fails to answer: an apology, a way on, and the reference to quote. */
export function ServerErrorPage({ route }: PageProps<"server-error">) {
  const { reference } = route.params;
  // The practice's address, where the text names it, is a link to write to it.
  const [before, ...after] = pages.errors.serverError.text.split(site.email);
  return (
    <ErrorNotice status={500} heading={pages.errors.serverError.heading} homeLabel={pages.errors.homeLabel}>
      {before}
      {after.length > 0 && (
        <a href={`mailto:${site.email}`} className="text-accent underline underline-offset-4">
          {site.email}
        </a>
      )}
      {after.join(site.email)} <strong className="font-mono text-ink">{reference}</strong>.
    </ErrorNotice>
  );
}
