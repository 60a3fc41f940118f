import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { slots } from "../../src/content/pictures.ts";
import { MAX_IMAGE_BYTES, variantsOf, writeVariants } from "./images.ts";
import { loadContent } from "./load.ts";
import { type TestFormat, testPicture } from "./test-pictures.ts";
import { problemLines, project, readSeed } from "./test-project.ts";

/*
 * Pictures of content/images/: each refusal the content check makes, with its one line naming the file and
 * the field (or line); what a good picture becomes; and its variants, encoded once.
 */

const description = "A description long enough for search results, at least fifty characters in all.";
const article = (front = "", body = "Some text.") =>
  `---\ntitle: A Title\ndescription: ${description}\ncategory: Contracts\ndate: 2026-01-15\nstatus: published\n${front}---\n\n${body}\n`;
const withPhoto = (photo: string) => readSeed("pages/attorney.md").replace("photoNote:", `${photo}\nphotoNote:`);
const photo = (src: string, alt = "The founder at a studio table") => `photo:\n  src: ${src}\n  alt: ${alt}`;

/** Pictures made once for all the tests: name → bytes. */
const pictures: Record<string, Buffer> = {};

beforeAll(async () => {
  const made: [string, number, number, TestFormat][] = [
    ["portrait.jpg", 900, 1125, "jpeg"],
    ["small.jpg", 300, 400, "jpeg"],
    ["cover.webp", 1280, 720, "webp"],
    ["banner.jpg", 1600, 300, "jpeg"],
    ["drawing.png", 640, 480, "png"],
    ["animated.gif", 600, 600, "gif"],
  ];
  for (const [name, width, height, format] of made) pictures[name] = await testPicture(width, height, format);
  pictures["gif-named.jpg"] = pictures["animated.gif"]!;
  pictures["not-a-picture.jpg"] = Buffer.from("This is a text file with a picture's name.");
  // Zeros: the size is refused before anything is read.
  pictures["huge.jpg"] = Buffer.alloc(MAX_IMAGE_BYTES + 1);
});

/** A project with these files under content/ and the pictures above in content/images/. */
function projectWith(files: Record<string, string>): string {
  const root = project(files);
  mkdirSync(join(root, "content", "images"), { recursive: true });
  for (const [name, bytes] of Object.entries(pictures)) writeFileSync(join(root, "content", "images", name), bytes);
  return root;
}

const problemsOf = (files: Record<string, string>) => problemLines(projectWith(files));

describe("a picture the content check refuses, with one line naming the file and the field", () => {
  it.each([
    [
      "a file that does not exist",
      photo("images/missing.jpg"),
      "content/pages/attorney.md: photo.src: images/missing.jpg does not exist: put the picture in content/images/",
    ],
    ["no alt", "photo:\n  src: images/portrait.jpg", "content/pages/attorney.md: photo.alt: is missing"],
    [
      "an empty alt (a portrait is never decoration)",
      photo("images/portrait.jpg", '""'),
      "content/pages/attorney.md: photo.alt: must say what the picture shows, for people who cannot see it (this picture is never decoration)",
    ],
    [
      "a path outside content/images/",
      photo("/public/portrait.jpg"),
      "content/pages/attorney.md: photo.src: must be the picture's path under content/, e.g. images/jordan-avery.jpg",
    ],
    [
      "a path that climbs out",
      photo("images/../site.yaml"),
      'content/pages/attorney.md: photo.src: "images/../site.yaml" is not a picture of content/images/',
    ],
    [
      "another format",
      photo("images/animated.gif"),
      "content/pages/attorney.md: photo.src: images/animated.gif is a .gif file: use a JPEG, PNG, WebP or AVIF picture",
    ],
    [
      "another format under a JPEG's name",
      photo("images/gif-named.jpg"),
      "content/pages/attorney.md: photo.src: images/gif-named.jpg is a GIF image: save it as JPEG, PNG, WebP or AVIF",
    ],
    [
      "a file that is not a picture",
      photo("images/not-a-picture.jpg"),
      "content/pages/attorney.md: photo.src: images/not-a-picture.jpg cannot be read as an image",
    ],
    [
      "a file over 20 MB",
      photo("images/huge.jpg"),
      "content/pages/attorney.md: photo.src: images/huge.jpg is 20.0 MB: a picture may be at most 20 MB",
    ],
    [
      "a picture smaller than the portrait is shown",
      photo("images/small.jpg"),
      "content/pages/attorney.md: photo.src: images/small.jpg is 300×400 px, smaller than the portrait is shown (432 px wide): use a larger picture",
    ],
  ])("the attorney's photo: %s", (_case, field, line) => {
    const problems = problemsOf({ "pages/attorney.md": withPhoto(field) });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(line);
  });

  it("an article's cover that cannot fill its 16:9 frame", () => {
    expect(problemsOf({ "articles/bad.md": article("cover:\n  src: images/banner.jpg\n  alt: A long gallery wall\n") })).toEqual([
      expect.stringContaining(
        "content/articles/bad.md: cover.src: images/banner.jpg is 1600×300 px, smaller than the cover is shown (624×351 px): use a larger picture",
      ),
    ]);
  });

  it.each([
    [
      "a picture without words",
      "![](images/drawing.png)",
      "content/articles/bad.md:9: the picture images/drawing.png needs words for people who cannot see it",
    ],
    ["a picture that does not exist", "![A drawing](images/nowhere.png)", "content/articles/bad.md:9: images/nowhere.png does not exist"],
    [
      "a picture from another site",
      "![A drawing](https://example.com/drawing.png)",
      'content/articles/bad.md:9: "https://example.com/drawing.png" is not a picture of content/images/',
    ],
    ["a picture too large a file", "![A drawing](images/huge.jpg)", "content/articles/bad.md:9: images/huge.jpg is 20.0 MB"],
    [
      "a picture by reference",
      "![A drawing][drawing]\n\n[drawing]: images/drawing.png",
      "content/articles/bad.md:9: write a picture as ![what it shows](images/….jpg)",
    ],
  ])("in an article's text: %s, with its line", (_case, body, line) => {
    expect(problemsOf({ "articles/bad.md": article("", body) })[0]).toContain(line);
  });

  it("in a text that shows no pictures (a news item, a page's paragraphs)", () => {
    expect(
      problemsOf({ "news/bad.md": "---\ntitle: News\ndate: 2026-01-01\nstatus: published\n---\n\n![A drawing](images/drawing.png)\n" }),
    ).toEqual(["content/news/bad.md:7: a picture goes in an article or a legal notice only, not in this text"]);
  });
});

