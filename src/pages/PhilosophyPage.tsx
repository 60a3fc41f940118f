import { ButtonLink } from "../components/ButtonLink.tsx";
import { Container } from "../components/Container.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { attorneyPath, pages } from "../content/index.ts";
import type { PageProps } from "./props.ts";

/** The philosophy page (/about): the three values, the practice's story, the founder's quote and a way to meet them. */
export function PhilosophyPage({ route }: PageProps<"philosophy">) {
  const { philosophy } = pages;
  return (
    <>
      <PageIntro route={route} heading={philosophy.heading} lead={philosophy.intro} />

      <Container className="py-14 md:py-20">
        <ul className="grid gap-5 md:grid-cols-3 lg:gap-8">
          {philosophy.values.map((value, index) => (
            <li key={value.title} className="flex flex-col rounded-xl border border-line bg-white/60 p-6 lg:p-8">
              <span aria-hidden="true" className="font-serif text-sm font-semibold tracking-widest text-clay tabular-nums">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h2 className="mt-3 font-serif text-2xl font-semibold tracking-tight">{value.title}</h2>
              <p className="mt-3 leading-relaxed text-muted">{value.description}</p>
            </li>
          ))}
        </ul>
      </Container>

      <section aria-labelledby="story-heading" className="border-t border-line">
        <Container className="grid gap-8 py-14 md:py-20 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-14">
          <h2
            id="story-heading"
            className="font-serif text-3xl font-semibold tracking-tight text-balance md:text-4xl lg:sticky lg:top-28 lg:self-start"
          >
            {philosophy.story.heading}
          </h2>
          <div className="max-w-prose space-y-5 text-[1.0625rem] leading-relaxed">
            {philosophy.paragraphs.map((paragraph) => (
              <p key={paragraph} dangerouslySetInnerHTML={{ __html: paragraph }} />
            ))}
          </div>
        </Container>
      </section>

      <div className="bg-paper-deep">
        <Container className="py-14 md:py-20">
          <figure className="mx-auto max-w-3xl text-center">
            <span aria-hidden="true" className="block h-10 font-serif text-7xl leading-none text-clay">
              &ldquo;
            </span>
            <blockquote className="font-serif text-2xl leading-snug text-balance italic md:text-3xl md:leading-snug">
              <p>{philosophy.quote.text}</p>
            </blockquote>
            <figcaption className="mt-6 text-sm font-medium tracking-widest text-muted uppercase">— {philosophy.quote.cite}</figcaption>
          </figure>
          <div className="mt-10 flex justify-center">
            <ButtonLink href={attorneyPath}>{philosophy.profileButtonLabel}</ButtonLink>
          </div>
        </Container>
      </div>
    </>
  );
}
