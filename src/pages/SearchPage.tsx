import { Container } from "../components/Container.tsx";
import { Island } from "../components/Island.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { TopicLinks } from "../components/TopicLinks.tsx";
import { pages } from "../content/index.ts";
import { SEARCH_INDEX_SCRIPT } from "../content/stored-keys.ts";
import ArticleSearch from "../islands/ArticleSearch.tsx";
import { searchCopy } from "./ResourcesPage.tsx";
import type { PageProps } from "./props.ts";

/**
 * /resources/search?q=…: what a search sent without JavaScript (or before the form was live) found in the
 * articles' titles and summaries, under the same search form, and the topics. Where JavaScript runs, the form
 * goes live at once and searches every word of every article for the same query.
 */
export function SearchPage({ route, request }: PageProps<"search">) {
  const { search } = pages.resources;
  return (
    <>
      <PageIntro route={route} heading={search.title} />
      <Container className="space-y-10 py-14 md:py-20">
        <Island
          name="article-search"
          component={ArticleSearch}
          // A search sent before the form was live: with JavaScript, the whole text is searched at once.
          trigger={request.search ? "load" : undefined}
          props={{
            copy: searchCopy(),
            action: route.path,
            index: SEARCH_INDEX_SCRIPT,
            headingLevel: 2,
            ...(request.search ? { initial: request.search } : {}),
          }}
        />
        <TopicLinks topics={route.params.topics} />
      </Container>
    </>
  );
}
