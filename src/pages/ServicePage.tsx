import { BackLink } from "../components/BackLink.tsx";
import { CallToAction } from "../components/CallToAction.tsx";
import { Container } from "../components/Container.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { pages } from "../content/index.ts";
import type { PageProps } from "./props.ts";

const sectionHeading = "font-serif text-2xl font-semibold tracking-tight md:text-3xl";

/** /services/{slug}: one service's page, entirely from its file in content/services/. */
export function ServicePage({ route }: PageProps<"service">) {
  const { service } = route.params;
  const overview = route.trail.at(-2);

  return (
    <>
      <PageIntro route={route} heading={service.title} />
      <Container className="py-10 md:py-14">
        {overview && <BackLink to={overview} label={pages.services.backLinkLabel} />}
        <div className="mt-6 grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-16">
          <div className="space-y-14 md:space-y-16">
            <div className="max-w-prose space-y-5 text-lg leading-relaxed">
              {service.intro.map((paragraph) => (
                <p key={paragraph} dangerouslySetInnerHTML={{ __html: paragraph }} />
              ))}
            </div>

            <section aria-labelledby="offerings-heading">
              <h2 id="offerings-heading" className={sectionHeading}>
                {service.offerings.heading}
              </h2>
              <ul className="mt-8 grid gap-x-8 gap-y-8 sm:grid-cols-2">
                {service.offerings.items.map((offering) => (
                  <li key={offering.title} className="border-t-2 border-accent pt-5">
                    <h3 className="text-lg font-semibold">{offering.title}</h3>
                    <p className="mt-2 leading-relaxed text-muted">{offering.description}</p>
                  </li>
                ))}
              </ul>
            </section>

            {service.sections.map((section) => (
              <section key={section.id} aria-labelledby={`${section.id}-heading`}>
                <h2 id={`${section.id}-heading`} className={sectionHeading}>
                  {section.heading}
                </h2>
                <div className="mt-6 max-w-prose space-y-4 leading-relaxed">
                  {section.paragraphs.map((paragraph) => (
                    <p key={paragraph} dangerouslySetInnerHTML={{ __html: paragraph }} />
                  ))}
                </div>
              </section>
            ))}

            {service.formats && (
              <section aria-labelledby="formats-heading">
                <h2 id="formats-heading" className={sectionHeading}>
                  {service.formats.heading}
                </h2>
                <ul className="mt-6 grid gap-4 sm:grid-cols-2">
                  {service.formats.items.map((item) => (
                    <li key={item} className="rounded-lg bg-paper-deep px-5 py-4 leading-relaxed">
                      {item}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>

          <section
            aria-labelledby="audience-heading"
            className="self-start rounded-xl border border-line bg-white/60 p-6 md:p-8 lg:sticky lg:top-24"
          >
            <h2 id="audience-heading" className="font-serif text-2xl font-semibold tracking-tight">
              {service.audience.heading}
            </h2>
            <ul className="mt-5 list-disc space-y-3 pl-5 leading-relaxed marker:text-clay">
              {service.audience.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        </div>
      </Container>
      <CallToAction {...service.closing} />
    </>
  );
}
