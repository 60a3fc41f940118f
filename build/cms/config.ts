/**
 * The browser editor's configuration (Sveltia CMS at /admin/content/, see src/cms), made from the content
 * schemas (src/content/schema): one collection per folder of pieces, one file entry per file the practice
 * keeps one of, and for each field of each schema a field of the editor, so that what the editor offers is
 * what the build accepts. The build's content check stays the judge (build/content): this only mirrors it.
 *
 * Per field: the label from the key in words (`practiceName` → "Practice name"), or the schema's own (its meta's
 * `label`) where that would not be plain enough; the hint from the schema's
 * description; required unless optional or defaulted; a closed list (enum) as a select; an isoDate as a
 * date picker (YYYY-MM-DD); a whole number as text that takes digits or `placeholder(digits)`, so an
 * invented number stays editable (the schema reads a quoted numeral as the number); a regex as a pattern
 * that also takes the value inside `placeholder(…)`; a picture (fields.ts's `picture`) as an image field
 * that uploads into content/images/ and its words, required; lists and objects field by field. A Markdown
 * file's text is the `body` field: Markdown with only what that kind of text may hold (pictures in articles
 * and legal notices), a letter's as plain text. The backend (GitHub repository and branch, or the local repository) and the practice's name and logo
 * on the editor's own screens are the Worker's to add at run time (src/admin/editor/routes.tsx).
 */
import { stringify } from "yaml";
import * as z from "zod";
import { IMAGES_FOLDER, MAX_IMAGE_BYTES } from "../content/images.ts";
import { type BodyKind, type Folder, type SingleFile, folders, singleFiles } from "../../src/content/schema/index.ts";
import { paths } from "../../src/routes/table.ts";

/** A field of the editor (Sveltia CMS's field options, those used here). */
export interface CmsField {
  readonly name: string;
  readonly label: string;
  readonly widget: "string" | "text" | "markdown" | "datetime" | "select" | "boolean" | "list" | "object" | "image";
  readonly required?: false;
  readonly hint?: string;
  readonly default?: unknown;
  readonly pattern?: readonly [string, string];
  readonly options?: readonly (string | { readonly label: string; readonly value: string })[];
  readonly type?: "date";
  readonly format?: string;
  readonly fields?: readonly CmsField[];
  readonly field?: CmsField;
  readonly min?: number;
  readonly summary?: string;
  readonly collapsed?: boolean;
  readonly buttons?: readonly string[];
  readonly editor_components?: readonly string[];
  readonly modes?: readonly string[];
  readonly linked_images?: boolean;
  readonly choose_url?: boolean;
  readonly accept?: string;
}

/** The picture formats the build takes (build/content/images.ts), as the upload's file chooser filters them. */
const PICTURE_TYPES = "image/jpeg,image/png,image/webp,image/avif";

/** Where the site shows a folder's pieces (the route table's paths), for the editor's "view on the site" link. */
const PAGE_OF_PIECE: Partial<Record<keyof typeof folders, string>> = {
  articles: paths.article("{{slug}}"),
  services: paths.service("{{slug}}"),
  legal: paths.legal("{{slug}}"),
};

/** One piece of each folder, in words: the editor's "New Article" button and commit messages ("Update Article …"). */
const ONE_OF: Partial<Record<keyof typeof folders, string>> = {
  articles: "Article",
  news: "News item",
  legal: "Legal notice",
  services: "Service",
};

/** The editor's groups of single files, by the folder under content/ they are in ("" for content/ itself). */
const FILE_GROUPS: Record<string, { readonly name: string; readonly label: string }> = {
  "": { name: "practice", label: "Practice" },
  pages: { name: "pages", label: "Pages" },
  letters: { name: "letters", label: "Letters" },
};

/** The end of the hint of every field that may hold an invented value. */
const PLACEHOLDER_HINT = "placeholder(…) marks an invented value.";

/** Keys that are abbreviations, in words. */
const KEY_WORDS: Record<string, string> = { href: "Address", crumb: "Breadcrumb" };

/** A key in words: practiceName → "Practice name". */
export const labelOf = (key: string) =>
  KEY_WORDS[key] ??
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/^./, (letter) => letter.toUpperCase());

/** A closed list's value in words: "draft" → "Draft"; a value with capitals ("IP Law") is its own label. */
const optionOf = (value: string) => (/[A-Z]/.test(value) ? value : { label: value.replace(/^./, (letter) => letter.toUpperCase()), value });

