import { ArticleCardList } from "../components/ArticleCardList.tsx";
import { ButtonLink } from "../components/ButtonLink.tsx";
import { CallToAction } from "../components/CallToAction.tsx";
import { Section } from "../components/Container.tsx";
import { Island } from "../components/Island.tsx";
import { NewsList } from "../components/NewsList.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { Pager } from "../components/Pager.tsx";
import { TopicLinks } from "../components/TopicLinks.tsx";
import { pages } from "../content/index.ts";
import { SEARCH_INDEX_SCRIPT } from "../content/stored-keys.ts";
import ArticleSearch from "../islands/ArticleSearch.tsx";
import { paths } from "../routes/table.ts";
import type { PageProps } from "./props.ts";

/** The search form's words, as its island receives them. */
export const searchCopy = () => {
  const { title: _title, description: _description, ...copy } = pages.resources.search;
  return copy;
};

/**
 * /resources: the search, the topics, the newest articles as a grid of cards (upcoming ones not yet
 * clickable) with the pages of older ones after it, the newest news with a link to the rest, and a way to get
 * in touch.
 */
export function ResourcesPage({ route }: PageProps<"resources">) {
  const { articles, pager, topics, news, allNewsPath } = route.params;
  const { resources } = pages;
  return (
    <>
      <PageIntro route={route} heading={resources.heading} lead={resources.intro} />
      {/* A section with nothing in it yet is left out rather than shown empty. */}
      {articles.length > 0 && (
        <Section id="articles" heading={resources.blogHeading}>
          <div className="space-y-8">
            <Island
              className="block"
              name="article-search"
              component={ArticleSearch}
              props={{ copy: searchCopy(), action: paths.search, index: SEARCH_INDEX_SCRIPT, headingLevel: 3 }}
            />
            <TopicLinks topics={topics} current="all" />
            <ArticleCardList articles={articles} className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" />
          </div>
          <Pager pager={pager} />
        </Section>
      )}
      {news.length > 0 && (
        <Section id="news" heading={resources.newsHeading} tone="deep">
          <NewsList news={news} />
          {allNewsPath && (
            <div className="mt-8">
              <ButtonLink href={allNewsPath} variant="secondary">
                {resources.newsPage.allLabel}
              </ButtonLink>
            </div>
          )}
        </Section>
      )}
      <CallToAction {...resources.closing} />
    </>
  );
}
