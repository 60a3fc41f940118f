import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import * as z from "zod";
import { type Folder, type SingleFile, folders, singleFiles } from "../../src/content/schema/index.ts";
import { SEED } from "../content/test-project.ts";
import { type CmsField, cmsConfig, cmsConfigYaml, placeholderPattern } from "./config.ts";

/*
 * The browser editor's configuration is generated from the content schemas (config.ts); these tests hold the
 * two together. Each schema is walked here on its own terms (what the build accepts) and compared with the
 * editor's fields (what the editor offers), so a schema the generator reads wrong, or a kind of field it
 * does not know, fails here rather than in the attorney's browser.
 */

type Collection = ReturnType<typeof cmsConfig>["collections"][number];

/** What the build accepts of a field, in the terms both sides share. */
type Accepts =
  | { readonly kind: "text" | "date" | "number" | "boolean"; readonly required: boolean }
  | { readonly kind: "choice"; readonly required: boolean; readonly options: readonly string[] }
  | { readonly kind: "list"; readonly required: boolean; readonly item: Accepts | Record<string, Accepts> }
  | { readonly kind: "object"; readonly required: boolean; readonly fields: Record<string, Accepts> };

function accepted(schema: z.ZodType): Accepts {
  let inner = schema;
  let required = true;
  let isDate = false;
  for (;;) {
    if (z.globalRegistry.get(inner)?.format === "date") isDate = true;
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
      required = false;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodPipe) inner = inner.out as z.ZodType;
    else break;
  }
  if (inner instanceof z.ZodString) return { kind: isDate ? "date" : "text", required };
  if (inner instanceof z.ZodNumber) return { kind: "number", required };
  if (inner instanceof z.ZodBoolean) return { kind: "boolean", required };
  if (inner instanceof z.ZodEnum) return { kind: "choice", required, options: inner.options as string[] };
  if (inner instanceof z.ZodArray) {
    const element = accepted(inner.element as z.ZodType);
    return { kind: "list", required, item: element.kind === "object" ? element.fields : element };
  }
  if (inner instanceof z.ZodObject) return { kind: "object", required, fields: acceptedFields(inner) };
  throw new Error(`a ${inner.constructor.name} field: teach config.ts (and this test) what the editor offers for it`);
}

const acceptedFields = (schema: z.ZodObject) =>
  Object.fromEntries(Object.entries(schema.shape).map(([name, field]) => [name, accepted(field as z.ZodType)]));

/** What the editor offers for a field, in the same terms. */
function offered(field: CmsField): Accepts {
  const required = field.required !== false;
  switch (field.widget) {
    case "datetime":
      expect(field).toMatchObject({ type: "date", format: "YYYY-MM-DD" });
      return { kind: "date", required };
    case "image":
      expect(field).toMatchObject({ choose_url: false, accept: "image/jpeg,image/png,image/webp,image/avif" });
      return { kind: "text", required };
    case "string":
    case "text":
      // A whole number is edited as text that takes digits or placeholder(digits).
      return { kind: field.pattern?.[0] === "^(?:-?\\d+|placeholder\\(-?\\d+\\))$" ? "number" : "text", required };
    case "boolean":
      return { kind: "boolean", required };
    case "select":
      return { kind: "choice", required, options: field.options!.map((option) => (typeof option === "string" ? option : option.value)) };
    case "list":
      return { kind: "list", required, item: field.fields ? offeredFields(field.fields) : offered(field.field!) };
    case "object":
      return { kind: "object", required, fields: offeredFields(field.fields!) };
    default:
      throw new Error(`${field.name}: unexpected widget ${field.widget}`);
  }
}

const offeredFields = (fields: readonly CmsField[]) => Object.fromEntries(fields.map((field) => [field.name, offered(field)]));

const config = cmsConfig();
const collections = config.collections as readonly Collection[];
const folderCollection = (folder: string) =>
  collections.find((collection) => "folder" in collection && collection.folder === `content/${folder}`) as
    | (Collection & { fields: CmsField[] })
    | undefined;
