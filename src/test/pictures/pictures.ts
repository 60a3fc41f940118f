/**
 * The pictures a practice adds as files, with no code change (the `pictures` project of vitest.config.ts):
 * a portrait of the attorney and a cover for an article, in a copy of content/. Plain data, read both by
 * the config, which writes the copy (./copy.ts), and by the test inside workerd (./pictures.test.ts).
 */
export const added = {
  photo: { src: "images/portrait.jpg", alt: "The founder at a studio table, in a dark green jacket", width: 1000, height: 1250 },
  cover: { src: "images/cover.jpg", alt: "A signed agreement on a worktable beside brushes and a sketchbook", width: 1600, height: 900 },
} as const;
