import type { ReactNode } from "react";
import { Badge } from "../components/Badge.tsx";
import { Container } from "../components/Container.tsx";
import type { Article } from "../content/collections.ts";
import { longDate } from "../content/dates.ts";

/** What an article's page shows of it, as plain data: the page gives it from the compiled article, the editor's preview from the entry being edited. */
export interface ArticleViewData {
  readonly category: string;
  readonly title: string;
  readonly author: { readonly name: string; readonly path: string };
  /** YYYY-MM-DD; none while the editor's date is not one yet. */
  readonly date?: string;
  readonly readingMinutes: number;
  /** The body as HTML, styled for reading. */
  readonly html: string;
}

/** What the view shows of a compiled article, by its author. */
export const articleViewOf = (article: Article, author: ArticleViewData["author"]): ArticleViewData => ({
  category: article.category,
  title: article.title,
  author,
  date: article.date,
  readingMinutes: article.readingMinutes,
  html: article.html,
});

/**
 * An article: header with category, title and byline, its cover (`cover`), the body at a reading measure.
 * `top` comes before the category (the page's breadcrumb); `children` after the body (the page's call to
 * action and disclaimer).
 */
export function ArticleView({
  article,
  top,
  cover,
  children,
}: {
  article: ArticleViewData;
  top?: ReactNode;
  cover?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article className="pb-4">
      <header className="border-b border-line bg-paper-deep">
        {/* One centred column at a reading measure: the header, the cover and the text. */}
        <Container className="py-12 md:py-16">
          <div className="mx-auto max-w-measure space-y-5">
            {top}
            <Badge variant="outline">{article.category}</Badge>
            <h1 className="font-serif text-4xl font-semibold tracking-tight text-balance md:text-5xl">{article.title}</h1>
            <p className="text-muted">
              By{" "}
              <a
                href={article.author.path}
                rel="author"
                className="font-medium text-ink underline decoration-line-strong underline-offset-4 hover:text-accent"
              >
                {article.author.name}
              </a>{" "}
              {article.date ? (
                <>
                  · <time dateTime={article.date}>{longDate(article.date)}</time>
                  {" · "}
                </>
              ) : (
                "· "
              )}
              {article.readingMinutes} min read
            </p>
            {cover}
          </div>
        </Container>
      </header>
      <Container className="py-12">
        <div className="mx-auto max-w-measure space-y-5 text-[1.0625rem] md:text-lg">
          <div className="prose space-y-5" dangerouslySetInnerHTML={{ __html: article.html }} />
          {children}
        </div>
      </Container>
    </article>
  );
}
