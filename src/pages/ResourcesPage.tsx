import { ArticleCard } from "../components/ArticleCard.tsx";
import { CallToAction } from "../components/CallToAction.tsx";
import { Section } from "../components/Container.tsx";
import { NewsCard } from "../components/NewsCard.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { articles } from "../content/articles/index.ts";
import { resources } from "../content/resources.ts";
import type { RouteEntry } from "../routes/table.ts";

/** /resources: the articles as a grid of cards, the news list and a way to get in touch. */
export function ResourcesPage({ route }: { route: RouteEntry }) {
  return (
    <>
      <PageIntro route={route} heading={resources.heading} lead={resources.intro} />
      <Section id="articles" heading={resources.blogHeading}>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {articles.map((article) => (
            <li key={article.slug}>
              <ArticleCard article={article} date={article.publishedLabel} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="news" heading={resources.newsHeading} tone="deep">
        <ul className="space-y-6">
          {resources.news.map((item) => (
            <li key={item.title}>
              <NewsCard item={item} />
            </li>
          ))}
        </ul>
      </Section>
      <CallToAction heading={resources.stayUpdated.heading} text={resources.stayUpdated.text} label={resources.stayUpdated.label} />
    </>
  );
}
