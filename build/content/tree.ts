/**
 * Reads the whole of content/ as src/content/schema declares it: every file the practice keeps one of, and
 * every piece of each folder, drafts included. The facts of content/site.yaml are filled in everywhere,
 * each file's data is checked against its schema, and what is in the wrong place is a problem. Compiling
 * the result for the Worker is load.ts's job; text.ts reads the same entries for the web fonts.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import type { Root as MdastRoot } from "mdast";
import type * as z from "zod";
import { type ContentFacts, factsOf, letterTokens } from "../../src/content/facts.ts";
import { type BodyKind, type Folder, type SingleFile, folders, site as siteSchema, singleFiles } from "../../src/content/schema/index.ts";
import { type Findings, checkData, fillData, readContentFile } from "./files.ts";
import { checkBody, fillFacts } from "./markdown.ts";
import type { Placeholder } from "./placeholders.ts";
import { IMAGES_FOLDER } from "./images.ts";
import { oncePerFolder } from "./once.ts";
import type { ContentProblem } from "./problems.ts";

/** One file, read and checked; `Value` is what its schema outputs. */
export interface Entry<Value = unknown> {
  /** Path from the project's root, e.g. content/articles/my-article.md. */
  readonly file: string;
  /** The file's name without its extension: a piece's address. */
  readonly slug: string;
  readonly schema: z.ZodObject;
  readonly bodyKind?: BodyKind;
  /** The data with the facts filled in, as written (for the fonts), whether or not it passed. */
  readonly data: unknown;
  /** The data as its schema outputs it, when it passed. */
  readonly value?: Value;
  /** The text below the frontmatter, facts filled in and checked. */
  readonly body?: MdastRoot;
  /** A letter's plain text, the site's facts filled in and its own tokens left. */
  readonly bodyText?: string;
  /** A Markdown file's text as written (placeholders unwrapped, facts not filled in). */
  readonly writtenText?: string;
}

/** What a declared file's schema outputs. */
type Output<Declared> = Declared extends { readonly schema: infer Schema extends z.ZodType } ? z.output<Schema> : never;

export type SingleName = keyof typeof singleFiles;
export type FolderName = keyof typeof folders;
/** A file the practice keeps one of, as read. */
export type SingleEntry<K extends SingleName> = Entry<Output<(typeof singleFiles)[K]>>;
/** A piece of a folder, as read. */
export type PieceEntry<K extends FolderName> = Entry<Output<(typeof folders)[K]>>;

export interface ContentTree {
  readonly singles: { readonly [K in SingleName]?: SingleEntry<K> };
  readonly folders: { readonly [K in FolderName]: readonly PieceEntry<K>[] };
  readonly problems: readonly ContentProblem[];
  readonly placeholders: readonly Placeholder[];
  /** Every file and folder read, for watchers. */
  readonly sources: readonly string[];
}

const PIECE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/** What a Markdown text may write as `{{name}}`: the facts, and in a letter its own tokens, left for the inbox. */
const tokensFor = (facts: ContentFacts | undefined, bodyKind: BodyKind | undefined): Record<string, string> | undefined =>
  facts && (bodyKind === "letter" ? { ...facts, ...Object.fromEntries(letterTokens.map((name) => [name, `{{${name}}}`])) } : facts);

/** Reads content/ (`dir`) once while its files are unchanged (./once.ts): the build's plugins all ask for it. */
export const readContentTree = oncePerFolder(readTree, (_root, dir) => dir);

