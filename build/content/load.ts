/**
 * Reads every file under content/ and compiles it: frontmatter checked against its collection's schema,
 * body checked and turned into HTML. All problems of all files are gathered and thrown together as one
 * ContentError (one line each), so a writer sees everything to fix at once.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import GithubSlugger from "github-slugger";
import type { Heading, Root as MdastRoot } from "mdast";
import type * as z from "zod";
import type { Article, LegalNotice, LegalSection, NewsItem, SiteContent } from "../../src/content/collections.ts";
import { contentFacts } from "../../src/content/facts.ts";
import { articleFrontmatter, checkFrontmatter, checkUpdatedAfter, legalFrontmatter, newsFrontmatter } from "./frontmatter.ts";
import { checkBody, fillFacts, headingText, parseFile, readingMinutes, toHtml } from "./markdown.ts";
import { ContentError, type ContentProblem } from "./problems.ts";
import { SCAFFOLD_MARKER } from "./scaffold.ts";

export const COLLECTIONS = ["articles", "news", "legal"] as const;
type Collection = (typeof COLLECTIONS)[number];

export interface LoadOptions {
  /** The project's root: problems name files relative to it. */
  readonly root: string;
  /** The content folder; `<root>/content` unless given (tests use a copy). */
  readonly dir?: string;
  /** Include drafts, shown as if published with a "Draft" notice (a local preview only, never deployed). */
  readonly drafts?: boolean;
}

export interface LoadedContent {
  readonly content: SiteContent;
  /** Every file and folder read, for watchers. */
  readonly sources: readonly string[];
}

const FILE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

export function loadContent({ root, dir = join(root, "content"), drafts = false }: LoadOptions): LoadedContent {
  const problems: ContentProblem[] = [];
  const where = (path: string) => relative(root, path);
  const sources: string[] = [dir];

  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() ? !(COLLECTIONS as readonly string[]).includes(entry.name) : entry.name !== "README.md") {
      problems.push({
        file: where(join(dir, entry.name)),
        message: `does not belong in content/: the folders are ${COLLECTIONS.join(", ")}`,
      });
    }
  }

  /** The Markdown files of a collection, with their slugs; misnamed, stray and duplicate files are problems. */
  const filesOf = (collection: Collection) => {
    const folder = join(dir, collection);
    sources.push(folder);
    const bySlug = new Map<string, string>();
    for (const name of safeReaddir(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        sources.push(path);
        continue;
      }
      if (basename(name) === "README.md") continue;
      if (!name.endsWith(".md")) {
        problems.push({ file: where(path), message: `only Markdown files (.md) belong in content/${collection}` });
        continue;
      }
      if (!FILE_NAME.test(basename(name))) {
        problems.push({
          file: where(path),
          message: "the file's name is its address: use lowercase letters, digits and hyphens, e.g. my-article.md",
        });
        continue;
      }
      const slug = basename(name, ".md");
      const other = bySlug.get(slug);
      if (other)
        problems.push({
          file: where(path),
          field: "slug",
          message: `"${slug}" is also the slug of ${where(other)}: rename one of the files`,
        });
      else bySlug.set(slug, path);
    }
    return [...bySlug].map(([slug, path]) => {
      sources.push(path);
      const file = where(path);
      const { frontmatter, body } = parseFile(readFileSync(path, "utf8"), file, problems);
      return { slug, file, frontmatter: withFacts(frontmatter, file, problems), body };
    });
  };

  const keep = (status: string) => drafts || status !== "draft";
  const preview = (status: string) => (status === "draft" ? { status: "published" as const, previewDraft: true as const } : {});

  /** A collection's files whose frontmatter passes its schema, with their bodies checked (problems recorded). */
  function* checked<Schema extends z.ZodType>(collection: Collection, schema: Schema) {
    for (const { slug, file, frontmatter, body } of filesOf(collection)) {
      const result = checkFrontmatter(schema, frontmatter, file);
      checkBody(body, contentFacts, file, problems);
      if (result.ok) yield { slug, file, meta: result.value as z.output<Schema>, body };
      else problems.push(...result.problems);
    }
  }

  const articles: Article[] = [];
  for (const { slug, file, meta, body } of checked("articles", articleFrontmatter)) {
    problems.push(...checkUpdatedAfter(meta.date, meta.updated, file, "date"));
    if (meta.status !== "draft") problems.push(...scaffoldLeft(file, meta.description, body));
    if (!keep(meta.status)) continue;
    const { excerpt = meta.description, ...rest } = meta;
    articles.push({
      ...rest,
      excerpt,
      slug,
      path: `/blog/${slug}`,
      readingMinutes: readingMinutes(body),
      // An upcoming article has no page yet, so its body is not shipped.
      html: meta.status === "upcoming" ? "" : toHtml(body.children, new GithubSlugger()),
      ...preview(meta.status),
    });
  }

  const news: NewsItem[] = [];
  for (const { slug, file, meta, body } of checked("news", newsFrontmatter)) {
    if (body.children.length === 0) problems.push({ file, message: "the item has no text: write it below the frontmatter" });
    if (!keep(meta.status)) continue;
    news.push({ ...meta, slug, html: toHtml(body.children, new GithubSlugger()), ...preview(meta.status) });
  }

  const legal: (LegalNotice & { order: number })[] = [];
  for (const {
    slug,
    file,
    meta: { numbered, status, ...meta },
    body,
  } of checked("legal", legalFrontmatter)) {
    problems.push(...checkUpdatedAfter(meta.effective, meta.updated, file, "effective"));
    if (!keep(status)) continue;
    legal.push({ ...meta, slug, ...legalBody(body, numbered), ...(status === "draft" ? { previewDraft: true as const } : {}) });
  }

  if (problems.length > 0) throw new ContentError(problems);

  const newestFirst = <T extends { date: string; slug: string }>(a: T, b: T) =>
    b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug);
  return {
    content: {
      articles: articles.sort(newestFirst),
      news: news.sort(newestFirst),
      legal: legal.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug)).map(({ order: _, ...notice }) => notice),
    },
    sources,
  };
}

