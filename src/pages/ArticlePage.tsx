import { ArticleCardList } from "../components/ArticleCardList.tsx";
import { Breadcrumb } from "../components/Breadcrumb.tsx";
import { ButtonLink } from "../components/ButtonLink.tsx";
import { Container } from "../components/Container.tsx";
import { DraftNotice } from "../components/DraftNotice.tsx";
import { Picture } from "../components/Picture.tsx";
import { attorneyPath, notices, pages, site } from "../content/index.ts";
import { ArticleView, articleViewOf } from "../views/ArticleView.tsx";
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
      <ArticleView
        article={articleViewOf(article, { name: site.founder.name, path: attorneyPath })}
        top={<Breadcrumb route={route} />}
        cover={
          article.cover && (
            // The page's largest element on arrival: fetched first, never lazily.
            <Picture
              picture={article.cover}
              slot="cover"
              priority
              className="mt-3 aspect-video w-full rounded-xl border border-line bg-paper object-cover"
            />
          )
        }
      >
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
      </ArticleView>
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