function readTree(root: string, dir: string): ContentTree {
  const findings: Findings = { problems: [], placeholders: [] };
  const { problems } = findings;
  const where = (path: string) => relative(root, path);
  const sources: string[] = [dir];

  const declaredFiles = Object.values(singleFiles) as readonly SingleFile[];
  const topLevel = new Set([
    ...Object.values(folders).map((folder) => folder.folder),
    ...declaredFiles.map((file) => file.path.split("/")[0]!),
    // The pictures, which the files name by their paths (build/content/images.ts checks each one named).
    IMAGES_FOLDER,
    "README.md",
  ]);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!topLevel.has(entry.name)) {
      problems.push({
        file: where(join(dir, entry.name)),
        message: `does not belong in content/ (see content/README.md for what goes where)`,
      });
    }
  }
  // Folders of single files (pages/, letters/) hold only the files declared there.
  for (const folder of new Set(declaredFiles.filter((file) => file.path.includes("/")).map((file) => file.path.split("/")[0]!))) {
    for (const name of safeReaddir(join(dir, folder))) {
      if (!declaredFiles.some((file) => file.path === `${folder}/${name}`) && name !== "README.md") {
        const known = declaredFiles.filter((file) => file.path.startsWith(`${folder}/`)).map((file) => basename(file.path));
        problems.push({
          file: where(join(dir, folder, name)),
          message: `is not a file the site reads (${folder}/ holds ${known.join(", ")})`,
        });
      }
    }
  }

  const read = (path: string) => {
    sources.push(path);
    return readContentFile(readFileSync(path, "utf8"), where(path), findings);
  };

  // The site's facts come first: every other file may use them.
  const siteRead = existsSync(join(dir, singleFiles.site.path)) ? read(join(dir, singleFiles.site.path)) : undefined;
  const unfilledSite = siteSchema.safeParse(siteRead?.data);
  const facts = unfilledSite.success ? factsOf(unfilledSite.data) : undefined;

  const entry = <Schema extends z.ZodObject>(
    path: string,
    slug: string,
    schema: Schema,
    bodyKind: BodyKind | undefined,
    readFile = read(path),
  ): Entry<z.output<Schema>> => {
    const file = where(path);
    // Without valid facts (site.yaml is wrong) a token cannot be told right from wrong: that problem comes first.
    const data = facts ? fillData(readFile.data, facts, (field, message) => problems.push({ file, field, message })) : readFile.data;
    const tokens = tokensFor(facts, bodyKind);
    if (readFile.body && tokens && bodyKind !== "letter") checkBody(readFile.body, tokens, file, problems, bodyKind);
    // A letter is plain text, not Markdown: its tokens are filled in the text as written.
    const bodyText =
      bodyKind === "letter" && readFile.bodyText !== undefined && tokens
        ? fillFacts(readFile.bodyText, tokens, (message) => problems.push({ file, message }))
        : undefined;
    const checked = checkData(schema, data, file);
    if (!checked.ok) problems.push(...checked.problems);
    return {
      file,
      slug,
      schema,
      bodyKind,
      data,
      value: checked.ok ? checked.value : undefined,
      body: readFile.body,
      bodyText,
      writtenText: readFile.bodyText,
    };
  };

  const singles: Record<string, Entry<unknown>> = {};
  for (const [name, declared] of Object.entries(singleFiles) as [string, SingleFile][]) {
    const path = join(dir, declared.path);
    if (!existsSync(path)) {
      problems.push({ file: where(path), message: `is missing: the site needs it (${declared.label.toLowerCase()})` });
      continue;
    }
    singles[name] = entry(
      path,
      basename(path).replace(/\.\w+$/, ""),
      declared.schema,
      declared.body,
      name === "site" ? siteRead : undefined,
    );
  }

  const pieces = (declared: Folder): Entry<unknown>[] => {
    const folder = join(dir, declared.folder);
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
        problems.push({ file: where(path), message: `only Markdown files (.md) belong in content/${declared.folder}` });
        continue;
      }
      if (!PIECE_NAME.test(basename(name))) {
        problems.push({
          file: where(path),
          message: "the file's name is its address: use lowercase letters, digits and hyphens, e.g. my-article.md",
        });
        continue;
      }
      const slug = basename(name, ".md");
      const other = bySlug.get(slug);
      if (other) {
        problems.push({
          file: where(path),
          field: "slug",
          message: `"${slug}" is also the slug of ${where(other)}: rename one of the files`,
        });
      } else bySlug.set(slug, path);
    }
    return [...bySlug].map(([slug, path]) => entry(path, slug, declared.schema, declared.body));
  };

  // What the launch check shows of a placeholder is what the site shows: its facts filled in.
  const placeholders = facts
    ? findings.placeholders.map((placeholder) => ({ ...placeholder, value: fillFacts(placeholder.value, facts, () => {}) }))
    : findings.placeholders;
  // Each entry's value is its own schema's output (entry() above): the tables' types pair them by name.
  return {
    singles: singles as ContentTree["singles"],
    folders: Object.fromEntries(
      Object.entries(folders).map(([name, declared]) => [name, pieces(declared)]),
    ) as unknown as ContentTree["folders"],
    problems,
    placeholders,
    sources,
  };
}

/** The files of a folder and its subfolders, sorted; none when it does not exist. */
function safeReaddir(folder: string): string[] {
  try {
    return (readdirSync(folder, { recursive: true }) as string[]).sort();
  } catch {
    return [];
  }
}