/** Frontmatter text may use `{{fact}}` tokens too (a legal notice's description names the practice). */
function withFacts(frontmatter: unknown, file: string, problems: ContentProblem[]): unknown {
  if (typeof frontmatter !== "object" || frontmatter === null || Array.isArray(frontmatter)) return frontmatter;
  return Object.fromEntries(
    Object.entries(frontmatter).map(([field, value]) => [
      field,
      typeof value === "string" ? fillFacts(value, contentFacts, (message) => problems.push({ file, field, message })) : value,
    ]),
  );
}

function safeReaddir(folder: string): string[] {
  try {
    return (readdirSync(folder, { recursive: true }) as string[]).sort();
  } catch {
    return [];
  }
}

/** A legal notice's body: the text before the first `##`, then one section per `##` heading. */
function legalBody(body: MdastRoot, numbered: boolean): Pick<LegalNotice, "intro" | "sections"> {
  const slugger = new GithubSlugger();
  const starts = body.children.flatMap((node, index) => (node.type === "heading" && node.depth === 2 ? [index] : []));
  const sections: LegalSection[] = starts.map((start, number) => {
    const heading = body.children[start] as Heading;
    const text = headingText(heading);
    const end = starts[number + 1] ?? body.children.length;
    return {
      id: slugger.slug(text),
      heading: numbered ? `${number + 1}. ${text}` : text,
      html: toHtml(body.children.slice(start + 1, end), slugger),
    };
  });
  return { intro: toHtml(body.children.slice(0, starts[0] ?? body.children.length), slugger), sections };
}

/** An article about to be published that still holds the words `npm run new:article` wrote. */
function scaffoldLeft(file: string, description: string, body: MdastRoot): ContentProblem[] {
  const problems: ContentProblem[] = [];
  if (description.includes(SCAFFOLD_MARKER))
    problems.push({ file, field: "description", message: `still says "${SCAFFOLD_MARKER}…": write your own before publishing` });
  const line = body.children.find((node) => JSON.stringify(node).includes(SCAFFOLD_MARKER))?.position?.start.line;
  if (line) problems.push({ file, line, message: `the text still says "${SCAFFOLD_MARKER}…": write your own before publishing` });
  return problems;
}
