import { ErrorNotice } from "../components/ErrorNotice.tsx";
import { pages, site } from "../content/index.ts";
import { paths } from "../routes/table.ts";
import type { PageProps } from "./props.ts";

/** What any unknown path shows (with status 404): the spec's words, a way home, and to the services, resources and contact. */
export function NotFoundPage(_props: PageProps<"not-found">) {
  const { notFound, homeLabel } = pages.errors;
  const { services, resources, contact } = site.navigation;
  const links = [
    { href: "/services", label: services },
    { href: paths.resources, label: resources },
    { href: "/contact", label: contact },
  ];
  return (
    <ErrorNotice status={404} heading={notFound.heading} homeLabel={homeLabel} links={links}>
      {notFound.text}
    </ErrorNotice>
  );
}
