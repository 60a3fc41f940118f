import { pages, routeTable } from "../scripts/lib/site-routes.ts";
import { expect, test } from "./fixtures.ts";

/*
 * The article search on /resources, as a visitor uses it: with JavaScript, as they type, over every word of
 * every article (the index written at build); without, by sending the form, over titles and summaries.
 * The words searched for are taken from content/, whatever it holds.
 */
const { search } = pages.resources;
const articles = routeTable.byKind.article.map((route) => route.params.article);
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z]{7,}/g) ?? []);
const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&[a-z#0-9]+;/g, " ");

/** A word that one article's body holds and no other article's text, title or summary does. */
const bodyOnly = (() => {
  for (const article of articles) {
    const others = articles.filter((other) => other !== article);
    const elsewhere = new Set(
      [...others.map((other) => `${textOf(other.html)} ${other.title} ${other.excerpt}`), `${article.title} ${article.excerpt}`].flatMap(
        (text) => [...wordsOf(text)],
      ),
    );
    const word = [...wordsOf(textOf(article.html))].find((candidate) => !elsewhere.has(candidate));
    if (word) return { word, article };
  }
  return undefined;
})();

test.describe("searching the articles", () => {
  test("finds, as the visitor types, an article by a word only its text holds", async ({ page }) => {
    test.skip(!bodyOnly, "content/ has no word only one article's text holds");
    const { word, article } = bodyOnly!;
    await page.goto("/resources");
    const box = page.getByRole("searchbox", { name: search.label });
    await box.click();
    await box.pressSequentially(word, { delay: 30 });
    // The results are a list named by what the search says it found.
    const results = page.getByRole("list", { name: search.foundOne.replace("{query}", word) });
    await expect(results.getByRole("link")).toHaveText([article.title]);
    await results.getByRole("link", { name: article.title }).click();
    await expect(page).toHaveURL(new RegExp(`${article.path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
  });

  test("finds an article by a word only its text holds when the search is sent before the form is live", async ({ page }) => {
    test.skip(!bodyOnly, "content/ has no word only one article's text holds");
    const { word, article } = bodyOnly!;
    // The island's code is held back until the search is sent, so the browser sends the form itself.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/ArticleSearch-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.goto("/resources");
    const box = page.getByRole("searchbox", { name: search.label });
    await box.fill(word);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/resources\/search\?q=/);
    release();
    const results = page.getByRole("list", { name: search.foundOne.replace("{query}", word) });
    await expect(results.getByRole("link")).toHaveText([article.title]);
  });

  test("says so when nothing matches", async ({ page }) => {
    await page.goto("/resources");
    const box = page.getByRole("searchbox", { name: search.label });
    await box.click();
    await box.pressSequentially("zyzzogeton", { delay: 30 });
    await expect(page.getByText(search.none.replace("{query}", "zyzzogeton"))).toBeVisible();
  });
});

test.describe("searching without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sends the form, lists the articles whose title holds the words, and says what it searched when none does", async ({ page }) => {
    const article = articles[0];
    test.skip(!article, "content/ has no published article");
    const word = article!.title.split(/\s+/).at(-1)!;
    await page.goto("/resources");
    await page.getByRole("searchbox", { name: search.label }).fill(word);
    await page.getByRole("button", { name: search.submitLabel }).click();
    await expect(page).toHaveURL(/\/resources\/search\?q=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(search.title);
    await expect(page.getByText(search.titleSummaries)).toBeVisible();
    const results = page.getByRole("list", { name: /“/ });
    await expect(results.getByRole("link", { name: article!.title })).toBeVisible();

    await page.getByRole("searchbox", { name: search.label }).fill("zyzzogeton");
    await page.getByRole("button", { name: search.submitLabel }).click();
    await expect(page.getByText(search.summariesNone.replace("{query}", "zyzzogeton"))).toBeVisible();
    const topics = page.getByRole("navigation", { name: pages.resources.topics.label });
    for (const topic of routeTable.byKind.search[0]!.params.topics)
      await expect(topics.getByRole("link", { name: topic.name })).toHaveAttribute("href", topic.path);
  });
});