const fileEntries = collections.flatMap((collection) => ("files" in collection ? collection.files : []));
const fileEntry = (path: string) => fileEntries.find((file) => file.file === `content/${path}`) as { fields: CmsField[] } | undefined;

const withoutBody = (fields: readonly CmsField[]) => fields.filter((field) => field.name !== "body");

describe("the editor's configuration, generated from the content schemas", () => {
  it("is a configuration Sveltia CMS accepts (its own JSON schema), with a backend added as the Worker adds it", () => {
    const schema = JSON.parse(readFileSync("node_modules/@sveltia/cms/schema/sveltia-cms.json", "utf8"));
    const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    // As src/admin/editor/editor.test.ts holds the Worker to serving it: its GitHub API, its sign-in window.
    const backend = {
      name: "github",
      repo: "owner/site",
      branch: "main",
      api_root: "https://example.com/admin/content/github",
      base_url: "https://example.com",
      auth_endpoint: "admin/content/sign-in",
      auth_methods: ["oauth"],
    };
    const served = { backend, logout_redirect_url: "/admin/content/", site_url: "https://example.com", ...parse(cmsConfigYaml()) };
    validate(served);
    expect(validate.errors ?? []).toEqual([]);
  });

  it("has every folder of pieces and every single file, once, at its path", () => {
    for (const declared of Object.values(folders) as Folder[]) expect(folderCollection(declared.folder), declared.folder).toBeDefined();
    for (const declared of Object.values(singleFiles) as SingleFile[]) expect(fileEntry(declared.path), declared.path).toBeDefined();
    const paths = [
      ...collections.flatMap((collection) => ("folder" in collection ? [collection.folder] : [])),
      ...fileEntries.map((file) => file.file),
    ];
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(Object.keys(folders).length + Object.keys(singleFiles).length);
  });

  it.each([
    ...(Object.values(folders) as Folder[]).map(
      (declared) => [`${declared.folder}/`, declared.schema, () => folderCollection(declared.folder)!.fields] as const,
    ),
    ...(Object.values(singleFiles) as SingleFile[]).map(
      (declared) => [declared.path, declared.schema, () => fileEntry(declared.path)!.fields] as const,
    ),
  ])(
    "offers for %s exactly the fields the build accepts: names, required, closed lists, dates, numbers, lists",
    (_path, schema, fields) => {
      expect(offeredFields(withoutBody(fields()))).toEqual(acceptedFields(schema));
    },
  );

  it("gives every Markdown file its text as `body`: Markdown with pictures where the build takes them, a letter's as plain text", () => {
    for (const declared of [...Object.values(folders), ...Object.values(singleFiles)] as (Folder | SingleFile)[]) {
      const fields = "folder" in declared ? folderCollection(declared.folder)!.fields : fileEntry(declared.path)!.fields;
      const body = fields.find((field) => field.name === "body");
      if (!declared.body) expect(body).toBeUndefined();
      else if (declared.body === "letter") expect(body).toMatchObject({ widget: "text" });
      else
        expect(body).toMatchObject({
          widget: "markdown",
          editor_components: declared.body === "article" || declared.body === "legal" ? ["image"] : [],
        });
    }
  });

  it("uploads pictures into content/images/, named as the content check and the GitHub proxy take them, with their words required", () => {
    expect(config).toMatchObject({
      media_folder: "content/images",
      public_folder: "/images",
      media_libraries: { default: { config: { max_file_size: 20 * 1024 * 1024, slugify_filename: true } } },
    });
    const photo = fileEntry(singleFiles.attorney.path)!.fields.find((field) => field.name === "photo")!;
    expect(photo).toMatchObject({ widget: "object", required: false });
    expect(photo.fields!.map(({ name, widget, required }) => ({ name, widget, required }))).toEqual([
      { name: "src", widget: "image", required: undefined },
      { name: "alt", widget: "string", required: undefined },
    ]);
    const cover = folderCollection("articles")!.fields.find((field) => field.name === "cover")!;
    expect(cover.fields!.map((field) => field.widget)).toEqual(["image", "string"]);
  });

  it("says in a field's hint what its schema describes, and that placeholder(…) marks an invented value", () => {
    const title = folderCollection("articles")!.fields.find((field) => field.name === "title")!;
    expect(title.hint).toContain(folders.articles.schema.shape.title.description!.replace(/^./, (letter) => letter.toUpperCase()));
    expect(title.hint).toContain("placeholder(…) marks an invented value");
    expect(title.label).toBe("Title");
    const site = fileEntry(singleFiles.site.path)!.fields;
    expect(site.find((field) => field.name === "practiceName")?.label).toBe("Practice name");
  });

  it("takes a schema's own label and list summary over the key in words", () => {
    const shape = singleFiles.consultations.schema.shape;
    const hours = fileEntry(singleFiles.consultations.path)!.fields;
    const field = (name: keyof typeof shape) => hours.find((each) => each.name === name)!;
    expect(field("perDay").label).toBe(z.globalRegistry.get(shape.perDay)!.label);
    expect(field("perDay").label).not.toBe("Per day");
    expect(field("weekly").summary).toBe(z.globalRegistry.get(shape.weekly.element)!.summary);
    expect(field("weekly").summary).toContain("{{fields.day}}");
  });
});

