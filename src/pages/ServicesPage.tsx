import { CallToAction } from "../components/CallToAction.tsx";
import { Container } from "../components/Container.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { ServiceCard } from "../components/ServiceCard.tsx";
import { pages, services } from "../content/index.ts";
import type { PageProps } from "./props.ts";

/** /services: what the practice does, one card per service, and a way to start when unsure which. */
export function ServicesPage({ route }: PageProps<"services">) {
  const overview = pages.services;
  return (
    <>
      <PageIntro route={route} heading={overview.heading} lead={overview.intro} />
      <Container className="py-14 md:py-20">
        <ul className="grid gap-6 md:grid-cols-2 lg:gap-8">
          {services.map((service) => (
            <li key={service.slug}>
              <ServiceCard
                title={service.cardTitle}
                description={service.cardDescription}
                href={service.path}
                linkLabel={overview.cardLinkLabel}
              />
            </li>
          ))}
        </ul>
      </Container>
      <CallToAction {...overview.closing} />
    </>
  );
}
