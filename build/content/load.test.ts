import { describe, expect, it } from "vitest";
import { loadContent } from "./load.ts";
import { articleScaffold } from "./scaffold.ts";
import { problemLines, project, readSeed, seedSite } from "./test-project.ts";

const description = "A description long enough for search results, at least fifty characters in all.";
const article = (fields: Record<string, string> = {}, body = "Some text.") =>
  `---\n${Object.entries({ title: "A Title", description, category: "Contracts", date: "2026-01-15", status: "published", ...fields })
    .filter(([, value]) => value !== "")
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n")}\n---\n\n${body}\n`;

/** The lines a content error prints, for files of one project. */
const problemsOf = (files: Record<string, string>) => problemLines(project(files));

const compile = (files: Record<string, string>, drafts = false) => loadContent({ root: project(files), drafts }).content;

describe("a bad file fails with one line naming the file, the field and what is wrong", () => {
  it.each([
    ["a missing title", article({ title: "" }), "content/articles/bad.md: title: is missing"],
    [
      "a date that is not a date",
      article({ date: "November 4, 2025" }),
      "content/articles/bad.md: date: must be a date written YYYY-MM-DD",
    ],
    ["a date that does not exist", article({ date: "2025-02-30" }), "content/articles/bad.md: date: is not a real date"],
    ["an unknown category", article({ category: "Tax" }), "content/articles/bad.md: category: must be one of Contracts, IP Law, General"],
    ["an unknown status", article({ status: "live" }), "content/articles/bad.md: status: must be one of draft, upcoming, published"],
    ["an unknown frontmatter key", article({ author: "Someone" }), "content/articles/bad.md: author: is not a known field"],
    ["a slug in the frontmatter", article({ slug: "other" }), "content/articles/bad.md: slug: is not a field: the slug is the file's name"],
    [
      "a description too short to be a snippet",
      article({ description: "Too short." }),
      "content/articles/bad.md: description: must be at least 50 characters",
    ],
    [
      "an update before the date",
      article({ updated: "2026-01-01" }),
      "content/articles/bad.md: updated: (2026-01-01) is before date (2026-01-15)",
    ],
  ])("%s", (_case, text, line) => {
    const problems = problemsOf({ "articles/bad.md": text });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(line);
  });

  it("two files with the same slug, naming both", () => {
    const problems = problemsOf({ "articles/same.md": article(), "articles/2026/same.md": article() });
    expect(problems).toEqual([
      `content/articles/same.md: slug: "same" is also the slug of content/articles/2026/same.md: rename one of the files`,
    ]);
  });

  it.each([
    ["raw HTML", "Hello <script>alert(1)</script> there.", "content/articles/bad.md:9: raw HTML is not allowed (<script>)"],
    ["a block of raw HTML", "<div>\nHello\n</div>", "content/articles/bad.md:9: raw HTML is not allowed (<div> Hello </div>)"],
    ["a javascript: link", "A [trap](javascript:alert(1)).", 'content/articles/bad.md:9: link to "javascript:alert(1)"'],
    [
      "a relative link",
      "See [the other one](other-article).",
      'content/articles/bad.md:9: link to "other-article": write a path on this site',
    ],
    [
      "a picture from outside content/images/",
      "![A drawing](/drawing.png)",
      'content/articles/bad.md:9: "/drawing.png" is not a picture of content/images/',
    ],
    ["a # heading", "# Another title", "content/articles/bad.md:9: a # heading is not allowed"],
    ["an unknown fact", "Write to {{phone}}.", "content/articles/bad.md:9: {{phone}} is not a fact of the site"],
    ["an unknown block", ":::warning\nCareful.\n:::", 'content/articles/bad.md:9: ":::warning" is not a known block'],
  ])("%s in the body, with its line", (_case, body, line) => {
    expect(problemsOf({ "articles/bad.md": article({}, body) })).toEqual([expect.stringContaining(line)]);
  });

  it("a file without frontmatter, or with broken YAML", () => {
    expect(problemsOf({ "articles/bare.md": "Just text." })).toEqual([
      expect.stringContaining("content/articles/bare.md:1: the file must begin with its frontmatter"),
    ]);
    expect(problemsOf({ "articles/broken.md": "---\ntitle: [unclosed\n---\n\nText." })[0]).toMatch(
      /^content\/articles\/broken\.md:\d+: the frontmatter is not valid YAML/,
    );
    expect(problemsOf({ "articles/fact.md": article({ title: "{{practiceName}} Turns Ten" }) })).toEqual([
      expect.stringMatching(
        /^content\/articles\/fact\.md:2: the frontmatter is not valid YAML: .*a value that begins with \{\{ or \[ must be written in quotes/,
      ),
    ]);
  });

  it("files in the wrong place or with names that cannot be addresses", () => {
    expect(problemsOf({ "articles/My Article.md": article() })).toEqual([
      expect.stringContaining("content/articles/My Article.md: the file's name is its address"),
    ]);
    expect(problemsOf({ "articles/notes.txt": "x" })).toEqual([
      "content/articles/notes.txt: only Markdown files (.md) belong in content/articles",
    ]);
    expect(problemsOf({ "artciles/typo.md": article() })).toEqual([
      "content/artciles: does not belong in content/ (see content/README.md for what goes where)",
    ]);
  });

  it("every problem of every file at once", () => {
    const problems = problemsOf({
      "articles/one.md": article({ title: "" }),
      "news/two.md": "---\ntitle: News\ndate: 2026-01-01\n---\n\nText.",
    });
    expect(problems).toEqual(["content/articles/one.md: title: is missing", "content/news/two.md: status: is missing"]);
  });

  it("an article about to be published that still holds the scaffold's words", () => {
    const scaffold = articleScaffold("Fresh Thoughts", "2026-11-22");
    expect(() => compile({ "articles/fresh-thoughts.md": scaffold })).not.toThrow();
    const problems = problemsOf({ "articles/fresh-thoughts.md": scaffold.replace("status: draft", "status: published") });
    expect(problems).toEqual([
      expect.stringContaining('content/articles/fresh-thoughts.md: description: still says "Replace this…"'),
      expect.stringMatching(/^content\/articles\/fresh-thoughts\.md:\d+: the text still says "Replace this…"/),
    ]);
  });
});

describe("a good file", () => {
  const body = [
    "An opening paragraph with *emphasis*, **strength** and a [link](/contact).",
    "## First Section",
    "- one\n- two",
    "### A Smaller Heading",
    "> A quoted line.",
    "| Use | Fee |\n| :-- | --: |\n| Print | $100 |",
    ":::callout[Practical tips]\n- Write it down.\n:::",
    "Read the [Copyright Office](https://www.copyright.gov/) or write to [{{email}}](mailto:{{email}}). Note:this stays text.",
    "## First Section",
  ].join("\n\n");
  const [compiled] = compile({ "articles/good-one.md": article({}, body) }).articles;

  it("becomes HTML with the body's structure and no classes of its own", () => {
    expect(compiled!.html).toContain(
      '<p>An opening paragraph with <em>emphasis</em>, <strong>strength</strong> and a <a href="/contact">link</a>.</p>',
    );
    expect(compiled!.html).toContain("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(compiled!.html).toContain("<blockquote>\n<p>A quoted line.</p>\n</blockquote>");
    expect(compiled!.html).not.toContain("class=");
  });

  it("gives headings stable ids, unique within the file", () => {
    expect(compiled!.html).toContain('<h2 id="first-section">First Section</h2>');
    expect(compiled!.html).toContain('<h3 id="a-smaller-heading">A Smaller Heading</h3>');
    expect(compiled!.html).toContain('<h2 id="first-section-1">First Section</h2>');
  });

  it("opens external links in a new tab, and fills in the site's facts", () => {
    expect(compiled!.html).toContain('<a href="https://www.copyright.gov/" target="_blank" rel="noopener noreferrer">Copyright Office</a>');
    expect(compiled!.html).toContain(`<a href="mailto:${seedSite.email}">${seedSite.email}</a>`);
    expect(compiled!.html).toContain("Note:this stays text.");
  });

  it("puts tables in a focusable scrolling frame, with alignment as data", () => {
    expect(compiled!.html).toMatch(/<div data-table-frame="" tabindex="0" role="region" aria-label="Table"><table>/);
    expect(compiled!.html).toContain('<th data-align="left">Use</th>');
    expect(compiled!.html).toContain('<td data-align="right">$100</td>');
    expect(compiled!.html).not.toMatch(/\salign=/);
  });

  it("turns a callout into an aside named by its title", () => {
    expect(compiled!.html).toMatch(/<aside data-callout aria-label="Practical tips"><p>Practical tips<\/p><ul>\n<li>Write it down.<\/li>/);
  });

  it("takes its slug and path from the file name, and the description as its excerpt", () => {
    expect(compiled).toMatchObject({ slug: "good-one", path: "/blog/good-one", excerpt: description, readingMinutes: 1 });
  });
});

describe("collections", () => {
  it("list articles newest first (then by name), leaving drafts out", () => {
    const { articles } = compile({
      "articles/older.md": article({ date: "2025-01-01" }),
      "articles/b-newer.md": article({ date: "2026-02-01" }),
      "articles/a-newer.md": article({ date: "2026-02-01" }),
      "articles/unfinished.md": article({ status: "draft" }),
    });
    expect(articles.map((entry) => entry.slug)).toEqual(["a-newer", "b-newer", "older"]);
  });

  it("ship no body for an upcoming article, which has no page yet", () => {
    const [upcoming] = compile({ "articles/soon.md": article({ status: "upcoming" }) }).articles;
    expect(upcoming).toMatchObject({ status: "upcoming", html: "" });
  });

  it("include drafts, marked, only in a local preview of drafts", () => {
    const [draft] = compile({ "articles/unfinished.md": article({ status: "draft" }) }, true).articles;
    expect(draft).toMatchObject({ slug: "unfinished", status: "published", previewDraft: true });
  });

  it("split a legal notice into sections, numbered when it says so, ordered by `order`", () => {
    const notice = (title: string, order: number, numbered: boolean) =>
      `---\ntitle: ${title}\ndescription: ${description}\neffective: 2025-11-03\norder: ${order}\nnumbered: ${numbered}\n---\n\nIntro text.\n\n## Use of the Site\n\nText.\n\n## Changes\n\nMore text.\n`;
    const { legal } = compile({ "legal/second.md": notice("Second", 2, false), "legal/first.md": notice("First", 1, true) });
    expect(legal.map((entry) => entry.slug)).toEqual(["first", "second"]);
    expect(legal[0]).toMatchObject({
      intro: "<p>Intro text.</p>",
      sections: [
        { id: "use-of-the-site", heading: "1. Use of the Site" },
        { id: "changes", heading: "2. Changes" },
      ],
    });
    expect(legal[1]!.sections.map((section) => section.heading)).toEqual(["Use of the Site", "Changes"]);
  });
});

describe("the practice's own files", () => {
  const siteFile = (change: (text: string) => string) => ({ "site.yaml": change(readSeed("site.yaml")) });

  it("compile with the site's facts filled in everywhere, YAML included", () => {
    const { site, pages, services, letters } = compile({});
    expect(site.feedTitle).toBe(`${site.practiceName}: Resources & Insights`);
    expect(pages.home.closing.heading).toBe(`Work with ${site.practiceName}`);
    expect(pages.attorney.paragraphs.join(" ")).toContain(`given ${site.founder.pronouns.object} a working knowledge`);
    expect(services.map((service) => service.path)).toEqual([
      "/services/creative-cultural",
      "/services/fractional-counsel",
      "/services/creative-tech",
      "/services/workshops",
    ]);
    expect(letters.nonEngagement.body).toContain("Dear {{visitorName}},");
    expect(letters.nonEngagement.subject).toBe(`Your inquiry to ${site.practiceName}`);
  });

  it("give a service's ## sections after its introduction, each as paragraphs", () => {
    const counsel = compile({}).services.find((service) => service.slug === "fractional-counsel")!;
    expect(counsel.intro).toHaveLength(2);
    expect(counsel.sections.map(({ id, heading }) => ({ id, heading }))).toEqual([{ id: "how-it-works", heading: "How It Works" }]);
    expect(counsel.sections[0]!.paragraphs[0]).toMatch(/^Every engagement begins/);
  });

  it("refuse an unknown field at any depth, naming the fields there are", () => {
    const problems = problemsOf(siteFile((text) => text.replace("  firstName:", "  nickname: Jo\n  firstName:")));
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/site\.yaml: founder\.nickname: is not a known field \(the fields are: name, firstName, slug, pronouns\)$/,
      ),
    ]);
  });

  it("take a number written in quotes, as the browser editor saves one, and nothing but a numeral", () => {
    const attorney = readSeed("pages/attorney.md").replace("year: placeholder(2019)", "year: '2019'");
    expect(compile({ "pages/attorney.md": attorney }).pages.attorney.careerHighlights.items[3]!.year).toBe(2019);
    const site = readSeed("site.yaml").replace(/copyrightYear: .*/, 'copyrightYear: "2026"');
    expect(compile({ "site.yaml": site }).site.copyrightYear).toBe(2026);
    expect(problemsOf({ "pages/attorney.md": attorney.replace("year: '2019'", "year: '2019a'") })).toEqual([
      "content/pages/attorney.md: careerHighlights.items[4].year: must be a whole number",
    ]);
  });

  it("name a list's item counted from 1", () => {
    const attorney = readSeed("pages/attorney.md").replace("year: placeholder(2019)", "year: last spring");
    expect(problemsOf({ "pages/attorney.md": attorney })).toEqual([
      "content/pages/attorney.md: careerHighlights.items[4].year: must be a whole number",
    ]);
  });

  it("are all required, and nothing else goes in pages/", () => {
    expect(problemsOf({ "pages/contact.yaml": "" })).toEqual([expect.stringMatching(/^content\/pages\/contact\.yaml: is missing/)]);
    expect(problemsOf({ "pages/about-us.md": "---\ntitle: x\n---\n" })).toEqual([
      expect.stringMatching(/^content\/pages\/about-us\.md: is not a file the site reads \(pages\/ holds .*home\.md/),
    ]);
  });

  it("word every field of the contact form, so a new field cannot go live without its label", () => {
    const contact = readSeed("pages/contact.yaml").replace(/ {2}organization:\n {4}label: .*\n {4}placeholder: .*\n/, "");
    expect(problemsOf({ "pages/contact.yaml": contact })).toEqual(["content/pages/contact.yaml: fields.organization: is missing"]);
  });

  it("include a privacy policy that states every retention period the clean-up job applies", () => {
    const policy = readSeed("legal/privacy-policy.md");
    expect(() => compile({ "legal/privacy-policy.md": policy })).not.toThrow();
    expect(problemsOf({ "legal/privacy-policy.md": policy.replace("{{conflictRecordPeriod}}", "ten years") })).toEqual([
      "content/legal/privacy-policy.md: must state how long the website keeps each record: write {{conflictRecordPeriod}} where it says so (the clean-up job applies it; see content/README.md)",
    ]);
  });

  it("keep a paragraph's words and its emphasis and links on one line, spaced as written", () => {
    const home = `${readSeed("pages/home.md")}\nWe read **every** clause, and [ask](/contact)\nfirst.\n`;
    expect(compile({ "pages/home.md": home }).pages.home.paragraphs.at(-1)).toBe(
      'We read <strong>every</strong> clause, and <a href="/contact">ask</a> first.',
    );
  });

  it("hold only paragraphs where a page shows paragraphs", () => {
    const home = `${readSeed("pages/home.md")}\n## A heading\n\n- a list\n`;
    expect(problemsOf({ "pages/home.md": home })).toEqual([
      expect.stringMatching(/^content\/pages\/home\.md:\d+: only paragraphs belong in this text/),
      expect.stringMatching(/^content\/pages\/home\.md:\d+: only paragraphs belong in this text/),
    ]);
  });

  it("refuse a letter's unknown token, and a page's use of the letter's own", () => {
    const letter = readSeed("letters/non-engagement.md").replace("Dear {{visitorName}}", "Dear {{clientName}}");
    expect(problemsOf({ "letters/non-engagement.md": letter })).toEqual([
      expect.stringContaining("{{clientName}} is not a fact of the site"),
    ]);
    const home = readSeed("pages/home.md").replace("We believe the law", "Dear {{visitorName}}, we believe the law");
    expect(problemsOf({ "pages/home.md": home })).toEqual([expect.stringContaining("{{visitorName}} is not a fact of the site")]);
  });

  it("refuse consultation hours that overlap, end before they start, name an unknown day, time or zone, or one kind twice", () => {
    const hours = readSeed("consultations.yaml");
    const firstWindow = /^ {2}- \{ day: (\w+), from: "([\d:]+)", to: "([\d:]+)" \}$/m.exec(hours)!;
    const [line, day, from, to] = firstWindow;
    const firstKind = /^ {2}- id: ([a-z0-9-]+)$/m.exec(hours)!;
    const problems = (text: string) => problemsOf({ "consultations.yaml": text });
    const overlapping = problems(hours.replace(line, `${line}\n  - { day: ${day}, from: "${from}", to: "23:00" }`));
    expect(overlapping.length).toBeGreaterThan(0);
    for (const problem of overlapping)
      expect(problem).toMatch(new RegExp(`^content/consultations\\.yaml: weekly\\[\\d+\\]: overlaps another ${day} window`));
    expect(problems(hours.replace(line, `  - { day: ${day}, from: "${from}", to: "${from}" }`))).toEqual([
      expect.stringMatching(/^content\/consultations\.yaml: weekly\[\d+\]\.to: from must be before to/),
    ]);
    expect(problems(hours.replace(line, `  - { day: someday, from: "${from}", to: "${to}" }`))).toEqual([
      expect.stringMatching(/^content\/consultations\.yaml: weekly\[\d+\]\.day: must be one of monday, .*sunday/),
    ]);
    expect(problems(hours.replace(line, `  - { day: ${day}, from: "9:30", to: "${to}" }`))).toEqual([
      expect.stringMatching(/^content\/consultations\.yaml: weekly\[\d+\]\.from: must be a time such as 09:30/),
    ]);
    expect(problems(hours.replace(/^timeZone: .*$/m, "timeZone: Mars/Olympus_Mons"))).toEqual([
      expect.stringMatching(/^content\/consultations\.yaml: timeZone: must be a time zone's name/),
    ]);
    const twice = hours.replace(
      /^ {4}where: .*$/m,
      (where) => `${where}\n  - id: ${firstKind[1]}\n    name: Again\n    minutes: 30\n    place: phone\n    where: By telephone.`,
    );
    expect(problems(twice)).toEqual([
      expect.stringMatching(new RegExp(`^content/consultations\\.yaml: kinds\\[\\d+\\]\\.id: ${firstKind[1]} is used by another kind`)),
    ]);
  });

  it("refuse a consultation offer that does not carry the booking link", () => {
    const offer = readSeed("letters/consultation-offer.md").replaceAll("{{bookingLink}}", "the link");
    expect(problemsOf({ "letters/consultation-offer.md": offer })).toEqual([
      "content/letters/consultation-offer.md: must say {{bookingLink}} where the person's booking link goes",
    ]);
  });

  it("refuse an engagement letter's covering e-mail that does not carry its link", () => {
    const invitation = readSeed("letters/engagement-invitation.md").replaceAll("{{engagementLink}}", "the link");
    expect(problemsOf({ "letters/engagement-invitation.md": invitation })).toEqual([
      "content/letters/engagement-invitation.md: must say {{engagementLink}} where the person's link to read and sign the letter goes",
    ]);
  });

  it("refuse a subject in the covering e-mail, whose subject is the engagement letter's", () => {
    const invitation = readSeed("letters/engagement-invitation.md").replace("---\n", "---\nsubject: Hello\n");
    expect(problemsOf({ "letters/engagement-invitation.md": invitation })).toEqual([
      expect.stringContaining("content/letters/engagement-invitation.md: subject: is not a known field"),
    ]);
  });
});

describe("placeholders", () => {
  it("show what they hold, in a field or in a text, and are each recorded with the field or line", () => {
    const { content, placeholders } = loadContent({ root: project({}) });
    expect(content.site.practiceName).toBe("Meridian Creative Law");
    expect(content.site.retention.messageMonths).toBe(24);
    expect(content.pages.attorney.careerHighlights.items[0]!.year).toBe(2024);
    expect(placeholders).toContainEqual({ file: "content/site.yaml", field: "founder.name", value: "Jordan Avery" });
    expect(placeholders).toContainEqual({ file: "content/pages/attorney.md", field: "careerHighlights.items[1].year", value: "2024" });
    expect(placeholders).toContainEqual(expect.objectContaining({ file: "content/pages/attorney.md", line: expect.any(Number) }));
    expect(JSON.stringify(content)).not.toContain("placeholder(");
  });

  it("are gone once the real value is written without the brackets", () => {
    const site = readSeed("site.yaml").replace("practiceName: placeholder(Meridian Creative Law)", "practiceName: Avery & Quinn Law");
    const { content, placeholders } = loadContent({ root: project({ "site.yaml": site }) });
    expect(content.site.practiceName).toBe("Avery & Quinn Law");
    expect(placeholders.map((placeholder) => placeholder.field)).not.toContain("practiceName");
  });

  it("may hold brackets, and one left open is a problem with its line", () => {
    const article = (body: string) => ({
      "articles/one.md": `---\ntitle: One\ndescription: "${description}"\ncategory: General\ndate: 2026-01-15\nstatus: published\n---\n\n${body}\n`,
    });
    expect(compile(article("Fees placeholder(are 10% (or less)) of sales.")).articles[0]!.html).toContain(
      "Fees are 10% (or less) of sales.",
    );
    expect(problemsOf(article("Fees placeholder(are 10% of sales."))).toEqual([
      "content/articles/one.md:9: placeholder( has no closing bracket )",
    ]);
  });
});
