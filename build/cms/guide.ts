/**
 * The attorney's guide to the browser editor, docs/editing.md, as the HTML of the page the Worker serves
 * behind the inbox's gate (/admin/content/guide): the attorney has no GitHub account, so the repository's
 * copy of the file is out of reach. Compiled at build time like content/ (nothing parses Markdown per
 * request): its first heading is the page's title; the others keep GitHub's anchors, so a link to
 * `editing.md#section` means the same section here; a link to another file of the repository becomes its
 * words alone, since the page cannot lead there; a block of code can take focus, to be scrolled. Its
 * `{{fact}}` tokens are filled in from the practice's facts (src/content/facts.ts, as every content file's
 * are), so the page says "Meridian Creative Law", never a token; an unknown token fails the build.
 */
import { readFileSync } from "node:fs";
import GithubSlugger from "github-slugger";
import type { Element, ElementContent, Root } from "hast";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { SKIP, visit } from "unist-util-visit";
import { fillFacts } from "../content/markdown.ts";

/** Where the guide is written. */
export const EDITING_GUIDE = "docs/editing.md";

export interface Guide {
  readonly title: string;
  readonly html: string;
}

const textOf = (node: ElementContent | Element): string =>
  node.type === "text" ? node.value : "children" in node ? node.children.map(textOf).join("") : "";

/** The page's title taken out, anchors on the headings, links into the repository made plain words. */
function forThePage(titleOut: { title: string }, facts: Readonly<Record<string, string>>, path: string) {
  return (tree: Root) => {
    const slugger = new GithubSlugger();
    const unknown: string[] = [];
    visit(tree, "text", (node) => {
      node.value = fillFacts(node.value, facts, (message) => unknown.push(message));
    });
    if (unknown.length > 0) throw new Error(`${path}: ${unknown.join("; ")}`);
    visit(tree, "element", (node, index, parent) => {
      if (node.tagName === "h1" && !titleOut.title && parent && index !== undefined) {
        titleOut.title = textOf(node);
        parent.children.splice(index, 1);
        return [SKIP, index];
      }
      if (/^h[2-4]$/.test(node.tagName)) node.properties.id = slugger.slug(textOf(node));
      // A block of code scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
      if (node.tagName === "pre") node.properties.tabIndex = 0;
      const href = node.tagName === "a" ? String(node.properties.href ?? "") : "";
      if (href && !/^(https?:|mailto:|#)/.test(href) && parent && index !== undefined) {
        parent.children.splice(index, 1, ...node.children);
        return [SKIP, index];
      }
      return undefined;
    });
  };
}

/** docs/editing.md (or another Markdown file) as the guide page's title and HTML, with the practice's facts filled in. */
export function editingGuide(facts: Readonly<Record<string, string>>, path = EDITING_GUIDE): Guide {
  const titleOut = { title: "" };
  const html = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeSanitize)
    .use(() => forThePage(titleOut, facts, path))
    .use(rehypeStringify)
    .processSync(readFileSync(path, "utf8"))
    .toString();
  if (!titleOut.title) throw new Error(`${path} has no title (a first-level heading)`);
  return { title: titleOut.title, html };
}
