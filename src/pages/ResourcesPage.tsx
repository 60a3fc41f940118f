import { ArticleCardList } from "../components/ArticleCardList.tsx";
import { CallToAction } from "../components/CallToAction.tsx";
import { Section } from "../components/Container.tsx";
import { NewsCard } from "../components/NewsCard.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { pages } from "../content/index.ts";
import type { PageProps } from "./props.ts";

/** /resources: the articles as a grid of cards (upcoming ones not yet clickable), the news list and a way to get in touch. */
export function ResourcesPage({ route }: PageProps<"resources">) {
  const { articles, news } = route.params;
  const { resources } = pages;
  return (
    <>
      <PageIntro route={route} heading={resources.heading} lead={resources.intro} />
      {/* A section with nothing in it yet is left out rather than shown empty. */}
      {articles.length > 0 && (
        <Section id="articles" heading={resources.blogHeading}>
          <ArticleCardList articles={articles} className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" />
        </Section>
      )}
      {news.length > 0 && (
        <Section id="news" heading={resources.newsHeading} tone="deep">
          <ul className="space-y-6">
            {news.map((item) => (
              <li key={item.slug}>
                <NewsCard item={item} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      <CallToAction {...resources.closing} />
    </>
  );
}
