/**
 * The kinds of field a content file may hold, as zod schemas with the wording a writer sees when one is
 * wrong. Each field carries a description (what it is, for error lists, the launch check and the browser
 * editor) and, where the site sets it in the serif display face rather than the body face, that face: the
 * build cuts the web fonts to what each face sets (build/content/text.ts).
 */
import * as z from "zod";

/** The face a text field is set in on the site, when it is not the body face. */
export type DisplayFace = "serif" | "serif-italic";

declare module "zod" {
  interface GlobalMeta {
    readonly face?: DisplayFace;
    /** A picture of content/images/ (picture): the browser editor offers an image field and an upload for it. */
    readonly picture?: true;
    /** A date written YYYY-MM-DD (isoDate): the browser editor offers a date picker for it. */
    readonly format?: "date";
    /** The browser editor's label for a field whose key in words would not be plain enough ("perDay"). */
    readonly label?: string;
    /** How the browser editor names each item of a list of these (a summary template: "{{fields.name}}"). */
    readonly summary?: string;
  }
}

/** One line or paragraph of the practice's words. */
export const text = (description: string) => z.string({ error: "must be text" }).trim().min(1, "must not be empty").describe(description);

/** Text the site sets in the serif display face: titles, headings, the brand. */
export const heading = (description: string) => text(description).meta({ face: "serif" });

/** Text the site sets in the serif's italic: quotations and notes. */
export const italic = (description: string) => text(description).meta({ face: "serif-italic" });

/**
 * Text with `{name}` slots the site fills in as it shows it (a page number, a topic): only the names given
 * may appear, and each of them must. `kind` is the text's own kind (a search description, say).
 */
export const template = (description: string, names: readonly string[], kind: (description: string) => z.ZodString = text) =>
  kind(`${description} (with ${names.map((name) => `{${name}}`).join(" and ")} where each goes)`).check((payload) => {
    const used = [...payload.value.matchAll(/(?<!\{)\{(\w+)\}(?!\})/g)].map((match) => match[1]!);
    const unknown = used.filter((name) => !names.includes(name));
    const missing = names.filter((name) => !used.includes(name));
    const slots = names.map((name) => `{${name}}`).join(", ");
    for (const name of unknown)
      payload.issues.push({
        code: "custom",
        input: payload.value,
        message: `{${name}} is not something this text can show (it can show ${slots})`,
      });
    for (const name of missing) payload.issues.push({ code: "custom", input: payload.value, message: `must say {${name}} where it goes` });
  });

/** YYYY-MM-DD, and a day that exists (2025-02-30 does not). */
export const isoDate = (description: string) =>
  z
    .string({ error: "must be a date written YYYY-MM-DD, e.g. 2025-11-04" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date written YYYY-MM-DD, e.g. 2025-11-04", abort: true })
    .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "is not a real date")
    .describe(description)
    .meta({ format: "date" });

/** Search engines show about 155 characters; under 50 says too little to be chosen as a snippet. */
export const searchDescription = (description = "one or two sentences for search results and shared links") =>
  text(description)
    .min(50, "must be at least 50 characters: one or two sentences for search results and shared links")
    .max(200, "must be at most 200 characters: search results cut longer text");

/** A path on this site (/contact) or a full web address. */
export const link = (description: string) =>
  text(description).refine(
    (value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^/\s]+/.test(value),
    "must be a path such as /contact or a full address such as https://example.com",
  );

/** A full web address of another site. */
export const webAddress = (description: string) =>
  text(description).regex(/^https:\/\/[^/\s]+\.[^/\s]+/, "must be a full address beginning https://, e.g. https://example.com");

export const emailAddress = (description: string) =>
  text(description).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "must be an e-mail address, e.g. hello@example.com");

/** A part of an address: lowercase letters, digits and hyphens. */
export const slug = (description: string) =>
  text(description).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and hyphens, e.g. jordan-avery");

/**
 * A whole number, written as one (`order: 2`) or as a numeral in quotes (`year: '2024'`): the browser editor
 * edits numbers as text, so that `placeholder(2024)` stays editable, and writes what it saved in quotes.
 */
export const wholeNumber = (description: string, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) =>
  z
    .preprocess(
      (value) => (typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
      z
        .number({ error: "must be a whole number" })
        .int("must be a whole number")
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`),
    )
    .describe(description);

export const year = (description: string) => wholeNumber(description, { min: 1900, max: 2100 });

/** A list of one or more items. */
export const list = <T extends z.ZodType>(item: T, description: string) =>
  z.array(item, { error: "must be a list (each item on a line starting with -)" }).min(1, "must list at least one").describe(description);

/** A heading and the list under it. */
export const headedList = <T extends z.ZodType>(item: T, description: string) =>
  z.strictObject({ heading: heading(`the heading of ${description}`), items: list(item, description) }).describe(description);

/**
 * A picture of content/images/, by its path under content/ (`images/jordan-avery.jpg`), and what it shows in
 * words, for people who cannot see it. The build checks the file (that it exists, its format, size and
 * pixels: build/content/images.ts). `alt` is never empty here: a portrait or a cover is never decoration.
 */
export const picture = (description: string) =>
  z
    .strictObject({
      src: z
        .string({ error: "must be the picture's path under content/, e.g. images/jordan-avery.jpg" })
        .trim()
        .regex(/^\/?images\/\S+$/, "must be the picture's path under content/, e.g. images/jordan-avery.jpg")
        .describe("the picture's file, in content/images/"),
      alt: z
        .string({ error: "must say what the picture shows, for people who cannot see it" })
        .trim()
        .min(1, "must say what the picture shows, for people who cannot see it (this picture is never decoration)")
        .describe("what the picture shows, in a sentence, for people who cannot see it"),
    })
    .describe(description)
    .meta({ picture: true });

/** A closing call to action: a heading, a sentence and the button's label. */
export const callToAction = (description = "the closing call to action") =>
  z
    .strictObject({
      heading: heading("its heading"),
      text: text("its sentence"),
      label: text("its button's label"),
    })
    .describe(description);

/** What every page file says of itself: its name in the browser's title bar, search description, breadcrumb. */
export const pageMeta = {
  title: text("the page's name in the browser's title bar and in search results, before the practice's name"),
  description: searchDescription(),
  crumb: text("the page's name in breadcrumbs"),
};
