import type { ReactNode } from "react";
import { CallToAction } from "../components/CallToAction.tsx";
import { Container } from "../components/Container.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import type { Service } from "../content/collections.ts";
import type { RouteEntry } from "../routes/table.ts";
import { keyed } from "./keyed.ts";

/** What a service's page shows of it, as plain data: the compiled service, or the entry the editor holds. */
export type ServiceViewData = Pick<Service, "title" | "intro" | "offerings" | "sections" | "formats" | "audience" | "closing">;

const sectionHeading = "font-serif text-2xl font-semibold tracking-tight md:text-3xl";

/** A service's page, entirely from its file; `route` gives the breadcrumb, `backLink` the way back to the services. */
export function ServiceView({ service, route, backLink }: { service: ServiceViewData; route?: RouteEntry; backLink?: ReactNode }) {
  return (
    <>
      <PageIntro route={route} heading={service.title} />
      <Container className="py-10 md:py-14">
        {backLink}
        <div className="mt-6 grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-16">
          <div className="space-y-14 md:space-y-16">
            <div className="max-w-prose space-y-5 text-lg leading-relaxed">
              {keyed(service.intro, String).map(({ key, item: paragraph }) => (
                <p key={key} dangerouslySetInnerHTML={{ __html: paragraph }} />
              ))}
            </div>

            <section aria-labelledby="offerings-heading">
              <h2 id="offerings-heading" className={sectionHeading}>
                {service.offerings.heading}
              </h2>
              <ul className="mt-8 grid gap-x-8 gap-y-8 sm:grid-cols-2">
                {keyed(service.offerings.items, (offering) => offering.title).map(({ key, item: offering }) => (
                  <li key={key} className="border-t-2 border-accent pt-5">
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
                  {keyed(section.paragraphs, String).map(({ key, item: paragraph }) => (
                    <p key={key} dangerouslySetInnerHTML={{ __html: paragraph }} />
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
                  {keyed(service.formats.items, String).map(({ key, item }) => (
                    <li key={key} className="rounded-lg bg-paper-deep px-5 py-4 leading-relaxed">
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
              {keyed(service.audience.items, String).map(({ key, item }) => (
                <li key={key}>{item}</li>
              ))}
            </ul>
          </section>
        </div>
      </Container>
      <CallToAction {...service.closing} />
    </>
  );
}