describe("a good picture", () => {
  it("is a Picture named by the hash of its bytes, with its size and words, wherever content/ names it", () => {
    const { content, pictures: uses } = loadContent({
      root: projectWith({
        "pages/attorney.md": withPhoto(photo("images/portrait.jpg")),
        "articles/with-cover.md": article(
          "cover:\n  src: images/cover.webp\n  alt: Brushes on a signed contract\n",
          "Intro.\n\n![A sketch of the clauses](images/drawing.png)",
        ),
      }),
    });
    expect(content.pages.attorney.photo).toEqual({
      stem: expect.stringMatching(/^\/assets\/images\/portrait-[0-9a-f]{10}$/),
      width: 900,
      height: 1125,
      alt: "The founder at a studio table",
    });
    const [withCover] = content.articles;
    expect(withCover!.cover).toMatchObject({ width: 1280, height: 720, alt: "Brushes on a signed contract" });
    // Inside the text: a <picture> of AVIF and WebP sources and a JPEG <img> with its size and words, lazily.
    expect(withCover!.html).toMatch(
      /<picture><source type="image\/avif" srcset="\/assets\/images\/drawing-[0-9a-f]{10}-480\.avif 480w, \/assets\/images\/drawing-[0-9a-f]{10}-640\.avif 640w" sizes="[^"]+"><source type="image\/webp" srcset="[^"]+" sizes="[^"]+"><img sizes="[^"]+" srcset="[^"]+\.jpg 480w, [^"]+\.jpg 640w" src="[^"]+-640\.jpg" width="640" height="480" alt="A sketch of the clauses" loading="lazy" decoding="async"><\/picture>/,
    );
    // The build is told every picture and every slot it is shown in: the cover on its page and its cards.
    expect(uses.map((use) => `${use.file.split("/").at(-1)} ${use.slot}`).sort()).toEqual([
      "cover.webp card",
      "cover.webp cover",
      "drawing.png inline",
      "portrait.jpg portrait",
    ]);
  });

  it("becomes variants in AVIF, WebP and JPEG at its slot's widths, upright and stripped, each encoded once", async () => {
    const root = projectWith({ "pages/attorney.md": withPhoto(photo("images/portrait.jpg")) });
    const { pictures: uses, content } = loadContent({ root });
    const out = mkdtempSync(join(tmpdir(), "variants-"));
    // A photograph's metadata (a camera's EXIF, a location), which no variant may keep.
    const tagged = await sharp(pictures["portrait.jpg"]!)
      .withExif({ IFD0: { Copyright: "The practice", Artist: "A camera" } })
      .jpeg()
      .toBuffer();
    writeFileSync(uses[0]!.file, tagged);
    const count = await writeVariants(uses, root, out);
    const widths = [320, 480, 640, 900];
    expect(count).toBe(widths.length * 3);
    const files = readdirSync(join(out, "assets", "images")).sort();
    const stem = content.pages.attorney.photo!.stem.split("/").at(-1)!;
    expect(files).toEqual(widths.flatMap((width) => ["avif", "jpg", "webp"].map((format) => `${stem}-${width}.${format}`)).sort());
    for (const file of files) {
      const meta = await sharp(join(out, "assets", "images", file)).metadata();
      const width = Number(/-(\d+)\.\w+$/.exec(file)![1]);
      expect({ file, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
        file,
        width,
        height: Math.round((width * 1125) / 900),
        exif: undefined,
      });
    }
    // The second build takes them from the cache, as they were.
    const times = variantsOf(uses).map(
      (variant) => statSync(join(root, "node_modules", ".cache", "site-images", variant.path.split("/").at(-1)!)).mtimeMs,
    );
    await writeVariants(uses, root, mkdtempSync(join(tmpdir(), "variants-")));
    expect(
      variantsOf(uses).map(
        (variant) => statSync(join(root, "node_modules", ".cache", "site-images", variant.path.split("/").at(-1)!)).mtimeMs,
      ),
    ).toEqual(times);
    expect(slots.portrait.widths).toEqual([320, 480, 640, 960]);
  });
});
