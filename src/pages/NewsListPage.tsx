import { Container } from "../components/Container.tsx";
import { NewsList } from "../components/NewsList.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { Pager } from "../components/Pager.tsx";
import { pages } from "../content/index.ts";
import type { PageProps } from "./props.ts";

/** Every news item, newest first, a page at a time (/resources/news, /resources/news/page/2…). */
export function NewsListPage({ route }: PageProps<"news-list">) {
  const { news, pager } = route.params;
  const { resources } = pages;
  const pageLabel = pager.page > 1 ? pager.label : undefined;
  return (
    <>
      <PageIntro
        route={route}
        heading={pageLabel ? `${resources.newsHeading}: ${pageLabel}` : resources.newsHeading}
        lead={resources.newsPage.intro}
      />
      <Container className="py-14 md:py-20">
        <NewsList news={news} headingLevel={2} />
        <Pager pager={pager} />
      </Container>
    </>
  );
}
