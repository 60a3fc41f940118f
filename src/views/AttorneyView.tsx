import type { ReactNode } from "react";
import { buttonClass } from "../components/ButtonLink.tsx";
import { CallToAction } from "../components/CallToAction.tsx";
import { Container } from "../components/Container.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { PhotoPlaceholder } from "../components/PhotoPlaceholder.tsx";
import type { AttorneyCopy } from "../content/collections.ts";
import type { RouteEntry } from "../routes/table.ts";
import { keyed } from "./keyed.ts";

/** What the attorney page shows, as plain data: the founder's name and portfolio, and the page's own words. */
export type AttorneyViewData = Pick<AttorneyCopy, "role" | "intro" | "paragraphs" | "portfolioLabel" | "photoNote" | "closing"> & {
  readonly name: string;
  readonly portfolioHref: string;
};

/** Where the view places a part it is given, by its classes. */
type Placed = (className: string) => ReactNode;

/**
 * The founder's profile: role, portrait, biography, portfolio link, credentials and a way to get in touch.
 * `photo` draws the portrait where the view places it (without one, the photo note stands in its place);
 * `credentials` draws the admissions and highlights. `route` gives the breadcrumb.
 */
export function AttorneyView({
  attorney,
  route,
  photo,
  credentials,
}: {
  attorney: AttorneyViewData;
  route?: RouteEntry;
  photo?: Placed;
  credentials: Placed;
}) {
  return (
    <>
      <PageIntro route={route} heading={attorney.name} lead={attorney.role} />

      <Container className="py-12 md:py-16">
        {/*
          One column on phones (portrait, bio, credentials; the photo note after the bio); on wide screens the
          bio left, the portrait or the note and the credentials right.
        */}
        <div className="grid gap-10 md:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] md:grid-rows-[auto_1fr] md:gap-x-14 lg:gap-x-20">
          {photo?.("h-auto w-full max-w-sm rounded-xl border border-line bg-paper-deep md:col-start-2 md:row-start-1 md:max-w-none")}
          <div className="md:col-start-1 md:row-span-2 md:row-start-1">
            <div className="max-w-prose space-y-5 text-[1.0625rem] leading-relaxed">
              <p className="font-serif text-xl leading-relaxed text-ink md:text-2xl md:leading-relaxed">{attorney.intro}</p>
              {keyed(attorney.paragraphs, String).map(({ key, item: paragraph }) => (
                <p key={key} dangerouslySetInnerHTML={{ __html: paragraph }} />
              ))}
            </div>
            <a href={attorney.portfolioHref} target="_blank" rel="noopener noreferrer" className={`${buttonClass("secondary")} mt-8`}>
              {attorney.portfolioLabel}
              <span className="sr-only"> (opens in a new tab)</span>
              <ExternalIcon />
            </a>
          </div>

          {!photo && <PhotoPlaceholder label={attorney.photoNote} className="md:col-start-2 md:row-start-1" />}

          {credentials("md:col-start-2 md:row-start-2")}
        </div>
      </Container>

      <CallToAction {...attorney.closing} href="/contact" />
    </>
  );
}

function ExternalIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M9 3h4v4M13 3 7.5 8.5M11.5 9.5V12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5.5a1 1 0 0 1 1-1h2.5" />
    </svg>
  );
}
