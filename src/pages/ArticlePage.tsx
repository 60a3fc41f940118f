import { ArticleCard } from "../components/ArticleCard.tsx";
import { Badge } from "../components/Badge.tsx";
import { Blocks } from "../components/Blocks.tsx";
import { Breadcrumb } from "../components/Breadcrumb.tsx";
import { ButtonLink } from "../components/ButtonLink.tsx";
import { Container } from "../components/Container.tsx";
import { articleBodies } from "../content/articles/bodies.ts";
import { articleClosing } from "../content/articles/closing.ts";
import { articleBySlug, articles } from "../content/articles/index.ts";
import { readingMinutes } from "../content/blocks.ts";
import { notLegalAdviceNotice } from "../content/legal/notices.ts";
import { attorneyPath, site } from "../content/site.ts";
import type { RouteEntry } from "../routes/table.ts";

/** A long-form article: header with byline and date, body, a call to action, the disclaimer, more reading. */
export function ArticlePage({ route, slug }: { route: RouteEntry; slug: string }) {
  const article = articleBySlug(slug);
  const body = articleBodies[slug];
  if (!article || !body) throw new Error(`no article "${slug}"`);
  const others = articles.filter((other) => other.slug !== slug);
  return (
    <>
      <article className="pb-4">
        <header className="border-b border-line bg-paper-deep">
          <Container className="max-w-3xl space-y-5 py-12 md:py-16">
            <Breadcrumb route={route} />
            <Badge variant="outline">{article.category}</Badge>
            <h1 className="font-serif text-4xl font-semibold tracking-tight text-balance md:text-5xl">{article.title}</h1>
            <p className="text-muted">
              By{" "}
              <a href={attorneyPath} rel="author" className="font-medium text-ink underline decoration-line-strong underline-offset-4 hover:text-accent">
                {site.founder.name}
              </a>{" "}
              · <time dateTime={article.publishedIso}>{article.publishedLabel}</time> · {readingMinutes(body)} min read
            </p>
          </Container>
        </header>
        <Container className="max-w-3xl space-y-5 py-12 text-[1.075rem]">
          <Blocks blocks={body} />
          <aside aria-label="Work with us" className="focus-ring-inverse mt-10 rounded-xl bg-accent p-8 text-paper">
            <p className="font-serif text-2xl font-semibold">{articleClosing.heading}</p>
            <p className="mt-2 leading-relaxed text-paper/85">{articleClosing.text}</p>
            <div className="mt-5">
              <ButtonLink href="/contact" variant="inverse">
                {articleClosing.label}
              </ButtonLink>
            </div>
          </aside>
          <footer className="mt-10 border-t border-line pt-6 text-sm leading-relaxed text-muted">
            <p>
              <strong className="font-semibold text-ink">{articleClosing.disclaimerLabel}</strong> {notLegalAdviceNotice}
            </p>
          </footer>
        </Container>
      </article>
      <section aria-labelledby="more-reading" className="border-t border-line bg-paper-deep">
        <Container className="py-14">
          <h2 id="more-reading" className="font-serif text-2xl font-semibold tracking-tight">
            {articleClosing.moreHeading}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {others.map((other) => (
              <li key={other.slug}>
                <ArticleCard article={other} date={other.publishedLabel} />
              </li>
            ))}
          </ul>
        </Container>
      </section>
    </>
  );
}
