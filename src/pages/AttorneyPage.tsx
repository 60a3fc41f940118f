import { buttonClass } from "../components/ButtonLink.tsx";
import { CallToAction } from "../components/CallToAction.tsx";
import { Container } from "../components/Container.tsx";
import { Island } from "../components/Island.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { PhotoPlaceholder } from "../components/PhotoPlaceholder.tsx";
import { Picture } from "../components/Picture.tsx";
import { pages, site } from "../content/index.ts";
import CredentialsAccordion from "../islands/CredentialsAccordion.tsx";
import type { PageProps } from "./props.ts";

/**
 * The founder's profile (/about/{slug}): role, portrait, bio, portfolio link, credentials and a way to get in
 * touch. Without a portrait in content/, the photo note stands in its place.
 */
export function AttorneyPage({ route }: PageProps<"attorney">) {
  const { attorney } = pages;
  const { photo } = attorney;
  return (
    <>
      <PageIntro route={route} heading={site.founder.name} lead={attorney.role} />

      <Container className="py-12 md:py-16">
        {/*
          One column on phones (portrait, bio, credentials; the photo note after the bio); on wide screens the
          bio left, the portrait or the note and the credentials right.
        */}
        <div className="grid gap-10 md:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] md:grid-rows-[auto_1fr] md:gap-x-14 lg:gap-x-20">
          {photo && (
            // The page's largest element on wide screens: fetched first there, never lazily. On phones it is
            // small beside the text, which is what the reader waits for.
            <Picture
              picture={photo}
              slot="portrait"
              priority={{ from: "(min-width: 48rem)" }}
              className="h-auto w-2/5 max-w-40 rounded-xl border border-line bg-paper-deep md:col-start-2 md:row-start-1 md:w-full md:max-w-none"
            />
          )}
          <div className="md:col-start-1 md:row-span-2 md:row-start-1">
            <div className="max-w-prose space-y-5 text-[1.0625rem] leading-relaxed">
              <p className="font-serif text-xl leading-relaxed text-ink md:text-2xl md:leading-relaxed">{attorney.intro}</p>
              {attorney.paragraphs.map((paragraph) => (
                <p key={paragraph} dangerouslySetInnerHTML={{ __html: paragraph }} />
              ))}
            </div>
            <a href={site.links.portfolio.href} target="_blank" rel="noopener noreferrer" className={`${buttonClass("secondary")} mt-8`}>
              {attorney.portfolioLabel}
              <span className="sr-only"> (opens in a new tab)</span>
              <ExternalIcon />
            </a>
          </div>

          {!photo && <PhotoPlaceholder label={attorney.photoNote} className="md:col-start-2 md:row-start-1" />}

          <Island
            name="credentials-accordion"
            component={CredentialsAccordion}
            className="md:col-start-2 md:row-start-2"
            props={{
              admissions: attorney.admissions,
              highlights: attorney.careerHighlights,
              defaultOpen: "admissions",
            }}
          />
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