const sentence = (text: string) => {
  const capital = text.replace(/^./, (letter) => letter.toUpperCase());
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

const hintOf = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ");

interface Unwrapped {
  readonly schema: z.ZodType;
  readonly required: boolean;
  readonly default?: unknown;
  readonly description?: string;
}

/** A field's schema without optional, default and the quoted-numeral reading (fields.ts's wholeNumber). */
function unwrap(schema: z.ZodType): Unwrapped {
  let inner = schema;
  let required = true;
  let fallback: unknown;
  // The description is on whichever wrapper .describe() was called on.
  let description = schema.description;
  for (;;) {
    description ??= inner.description;
    if (inner instanceof z.ZodOptional) required = false;
    else if (inner instanceof z.ZodDefault) {
      required = false;
      fallback = inner._zod.def.defaultValue;
    } else if (inner instanceof z.ZodPipe) {
      inner = inner.out as z.ZodType;
      continue;
    } else break;
    inner = inner.unwrap() as z.ZodType;
  }
  return { schema: inner, required, default: fallback, description: description ?? inner.description };
}

interface Check {
  readonly check?: string;
  readonly format?: string;
  readonly pattern?: RegExp;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly error?: (issue: object) => unknown;
}

const checksOf = (schema: z.ZodType): Check[] =>
  (schema._zod.def.checks ?? []).map((check) => (check as unknown as { _zod: { def: Check } })._zod.def);

/** A pattern that also takes what `placeholder(…)` holds: ^X$ becomes ^(?:placeholder\(X\)|X)$. */
export function placeholderPattern(pattern: RegExp): string {
  const body = pattern.source.replace(/^\^/, "");
  if (body.endsWith("$") && !body.endsWith("\\$")) {
    const inner = body.slice(0, -1);
    return `^(?:placeholder\\((?:${inner})\\)|(?:${inner}))$`;
  }
  return `^(?:placeholder\\()?(?:${body})`;
}

const messageOf = (check: Check) => {
  const message = check.error?.({});
  return sentence(typeof message === "string" ? message : "must match the expected form");
};

/** A text field's editor field: one line, or a text area for sentences. */
function textField(name: string, schema: z.ZodString, base: { label: string; required?: false; hint?: string }, serif: boolean): CmsField {
  const checks = checksOf(schema);
  const regexes = checks.filter((check) => check.format === "regex" && check.pattern);
  const min = Math.max(0, ...checks.filter((check) => check.check === "min_length").map((check) => check.minimum ?? 0));
  const max = Math.min(
    Number.POSITIVE_INFINITY,
    ...checks.filter((check) => check.check === "max_length").map((check) => check.maximum ?? 0),
  );
  const length = min > 1 && Number.isFinite(max) ? `${min} to ${max} characters.` : undefined;
  // Sentences and paragraphs get a text area; names, labels, addresses and titles one line.
  const long = min > 1 || (serif ? /\b(paragraph|quotation)\b/ : /\b(sentences?|paragraph|notice|quotation|text)\b/).test(base.hint ?? "");
  return {
    name,
    ...base,
    widget: long && regexes.length === 0 ? "text" : "string",
    hint: hintOf(base.hint, length, PLACEHOLDER_HINT),
    // One pattern per field is all the editor takes; the schemas have at most one.
    ...(regexes[0] ? { pattern: [placeholderPattern(regexes[0].pattern!), messageOf(regexes[0])] as const } : {}),
  };
}

/** The editor's field for one field of a schema. */
function fieldOf(name: string, schema: z.ZodType): CmsField {
  const { schema: inner, required, default: fallback, description } = unwrap(schema);
  const base = {
    label: z.globalRegistry.get(schema)?.label ?? labelOf(name),
    ...(required ? {} : { required: false as const }),
    ...(description ? { hint: sentence(description) } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  };
  if (inner instanceof z.ZodString) {
    const meta = { ...z.globalRegistry.get(inner), ...z.globalRegistry.get(schema) };
    if (meta.format === "date") return { name, ...base, widget: "datetime", type: "date", format: "YYYY-MM-DD" };
    return textField(name, inner, base, meta.face !== undefined);
  }
  if (inner instanceof z.ZodNumber) {
    const { minValue, maxValue } = inner;
    const range =
      maxValue !== null && maxValue < Number.MAX_SAFE_INTEGER ? ` from ${minValue} to ${maxValue}` : minValue ? ` from ${minValue}` : "";
    return {
      name,
      ...base,
      ...(fallback !== undefined ? { default: String(fallback) } : {}),
      widget: "string",
      hint: hintOf(base.hint, `A whole number${range}.`, PLACEHOLDER_HINT),
      pattern: ["^(?:-?\\d+|placeholder\\(-?\\d+\\))$", `Must be a whole number${range}, or placeholder(…) around one`],
    };
  }
  if (inner instanceof z.ZodEnum) {
    const values = inner.options as string[];
    return {
      name,
      ...base,
      widget: "select",
      options: values.map(optionOf),
    };
  }
  if (inner instanceof z.ZodBoolean) return { name, ...base, widget: "boolean" };
  if (inner instanceof z.ZodArray) {
    const item = unwrap(inner.element as z.ZodType).schema;
    const min = Math.max(0, ...checksOf(inner).map((check) => (check.check === "min_length" ? (check.minimum ?? 0) : 0)));
    const list = { name, ...base, widget: "list" as const, ...(min > 0 ? { min } : {}) };
    if (item instanceof z.ZodObject) {
      const fields = fieldsOf(item);
      const first = fields.find((field) => field.widget === "string" || field.widget === "text");
      const summary = z.globalRegistry.get(inner.element as z.ZodType)?.summary ?? (first && `{{fields.${first.name}}}`);
      return { ...list, fields, ...(summary ? { summary } : {}) };
    }
    return { ...list, field: fieldOf("item", inner.element as z.ZodType) };
  }
  if (inner instanceof z.ZodObject && z.globalRegistry.get(inner)?.picture) return pictureField(name, inner, base);
  if (inner instanceof z.ZodObject) return { name, ...base, widget: "object", fields: fieldsOf(inner) };
  throw new Error(`${name}: the browser editor has no field for a ${inner.constructor.name}`);
}

/** A picture: its file, chosen or uploaded into content/images/, and its words, which are never left out. */
function pictureField(name: string, schema: z.ZodObject, base: { label: string; required?: false; hint?: string }): CmsField {
  // The file is chosen, not typed: no pattern (the editor writes /images/…, which the schema's reads too).
  const [{ pattern: _, ...src }, alt] = fieldsOf(schema) as [CmsField, CmsField];
  return {
    name,
    ...base,
    widget: "object",
    fields: [
      { ...src, label: "Picture", widget: "image", choose_url: false, accept: PICTURE_TYPES, hint: PICTURE_HINT },
      { ...alt, widget: "string", label: "What it shows", hint: hintOf(alt.hint?.replace(` ${PLACEHOLDER_HINT}`, ""), ALT_HINT) },
    ],
  };
}

const PICTURE_HINT = `A JPEG, PNG, WebP or AVIF file of at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB, the largest you have: the site makes the smaller copies itself.`;
const ALT_HINT = 'Say what a reader would see, e.g. "Jordan at the studio table, smiling": screen readers read it aloud.';

const fieldsOf = (schema: z.ZodObject): CmsField[] =>
  Object.entries(schema.shape).map(([name, field]) => fieldOf(name, field as z.ZodType));

/** The texts that may show pictures (build/content/markdown.ts): the editor offers its image block in them. */
const PICTURED_TEXTS: readonly BodyKind[] = ["article", "legal"];

/** What each kind of Markdown text may hold (build/content/load.ts), as the editor's buttons. */
const TEXT_BUTTONS: Record<Exclude<BodyKind, "letter">, readonly string[]> = {
  article: ["bold", "italic", "link", "heading-two", "heading-three", "quote", "bulleted-list", "numbered-list"],
  news: ["bold", "italic", "link", "heading-two", "heading-three", "quote", "bulleted-list", "numbered-list"],
  legal: ["bold", "italic", "link", "heading-two", "heading-three", "quote", "bulleted-list", "numbered-list"],
  sections: ["bold", "italic", "link", "heading-two"],
  paragraphs: ["bold", "italic", "link"],
};

const TEXT_HINTS: Record<BodyKind, string> = {
  article: "The article. A heading 2 starts a section. A picture (the image block) needs its words, saying what it shows.",
  news: "The item's text.",
  legal: "The notice. Each heading 2 starts a section. A picture (the image block) needs its words, saying what it shows.",
  sections: "The introduction, then a section for each heading 2: paragraphs only.",
  paragraphs: "Paragraphs only: no headings, lists or quotes.",
  letter: "Plain text, exactly as the e-mail reads (no Markdown); {{visitorName}} and {{date}} are filled in for each inquiry.",
};
/** What every text may say besides: the site's facts, and invented words. */
const TEXT_NOTE =
  "{{practiceName}}, {{email}} and the other facts of Practice facts are filled in; placeholder(…) around words marks them as invented.";

/** A Markdown file's text, as the `body` field. */
function bodyField(kind: BodyKind): CmsField {
  if (kind === "letter") return { name: "body", label: "Text", widget: "text", hint: hintOf(TEXT_HINTS.letter, TEXT_NOTE) };
  return {
    name: "body",
    label: "Text",
    widget: "markdown",
    hint: hintOf(TEXT_HINTS[kind], TEXT_NOTE),
    buttons: TEXT_BUTTONS[kind],
    // Pictures where the text may show them; no code blocks or other components: the build refuses them.
    editor_components: PICTURED_TEXTS.includes(kind) ? ["image"] : [],
    ...(PICTURED_TEXTS.includes(kind) ? { linked_images: false } : {}),
    modes: ["rich_text", "raw"],
  };
}

const formatOf = (path: string) => (path.endsWith(".md") ? { format: "yaml-frontmatter" } : { format: "yaml" });

function folderCollection(name: keyof typeof folders, declared: Folder) {
  const fields = [...fieldsOf(declared.schema), bodyField(declared.body)];
  const has = (field: string) => field in declared.schema.shape;
  const page = PAGE_OF_PIECE[name];
  return {
    name,
    label: declared.label,
    label_singular: ONE_OF[name] ?? declared.label,
    description: `The files of content/${declared.folder}/; each file's name is its address on the site.`,
    folder: `content/${declared.folder}`,
    extension: "md",
    format: "yaml-frontmatter",
    create: true,
    delete: true,
    // The file's name is the piece's address: lowercase letters, digits and hyphens (build/content/tree.ts).
    slug: "{{slug}}",
    identifier_field: has("title") ? "title" : Object.keys(declared.schema.shape)[0]!,
    ...(has("status") ? { summary: "{{title}} ({{status}})" } : {}),
    ...(has("date")
      ? { sortable_fields: { fields: ["date", "title"], default: { field: "date", direction: "descending" } } }
      : has("order")
        ? { sortable_fields: { fields: ["order", "title"], default: { field: "order", direction: "ascending" } } }
        : {}),
    // Pieces may sit in subfolders (articles/2025/…): the build reads the folder at every depth.
    nested: { depth: 3, subfolders: false },
    aliases_field: false,
    ...(page ? { preview_path: page } : {}),
    fields,
  };
}

function fileEntry(name: string, declared: SingleFile) {
  return {
    name,
    label: declared.label,
    file: `content/${declared.path}`,
    ...formatOf(declared.path),
    fields: [...fieldsOf(declared.schema), ...(declared.body ? [bodyField(declared.body)] : [])],
  };
}

/** The collections of the editor: the folders of pieces, then the single files by group. */
function cmsCollections() {
  const groups = new Map<string, [string, SingleFile][]>();
  for (const [name, declared] of Object.entries(singleFiles) as [string, SingleFile][]) {
    const folder = declared.path.includes("/") ? declared.path.split("/")[0]! : "";
    groups.set(folder, [...(groups.get(folder) ?? []), [name, declared]]);
  }
  return [
    ...(Object.entries(folders) as [keyof typeof folders, Folder][]).map(([name, declared]) => folderCollection(name, declared)),
    ...[...groups].map(([folder, files]) => ({
      name: FILE_GROUPS[folder]?.name ?? folder,
      label: FILE_GROUPS[folder]?.label ?? labelOf(folder),
      description: `The files of content/${folder ? `${folder}/` : ""} the practice keeps one of.`,
      files: files.map(([name, declared]) => fileEntry(name, declared)),
    })),
  ];
}

/** The whole configuration but the backend and the site's address, which the Worker adds per request. */
export function cmsConfig() {
  return {
    // Pictures are uploaded into content/images/ and named from there (the editor writes /images/…, which the
    // build reads as images/…), their file names made plain (lowercase, digits and hyphens) as the Worker's
    // GitHub proxy and the content check take them.
    media_folder: `content/${IMAGES_FOLDER}`,
    public_folder: `/${IMAGES_FOLDER}`,
    // No stock photo services: the practice's pictures are its own, and the editor asks no other host.
    media_libraries: {
      default: { config: { max_file_size: MAX_IMAGE_BYTES, slugify_filename: true } },
      stock_assets: { providers: [] },
    },
    slug: { encoding: "ascii", clean_accents: true },
    output: { omit_empty_optional_fields: true },
    collections: cmsCollections(),
  };
}

/** The configuration as YAML, as /admin/content/config.yml serves it after the backend. */
export const cmsConfigYaml = () => stringify(cmsConfig(), { lineWidth: 0, aliasDuplicateObjects: false });
