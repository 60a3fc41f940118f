import * as z from "zod";
import { articleCategories, publicationStatuses } from "../../src/content/collections.ts";
import type { ContentProblem } from "./problems.ts";

/** YYYY-MM-DD, and a day that exists (2025-02-30 does not). */
const isoDate = z
  .string({ error: "must be a date written YYYY-MM-DD, e.g. 2025-11-04" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date written YYYY-MM-DD, e.g. 2025-11-04", abort: true })
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "is not a real date");

const text = (what: string) =>
  z
    .string({ error: `must be ${what}` })
    .trim()
    .min(1, "must not be empty");

/** Search engines show about 155 characters; under 50 says too little to be chosen as a snippet. */
const description = text("one or two sentences of text")
  .min(50, "must be at least 50 characters: one or two sentences for search results and shared links")
  .max(200, "must be at most 200 characters: search results cut longer text");

/** A path on this site (/contact) or a full web address. */
const link = text("a path such as /contact or a full address such as https://example.com").refine(
  (value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^/\s]+/.test(value),
  "must be a path such as /contact or a full address such as https://example.com",
);

const status = z.enum(publicationStatuses, { error: `must be one of ${publicationStatuses.join(", ")}` });

/** Frontmatter of content/articles/*.md. Unknown fields are refused, so a misspelt one is never ignored. */
export const articleFrontmatter = z.strictObject({
  title: text("the article's title"),
  description,
  /** The card's text; the description when left out. */
  excerpt: text("one or two sentences for the article's card").optional(),
  category: z.enum(articleCategories, { error: `must be one of ${articleCategories.join(", ")}` }),
  date: isoDate,
  updated: isoDate.optional(),
  status,
});

/** Frontmatter of content/news/*.md; the body is the item's text. */
export const newsFrontmatter = z.strictObject({
  title: text("the item's title"),
  date: isoDate,
  status,
  link: link.optional(),
});

/** Frontmatter of content/legal/*.md. A notice is published unless it says `status: draft`. */
export const legalFrontmatter = z.strictObject({
  title: text("the notice's title"),
  description,
  effective: isoDate,
  updated: isoDate.optional(),
  /** Whether the page numbers its sections (1., 2., …). */
  numbered: z.boolean({ error: "must be true or false" }).default(false),
  /** Place among the legal notices in the footer and sitemap, lowest first. */
  order: z.number({ error: "must be a whole number" }).int("must be a whole number").default(0),
  status: z.enum(["draft", "published"], { error: "must be draft or published" }).default("published"),
});

export type ArticleFrontmatter = z.output<typeof articleFrontmatter>;
export type NewsFrontmatter = z.output<typeof newsFrontmatter>;
export type LegalFrontmatter = z.output<typeof legalFrontmatter>;

/** Checks frontmatter against a collection's schema; each problem names its field. */
export function checkFrontmatter<Schema extends z.ZodType>(
  schema: Schema,
  data: unknown,
  file: string,
): { ok: true; value: z.output<Schema> } | { ok: false; problems: ContentProblem[] } {
  // No frontmatter, or YAML that did not parse: that problem is already reported, and is the one to fix.
  if (data === undefined) return { ok: false, problems: [] };
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  const problems = result.error.issues.flatMap((issue): ContentProblem[] => {
    if (issue.code === "unrecognized_keys") {
      const known = schema instanceof z.ZodObject ? Object.keys(schema.shape).join(", ") : "";
      return issue.keys.map((key) => ({
        file,
        field: key,
        message: key === "slug" ? "is not a field: the slug is the file's name" : `is not a known field (the fields are: ${known})`,
      }));
    }
    const field = issue.path.join(".") || undefined;
    const missing = issue.path.length > 0 && (typeof data !== "object" || data === null || !(String(issue.path[0]) in data));
    return [{ file, field, message: missing ? "is missing" : issue.message }];
  });
  return { ok: false, problems };
}

/** `updated` must not come before the date it updates. */
export function checkUpdatedAfter(first: string, updated: string | undefined, file: string, firstField: string): ContentProblem[] {
  return updated !== undefined && updated < first
    ? [{ file, field: "updated", message: `(${updated}) is before ${firstField} (${first})` }]
    : [];
}
