/**
 * The draft `npm run new:article` writes. Its words ask to be replaced, and the build refuses to publish
 * an article that still holds them (see load.ts), so a scaffold can never go live by accident.
 */
export const SCAFFOLD_MARKER = "Replace this";

export function articleScaffold(title: string, date: string): string {
  return `---
title: ${JSON.stringify(title)}
description: "${SCAFFOLD_MARKER} with one or two sentences (50 to 200 characters) for search results and shared links."
category: General
date: ${date}
status: draft
---

${SCAFFOLD_MARKER} with the article's opening paragraph: who it is for and what they will take away.

## A first section

Write each section under a heading like the one above. Plain Markdown works: **bold**, *italics*,
[links](/contact), lists and tables.

- A point worth making
- Another one

:::callout[Practical tips]
- A tip the reader can act on today.
:::
`;
}