describe("the editor's patterns take every value the practice's files hold today", () => {
  /** Each value of some data with the editor's field for it. */
  function* valuesWithFields(data: unknown, fields: readonly CmsField[]): Generator<[CmsField, unknown]> {
    for (const field of fields) {
      const value = (data as Record<string, unknown> | undefined)?.[field.name];
      if (value === undefined) continue;
      if (field.widget === "object") yield* valuesWithFields(value, field.fields!);
      else if (field.widget === "list")
        for (const item of value as unknown[])
          yield* field.fields ? valuesWithFields(item, field.fields) : valuesWithFields({ item }, [field.field!]);
      else yield [field, value];
    }
  }

  const frontmatter = (text: string) => parse(/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "");
  const dataOf = (file: string) => (file.endsWith(".md") ? frontmatter(readFileSync(file, "utf8")) : parse(readFileSync(file, "utf8")));

  it.each([
    ["content/", "content"],
    ["the seed", SEED],
  ])("in %s (placeholders, numbers and dates included)", (_name, dir) => {
    let checked = 0;
    const check = (file: string, fields: readonly CmsField[]) => {
      for (const [field, value] of valuesWithFields(dataOf(file), fields)) {
        if (field.pattern) expect(String(value), `${file}: ${field.name}`).toMatch(new RegExp(field.pattern[0]));
        if (field.widget === "datetime") expect(String(value), `${file}: ${field.name}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (field.widget === "select") expect(offered(field)).toMatchObject({ options: expect.arrayContaining([value]) });
        checked++;
      }
    };
    for (const declared of Object.values(singleFiles) as SingleFile[]) check(join(dir, declared.path), fileEntry(declared.path)!.fields);
    for (const declared of Object.values(folders) as Folder[]) {
      for (const name of readdirSync(join(dir, declared.folder), { recursive: true }) as string[])
        if (name.endsWith(".md") && !name.endsWith("README.md"))
          check(join(dir, declared.folder, name), folderCollection(declared.folder)!.fields);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("and a pattern takes the value inside placeholder(…) as it takes the value itself", () => {
    const slug = new RegExp(placeholderPattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/));
    expect(["jordan-avery", "placeholder(jordan-avery)"].every((value) => slug.test(value))).toBe(true);
    expect(["Jordan Avery", "placeholder(Jordan Avery)", "placeholder(jordan-avery"].some((value) => slug.test(value))).toBe(false);
    const address = new RegExp(placeholderPattern(/^https:\/\/[^/\s]+\.[^/\s]+/));
    expect(address.test("placeholder(https://example.com)")).toBe(true);
    expect(address.test("example.com")).toBe(false);
  });
});
