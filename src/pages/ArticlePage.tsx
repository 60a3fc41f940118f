import { ArticleCardList } from "../components/ArticleCardList.tsx";
import { Badge } from "../components/Badge.tsx";
import { Breadcrumb } from "../components/Breadcrumb.tsx";
import { ButtonLink } from "../components/ButtonLink.tsx";
import { Container } from "../components/Container.tsx";
import { DraftNotice } from "../components/DraftNotice.tsx";
import { Picture } from "../components/Picture.tsx";
import { longDate } from "../content/dates.ts";
import { attorneyPath, notices, pages, site } from "../content/index.ts";
import type { PageProps } from "./props.ts";

/**
 * A long-form article: header with byline and date, its cover, the body at a reading measure, a call to
 * action, the disclaimer, more reading.
 */
export function ArticlePage({ route }: PageProps<"article">) {
  const { article, moreReading } = route.params;
  const { closing, disclaimerLabel, moreHeading } = pages.articleEnd;
  return (
    <>
      {article.previewDraft && <DraftNotice />}
      <article className="pb-4">
        <header className="border-b border-line bg-paper-deep">
          {/* One centred column at a reading measure: the header, the cover and the text. */}
          <Container className="py-12 md:py-16">
            <div className="mx-auto max-w-measure space-y-5">
              <Breadcrumb route={route} />
              <Badge variant="outline">{article.category}</Badge>
              <h1 className="font-serif text-4xl font-semibold tracking-tight text-balance md:text-5xl">{article.title}</h1>
              <p className="text-muted">
                By{" "}
                <a
                  href={attorneyPath}
                  rel="author"
                  className="font-medium text-ink underline decoration-line-strong underline-offset-4 hover:text-accent"
                >
                  {site.founder.name}
                </a>{" "}
                · <time dateTime={article.date}>{longDate(article.date)}</time> · {article.readingMinutes} min read
              </p>
              {article.cover && (
                // The page's largest element on arrival: fetched first, never lazily.
                <Picture
                  picture={article.cover}
                  slot="cover"
                  priority
                  className="mt-3 aspect-video w-full rounded-xl border border-line bg-paper object-cover"
                />
              )}
            </div>
          </Container>
        </header>
        <Container className="py-12">
          <div className="mx-auto max-w-measure space-y-5 text-[1.0625rem] md:text-lg">
            {/* The article's body, compiled from its Markdown file at build time (build/content). */}
            <div className="prose space-y-5" dangerouslySetInnerHTML={{ __html: article.html }} />
            <aside aria-label="Work with us" className="focus-ring-inverse mt-10 rounded-xl bg-accent p-8 text-paper">
              <p className="font-serif text-2xl font-semibold">{closing.heading}</p>
              <p className="mt-2 leading-relaxed text-paper/85">{closing.text}</p>
              <div className="mt-5">
                <ButtonLink href="/contact" variant="inverse">
                  {closing.label}
                </ButtonLink>
              </div>
            </aside>
            <footer className="mt-10 border-t border-line pt-6 text-sm leading-relaxed text-muted">
              <p>
                <strong className="font-semibold text-ink">{disclaimerLabel}</strong> {notices.notLegalAdvice}
              </p>
            </footer>
          </div>
        </Container>
      </article>
      {moreReading.length > 0 && (
        <section aria-labelledby="more-reading" className="border-t border-line bg-paper-deep">
          <Container className="py-14">
            <h2 id="more-reading" className="font-serif text-2xl font-semibold tracking-tight">
              {moreHeading}
            </h2>
            <ArticleCardList articles={moreReading} className="mt-8 grid gap-6 md:grid-cols-2" />
          </Container>
        </section>
      )}
    </>
  );
}
