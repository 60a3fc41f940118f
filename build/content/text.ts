/**
 * The text the files under content/ put on the site's pages, by the face that sets it. build/fonts.ts adds
 * each part to the subset of that face, so that the words of a new article or an edited page are in the web
 * fonts the day they are published, with nothing to record first. A field's face is its schema's (see
 * src/content/schema/fields.ts: heading, italic); in a Markdown text, `##` headings and callout titles are
 * set in the serif and block quotations in its italic. Drafts count too: they go live later.
 */
import { dirname } from "node:path";
import { visit } from "unist-util-visit";
import * as z from "zod";
import type { DisplayFace } from "../../src/content/schema/fields.ts";
import { calloutTitle, textOf } from "./markdown.ts";
import { readContentTree } from "./tree.ts";

export interface ContentText {
  /** Everything the pages show of the files. */
  readonly all: string;
  /** What the pages set in the serif: titles, headings, the brand. */
  readonly headings: string;
  /** What the pages set in the serif's italic: quotations and notes. */
  readonly quotations: string;
}

const partOf: Record<DisplayFace, "headings" | "quotations"> = { serif: "headings", "serif-italic": "quotations" };

/** Calls `add` with each text or number of some data and the face its schema sets it in. */
function walk(schema: z.ZodType | undefined, data: unknown, add: (text: string, face: DisplayFace | undefined) => void): void {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
  if (typeof data === "string" || typeof data === "number") add(String(data), inner && z.globalRegistry.get(inner)?.face);
  else if (Array.isArray(data))
    for (const item of data) walk(inner instanceof z.ZodArray ? (inner.element as z.ZodType) : undefined, item, add);
  else if (typeof data === "object" && data !== null) {
    for (const [key, value] of Object.entries(data)) {
      walk(inner instanceof z.ZodObject ? (inner.shape[key] as z.ZodType | undefined) : undefined, value, add);
    }
  }
}

export function contentText(dir: string): ContentText {
  const parts = { all: [] as string[], headings: [] as string[], quotations: [] as string[] };
  // Problems are the content build's to report (load.ts); here the files are only read.
  const tree = readContentTree(dirname(dir), dir);
  const entries = [...Object.values(tree.singles), ...Object.values(tree.folders).flat()];
  for (const entry of entries) {
    // A letter is an e-mail the attorney sends, never set in the site's fonts.
    if (!entry || entry.bodyKind === "letter") continue;
    walk(entry.schema, entry.data, (text, face) => {
      parts.all.push(text);
      if (face) parts[partOf[face]].push(text);
    });
    if (!entry.body) continue;
    parts.all.push(textOf(entry.body.children));
    visit(entry.body, (node) => {
      if (node.type === "heading" && node.depth === 2) parts.headings.push(textOf(node.children));
      else if (node.type === "containerDirective") parts.headings.push(calloutTitle(node) ?? "");
      else if (node.type === "blockquote") parts.quotations.push(textOf(node.children));
    });
  }
  return { all: parts.all.join(" "), headings: parts.headings.join(" "), quotations: parts.quotations.join(" ") };
}
