import { ArticleCardList } from "../components/ArticleCardList.tsx";
import { CallToAction } from "../components/CallToAction.tsx";
import { Container } from "../components/Container.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { Pager } from "../components/Pager.tsx";
import { TopicLinks } from "../components/TopicLinks.tsx";
import { pages } from "../content/index.ts";
import { fillSlots } from "../content/slots.ts";
import type { PageProps } from "./props.ts";

/** A later page of the articles (/resources/page/2…), or a topic's articles (/resources/category/…). */
export function ArticleListPage({ route }: PageProps<"article-list">) {
  const { articles, pager, topics, topic } = route.params;
  const { resources } = pages;
  const pageLabel = pager.page > 1 ? pager.label : undefined;
  const heading = topic ?? resources.heading;
  const topicCount = topics.find((listed) => listed.name === topic)?.count;
  return (
    <>
      <PageIntro
        route={route}
        heading={pageLabel ? `${heading}: ${pageLabel}` : heading}
        lead={topic ? fillSlots(topicCount === 1 ? resources.topics.introOne : resources.topics.intro, { topic }) : resources.intro}
      />
      <Container className="space-y-8 py-14 md:py-20">
        <TopicLinks topics={topics} current={topic ?? "all"} />
        <ArticleCardList articles={articles} headingLevel={2} className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" />
        <Pager pager={pager} />
      </Container>
      <CallToAction {...resources.closing} />
    </>
  );
}
