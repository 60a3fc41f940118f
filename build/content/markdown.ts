/**
 * Markdown to HTML for the site's writing, at build time only (unified: remark, then rehype). The Worker
 * receives finished HTML; no Markdown parser runs per request or in the browser.
 *
 * Beyond CommonMark and GFM (tables, strikethrough, autolinks) a file may use `:::callout[Title]` … `:::`
 * for a highlighted aside, `{{fact}}` for a fact of the site (the practice's name, its e-mail…; see
 * src/content/facts.ts) and, in an article or a legal notice, `![what it shows](images/….jpg)` for a
 * picture of content/images/ (shown as a `<picture>` of its variants: build/content/images.ts). Raw HTML,
 * pictures elsewhere or without their words, footnotes, `#` headings and links that are neither site paths
 * nor web or mail addresses are refused with the line they are on.
 */
import GithubSlugger from "github-slugger";
import type { Element, ElementContent, Root as HastRoot } from "hast";
import type { Heading, Root as MdastRoot, RootContent as MdastContent, Paragraph, Text } from "mdast";
import type { ContainerDirective } from "mdast-util-directive";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { SKIP, visit } from "unist-util-visit";
import { type Picture, pictureMarkup } from "../../src/content/pictures.ts";
import { minutesToRead } from "../../src/content/reading.ts";
import type { ContentProblem } from "./problems.ts";

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

/** A Markdown text (below a file's frontmatter), parsed. */
export const parseMarkdown = (text: string): MdastRoot => parser.parse(text);

/** Link targets a file may use: a path on this site, an anchor on the page, a web, mail or phone address. */
const SAFE_URL = /^(?:\/(?!\/)|#|https?:\/\/[^/\s]|mailto:[^\s@]+@|tel:\+?[\d\s().-]+$)/i;
const FACT = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** Fills in the `{{fact}}` tokens of a text; an unknown one is left as written and reported. */
export function fillFacts(value: string, facts: Readonly<Record<string, string>>, report: (message: string) => void): string {
  return value.replace(FACT, (token, name: string) => {
    if (Object.hasOwn(facts, name)) return facts[name]!;
    report(`${token} is not a fact of the site (the facts are: ${Object.keys(facts).join(", ")})`);
    return token;
  });
}

/** The texts that may hold pictures: an article's and a legal notice's, read as pages of their own. */
const PICTURED_TEXTS: readonly string[] = ["article", "legal"];

/**
 * Checks a body for what a file may not contain and fills in `{{fact}}` tokens, in place. Each problem is
 * added to `problems` with its line. A picture's file is checked where the text is compiled (load.ts).
 */
export function checkBody(
  body: MdastRoot,
  facts: Readonly<Record<string, string>>,
  file: string,
  problems: ContentProblem[],
  kind?: string,
): void {
  const report = (node: { position?: { start: { line: number } } }, message: string) =>
    problems.push({ file, line: node.position?.start.line, message });
  const fill = (node: { position?: { start: { line: number } } }, value: string) =>
    fillFacts(value, facts, (message) => report(node, message));

  const linesWithHtml = new Set<number | undefined>();
  visit(body, (node, index, parent) => {
    switch (node.type) {
      case "html":
        // An inline element is several HTML nodes (<b>, </b>): one problem a line is enough.
        if (!linesWithHtml.has(node.position?.start.line))
          report(node, `raw HTML is not allowed (${preview(node.value)}): write it in Markdown`);
        linesWithHtml.add(node.position?.start.line);
        return SKIP;
      case "image":
        if (!kind || !PICTURED_TEXTS.includes(kind)) report(node, "a picture goes in an article or a legal notice only, not in this text");
        else if (!node.alt?.trim())
          report(
            node,
            `the picture ${preview(node.url)} needs words for people who cannot see it: write them between the brackets, ![A mural on a brick wall](${preview(node.url)})`,
          );
        return SKIP;
      case "imageReference":
        report(node, "write a picture as ![what it shows](images/….jpg), with its path in the brackets that follow");
        return SKIP;
      case "footnoteReference":
      case "footnoteDefinition":
        report(node, "footnotes are not supported: put the note in parentheses or in a closing paragraph");
        return SKIP;
      case "heading":
        if (node.depth === 1)
          report(node, "a # heading is not allowed: the title is the page's only top-level heading; start sections with ##");
        if (node.depth > 4) report(node, "use ## to #### for headings");
        return undefined;
      case "text":
        node.value = fill(node, node.value);
        return undefined;
      case "link":
      case "definition":
        node.url = fill(node, node.url);
        if (node.title) node.title = fill(node, node.title);
        if (!SAFE_URL.test(node.url)) {
          report(node, `link to "${preview(node.url)}": write a path on this site (/contact), or a full https://, mailto: or tel: address`);
        }
        return undefined;
      case "containerDirective":
        if (node.name !== "callout") report(node, `":::${node.name}" is not a known block (the one there is: :::callout[Title])`);
        else if (!calloutTitle(node)) report(node, "a callout needs a title: :::callout[Practical tips]");
        return undefined;
      case "leafDirective":
        report(node, `"::${node.name}" is not a known block (the one there is: :::callout[Title])`);
        return SKIP;
      case "textDirective":
        // `:name` inside running text ("Note:this") is just text, not a directive.
        if (parent && index !== undefined) {
          parent.children.splice(index, 1, {
            type: "text",
            value: `:${node.name}${node.children.length ? `[${textOf(node.children)}]` : ""}`,
          } as Text);
        }
        return undefined;
      default:
        return undefined;
    }
  });
}

const preview = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text).replace(/\s+/g, " ").trim();

