/**
 * What a writer does on an ordinary day, applied to a temporary copy of content/ (vitest.config.ts writes
 * it, project `content-edits`): a new article dated today and a news item, a service renamed, the founder's
 * name and the practice's e-mail changed. Plain data, read both by ./edited-copy.ts, which writes the copy,
 * and by ./edits.test.ts inside workerd.
 */
const today = new Date().toISOString().slice(0, 10);

export const edits = {
  article: { slug: "commissioning-a-mural", title: "Commissioning a Mural", date: today },
  news: { slug: "new-workshop-series", title: "A New Workshop Series", date: today },
  serviceTitle: "Counsel for Creative & Cultural Work",
  founderName: "Avery Quinn Lindqvist",
  email: "studio@quinn-lindqvist-law.example",
} as const;

export const articleFile = `---
title: "${edits.article.title}"
description: "What to agree before a wall becomes a mural: design approval, payment stages, credit and care."
category: Contracts
date: ${edits.article.date}
status: published
---

A mural is a long commission with a public audience.

## Approving the Design

Agree on sketches, revisions and who signs off.

## Paying in Stages

Tie payments to the design, the wall prepared and the mural finished.

## Credit and Care

Say how the mural is credited, maintained and, one day, removed.
`;

export const newsFile = `---
title: "${edits.news.title}"
date: ${edits.news.date}
status: published
---

Four evenings on contracts for working artists.
`;
