/**
 * Content files added to a temporary copy of content/ for the "one file in, everywhere it belongs" test
 * (./surfaces.test.ts, run by the `content-fixture` project of vitest.config.ts). Plain data, read both by
 * the config (which writes the copy) and by the test inside workerd.
 */
export const fixture = {
  published: {
    slug: "fixture-guide-to-commissions",
    title: "A Fixture Guide to Commissions",
    description: "A published article that exists only in the test's copy of content/, to show that one file puts it on every page.",
    date: "2026-11-20",
    updated: "2026-11-21",
  },
  upcoming: { slug: "fixture-coming-next", title: "A Fixture Coming Next" },
  draft: { slug: "fixture-unfinished-draft", title: "A Fixture Unfinished Draft" },
  news: { slug: "fixture-workshop-announced", title: "Fixture Workshop Announced", link: "/contact" },
  draftNews: { slug: "fixture-draft-news", title: "Fixture Draft News" },
} as const;

/** Words enough for three minutes of reading, so the reading time is checked against the body. */
const paragraph =
  "A commission is a promise in two directions: the artist promises a work, the client promises to pay for it and to give the artist what the work needs. Writing both promises down, with dates, keeps the project friendly when plans change.";

export const fixtureFiles: Readonly<Record<string, string>> = {
  [`articles/${fixture.published.slug}.md`]: `---
title: "${fixture.published.title}"
description: "${fixture.published.description}"
category: Contracts
date: ${fixture.published.date}
updated: ${fixture.published.updated}
status: published
---

${Array.from({ length: 15 }, () => paragraph).join("\n\n")}

## What to Agree First

Agree on the scope, the fee and the schedule. [Get in touch](/contact) or read the
[Copyright Office's guidance](https://www.copyright.gov/).
`,
  [`articles/${fixture.upcoming.slug}.md`]: `---
title: "${fixture.upcoming.title}"
description: "An upcoming article that exists only in the test's copy of content/: a card that is not yet clickable."
category: General
date: 2026-11-19
status: upcoming
---

Not yet.
`,
  [`articles/${fixture.draft.slug}.md`]: `---
title: "${fixture.draft.title}"
description: "A draft that exists only in the test's copy of content/ and must appear nowhere on the site at all."
category: General
date: 2026-11-22
status: draft
---

Half a thought.
`,
  [`news/${fixture.news.slug}.md`]: `---
title: "${fixture.news.title}"
date: 2026-11-18
status: published
link: ${fixture.news.link}
---

A new workshop on contracts for creatives, announced in the test's copy of content/.
`,
  [`news/${fixture.draftNews.slug}.md`]: `---
title: "${fixture.draftNews.title}"
date: 2026-11-22
status: draft
---

Not for anyone's eyes yet.
`,
};