/** The words of some nodes, their texts joined by spaces. */
export function textOf(nodes: readonly MdastContent[]): string {
  const words: string[] = [];
  for (const node of nodes) visit(node, (child) => void ("value" in child && child.type !== "yaml" && words.push(child.value)));
  return words.join(" ");
}

/** The title of a `:::callout[Title]` block, if it has one. */
export function calloutTitle(node: ContainerDirective): string | undefined {
  const label = node.children[0];
  return label?.type === "paragraph" && label.data?.directiveLabel ? textOf(label.children) : undefined;
}

/** Minutes a reader needs for a body (src/content/reading.ts). */
export function readingMinutes(body: MdastRoot): number {
  return minutesToRead(textOf(body.children));
}

/** Plain text of a heading (for legal section titles and anchors). */
export const headingText = (heading: Heading) => textOf(heading.children);

/** GitHub's sanitising rules, plus the callout's aside; ids and classes are added after sanitising. */
const sanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), "aside"],
  attributes: { ...defaultSchema.attributes, aside: ["dataCallout"] },
};

/**
 * Turns body nodes into HTML: sanitised, headings given stable ids from their text (unique within the file:
 * pass the file's one slugger), links leaving the site opened in a new tab, wide tables in a scrolling
 * frame. The look comes from the stylesheet's `.prose` rules (src/styles.css), not from classes here.
 */
export function toHtml(nodes: readonly MdastContent[], slugger: GithubSlugger, pictures?: InlinePictures): string {
  const root: MdastRoot = { type: "root", children: markCallouts(structuredClone([...nodes])) };
  const processor = unified()
    .use(remarkRehype)
    .use(rehypeSanitize, sanitizeSchema)
    .use(() => (tree: HastRoot) => finish(tree, slugger, pictures))
    .use(rehypeStringify);
  return processor.stringify(processor.runSync(root) as HastRoot);
}

/** Callouts become <aside data-callout>, their label its first paragraph. */
function markCallouts(nodes: MdastContent[]): MdastContent[] {
  for (const node of nodes) {
    visit(node, "containerDirective", (directive: ContainerDirective) => {
      directive.data = { hName: "aside", hProperties: { dataCallout: true } };
    });
  }
  return nodes;
}

/** The pictures of a text, by `pictureKey` of the path and words it writes them with. */
export type InlinePictures = ReadonlyMap<string, Picture>;

export const pictureKey = (src: string, alt: string) => `${src}\n${alt}`;

/** A picture inside a text: `<picture>` with a source per format, loaded lazily (it is rarely on the first screen). */
function pictureElement(picture: Picture): Element {
  const { sources, img } = pictureMarkup(picture, "inline");
  return {
    type: "element",
    tagName: "picture",
    properties: {},
    children: [
      ...sources.map((source): Element => ({ type: "element", tagName: "source", properties: { ...source }, children: [] })),
      { type: "element", tagName: "img", properties: { ...img, loading: "lazy", decoding: "async" }, children: [] },
    ],
  };
}

function finish(tree: HastRoot, slugger: GithubSlugger, pictures: InlinePictures | undefined): void {
  visit(tree, "element", (element) => {
    const { tagName: tag, properties } = element;
    if (tag === "aside" && properties.dataCallout !== undefined) {
      // The callout is named by its title, for the landmark list of assistive technology.
      const label = element.children.find((child): child is Element => child.type === "element");
      if (label) properties.ariaLabel = textContent(label);
    } else if (tag === "h2" || tag === "h3" || tag === "h4") {
      properties.id = slugger.slug(textContent(element));
    } else if (tag === "a" && /^https?:/i.test(String(properties.href))) {
      Object.assign(properties, { target: "_blank", rel: ["noopener", "noreferrer"] });
    } else if ((tag === "th" || tag === "td") && properties.align) {
      // GFM's column alignment arrives as the obsolete align attribute; the stylesheet reads data-align.
      properties.dataAlign = properties.align;
      delete properties.align;
    }
  });
  visit(tree, "element", (element, index, parent) => {
    if (!parent || index === undefined) return undefined;
    if (element.tagName === "img") {
      const picture = pictures?.get(pictureKey(String(element.properties.src), String(element.properties.alt ?? "")));
      if (picture) parent.children[index] = pictureElement(picture);
      return SKIP;
    }
    // A wide table scrolls sideways inside a frame on narrow screens, focusable so the keyboard can scroll it.
    if (element.tagName !== "table") return undefined;
    parent.children[index] = {
      type: "element",
      tagName: "div",
      properties: { dataTableFrame: "", tabIndex: 0, role: "region", ariaLabel: "Table" },
      children: [element],
    };
    return SKIP;
  });
}

function textContent(node: ElementContent): string {
  if (node.type === "text") return node.value;
  return node.type === "element" ? node.children.map(textContent).join("") : "";
}

/** A paragraph as the HTML inside its <p>, its line breaks (which the source wraps at will) as spaces. */
export function paragraphHtml(paragraph: Paragraph): string {
  const copy = structuredClone(paragraph);
  visit(copy, "text", (node: Text) => void (node.value = node.value.replace(/\s*\n\s*/g, " ")));
  // Drawn as the paragraph it is, then unwrapped: inline nodes drawn alone would each be set on a line of its own.
  return toHtml([copy], new GithubSlugger()).replace(/^<p>([\s\S]*)<\/p>$/, "$1");
}
