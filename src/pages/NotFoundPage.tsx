import { ErrorNotice } from "../components/ErrorNotice.tsx";
import { pages } from "../content/index.ts";
import type { PageProps } from "./props.ts";

/** What any unknown path shows (with status 404): the spec's words and a way home. */
export function NotFoundPage(_props: PageProps<"not-found">) {
  const { notFound, homeLabel } = pages.errors;
  return (
    <ErrorNotice status={404} heading={notFound.heading} homeLabel={homeLabel}>
      {notFound.text}
    </ErrorNotice>
  );
}
