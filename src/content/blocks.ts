/**
 * Long-form copy (articles, legal notices, biographies) is stored as a list of blocks so that it stays
 * data, apart from the components that render it. Text may carry links written as [label](href);
 * the renderer turns them into anchors and escapes everything else.
 */
export type Block =
  | { readonly type: "paragraph"; readonly text: string }
  /** A section heading; `id` becomes the anchor (and table-of-contents target). */
  | { readonly type: "heading"; readonly text: string; readonly id: string }
  | { readonly type: "subheading"; readonly text: string }
  | { readonly type: "list"; readonly ordered?: boolean; readonly items: readonly string[] }
  /** A highlighted aside, e.g. "Practical tips". */
  | { readonly type: "callout"; readonly title: string; readonly items: readonly string[] }
  | { readonly type: "quote"; readonly text: string; readonly cite?: string };

/** Minutes a reader needs for the blocks' text, at 230 words a minute. */
export function readingMinutes(blocks: readonly Block[]): number {
  const text = blocks
    .flatMap((block) => ("items" in block ? [...block.items, "title" in block ? block.title : ""] : [block.text]))
    .join(" ")
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1");
  return Math.max(1, Math.round(text.split(/\s+/).filter(Boolean).length / 230));
}
