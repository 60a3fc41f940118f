import { Island } from "../components/Island.tsx";
import { Picture } from "../components/Picture.tsx";
import { pages, site } from "../content/index.ts";
import CredentialsAccordion from "../islands/CredentialsAccordion.tsx";
import { AttorneyView } from "../views/AttorneyView.tsx";
import type { PageProps } from "./props.ts";

/** The founder's profile (/about/{slug}); without a portrait in content/, the photo note stands in its place. */
export function AttorneyPage({ route }: PageProps<"attorney">) {
  const { attorney } = pages;
  const { photo } = attorney;
  return (
    <AttorneyView
      attorney={{ ...attorney, name: site.founder.name, portfolioHref: site.links.portfolio.href }}
      route={route}
      photo={
        photo &&
        ((className) => (
          // The page's largest element at every width (on phones it spans the column above the biography):
          // fetched first, never lazily.
          <Picture picture={photo} slot="portrait" priority className={className} />
        ))
      }
      credentials={(className) => (
        <Island
          name="credentials-accordion"
          component={CredentialsAccordion}
          className={className}
          props={{ admissions: attorney.admissions, highlights: attorney.careerHighlights, defaultOpen: "admissions" }}
        />
      )}
    />
  );
}
