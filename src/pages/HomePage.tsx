import { ButtonLink } from "../components/ButtonLink.tsx";
import { CallToAction } from "../components/CallToAction.tsx";
import { Container, Section } from "../components/Container.tsx";
import { HeroArt } from "../components/HeroArt.tsx";
import { Island } from "../components/Island.tsx";
import type { LatestArticle } from "../content/collections.ts";
import { monthAndYear } from "../content/dates.ts";
import { attorneyPath, pages } from "../content/index.ts";
import ArticleCarousel, { type CarouselArticle } from "../islands/ArticleCarousel.tsx";
import type { PageProps } from "./props.ts";

/** A carousel card, trimmed to what it shows: the island's props are written into the page. */
const carouselCard = ({ slug, path, title, excerpt, category, date, status, previewDraft, cover }: LatestArticle): CarouselArticle => ({
  slug,
  path,
  title,
  excerpt,
  category,
  date,
  status,
  dateLabel: monthAndYear(date),
  ...(previewDraft ? { previewDraft } : {}),
  ...(cover ? { cover } : {}),
});

/** Home (/): hero, what the practice does, the newest articles in a carousel and the closing call to action. */
export function HomePage({ route }: PageProps<"home">) {
  const { hero, intro, insights, closing, paragraphs } = pages.home;
  return (
    <>
      <section aria-labelledby="home-hero-heading" className="relative overflow-hidden border-b border-line">
        <Container className="grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-12 lg:py-28">
          <div className="lg:col-span-7">
            <p className="text-sm font-semibold tracking-[0.16em] text-clay uppercase">{hero.eyebrow}</p>
            <h1
              id="home-hero-heading"
              className="mt-5 font-serif text-[clamp(2.5rem,7vw+1rem,4.75rem)] leading-[1.04] font-semibold tracking-tight text-balance"
            >
              {hero.headline}
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted md:text-xl">{hero.text}</p>
            <div className="mt-9 flex flex-wrap gap-3">
              <ButtonLink href="/contact">{hero.primaryLabel}</ButtonLink>
              <ButtonLink href="/services" variant="secondary">
                {hero.secondaryLabel}
              </ButtonLink>
            </div>
          </div>
          <HeroArt className="hidden lg:col-span-5 lg:block" />
        </Container>
      </section>

      <section aria-labelledby="home-intro-heading">
        <Container className="grid gap-8 py-16 md:py-24 lg:grid-cols-12 lg:gap-16">
          <div className="lg:col-span-5">
            <span aria-hidden="true" className="block h-px w-16 bg-clay" />
            <h2 id="home-intro-heading" className="mt-6 font-serif text-3xl font-semibold tracking-tight text-balance md:text-4xl">
              {intro.heading}
            </h2>
          </div>
          <div className="lg:col-span-7">
            <div className="space-y-5 text-lg leading-relaxed">
              {paragraphs.map((paragraph) => (
                <p key={paragraph} dangerouslySetInnerHTML={{ __html: paragraph }} />
              ))}
            </div>
            <div className="mt-9 flex flex-wrap gap-3">
              <ButtonLink href="/about" variant="secondary">
                {intro.philosophyLabel}
              </ButtonLink>
              <ButtonLink href={attorneyPath} variant="secondary">
                {intro.attorneyLabel}
              </ButtonLink>
            </div>
          </div>
        </Container>
      </section>

      {route.params.carousel.length > 0 && (
        <Section id="home-insights" heading={insights.heading} lead={insights.text} tone="deep">
          <Island name="article-carousel" component={ArticleCarousel} props={{ articles: route.params.carousel.map(carouselCard) }} />
          <div className="mt-8">
            <ButtonLink href="/resources">{insights.viewAllLabel}</ButtonLink>
          </div>
        </Section>
      )}

      <CallToAction heading={closing.heading} text={closing.text} label={closing.label} href="/contact" />
    </>
  );
}
