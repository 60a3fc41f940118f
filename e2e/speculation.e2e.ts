import { expect, test } from "@playwright/test";
import { type Session, type Tab, launchChromium } from "../test/support/cdp.ts";

/*
 * The site's speculation rules (src/seo/speculation-rules.ts) in Chromium, and what a prerendered page does
 * before it is shown (src/islands/client/activation.ts). Playwright attaches to pages in a way that makes Chromium
 * refuse to prerender, so these tests drive Chromium through test/support/cdp.ts, which attaches through the
 * tab as DevTools does. The rules are the same at every width, and a resting pointer is a desktop's: the
 * phone project skips them.
 */

test.skip(({ isMobile }) => isMobile, "speculation rules do not depend on the width; the resting pointer is a desktop's");

/** Console errors and warnings, and uncaught exceptions, of a session: none are expected. */
function consoleProblems(session: Session): string[] {
  const problems: string[] = [];
  session.on("Runtime.consoleAPICalled", (params) => {
    if (params.type === "error" || params.type === "warning") problems.push(`${params.type}: ${JSON.stringify(params.args)}`);
  });
  session.on("Runtime.exceptionThrown", (params) => problems.push(`exception: ${JSON.stringify(params.exceptionDetails)}`));
  return problems;
}

/**
 * A tab of a fresh desktop browser window (its size is the prerendered pages' too, which cannot scroll
 * before they are shown), with the Preload domain's reports on.
 */
async function desktopTab(run: (tab: Tab) => Promise<void>, { height = 900 } = {}) {
  const browser = await launchChromium({ args: [`--window-size=1280,${height}`] });
  try {
    const tab = await browser.newTab();
    await tab.page.send("Preload.enable");
    await run(tab);
  } finally {
    await browser.close();
  }
}

/**
 * Rests the pointer on the first visible link to `path` and waits until Chromium has prerendered it and the
 * prerendered document has loaded; returns the prerendered page's session, its console record, and where
 * the pointer is (to click there).
 */
async function prerenderLink(tab: Tab, origin: string, path: string) {
  const url = new URL(path, origin).href;
  const ready = tab.page.once(
    "Preload.prerenderStatusUpdated",
    (params) => (params.key as { url: string }).url === url && params.status === "Ready",
  );
  const attached = tab.nextPage((target) => target.subtype === "prerender");
  const point = await tab.page.hover(`a[href="${path}"]`);
  const { session } = await attached;
  const problems = consoleProblems(session);
  await session.send("Runtime.enable");
  await ready;
  await expect.poll(() => session.evaluate<string>("document.readyState")).toBe("complete");
  expect(await session.evaluate<string>("location.href")).toBe(url);
  return { session, problems, point };
}

/** What a page's own document asked for, by path, with when (ms from its time origin). */
const resources = (session: Session) =>
  session.evaluate<{ path: string; start: number }[]>(
    `performance.getEntriesByType("resource").map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }))`,
  );

/** The prerendered page's state: still prerendering, islands hydrated, the page's hydrated mark. */
const pageState = (session: Session) =>
  session.evaluate<{ prerendering: boolean; hydratedIslands: string[]; pageHydrated: string | null; activationStart: number }>(`({
    prerendering: document.prerendering,
    hydratedIslands: [...document.querySelectorAll("[data-island][data-hydrated]")].map((island) => island.dataset.island),
    pageHydrated: document.documentElement.dataset.hydrated ?? null,
    activationStart: performance.getEntriesByType("navigation")[0].activationStart,
  })`);

/** The files a prerendered page may fetch: its preloaded fonts and the island loader; no island, React or API. */
const allowedBeforeShown = /^\/(assets\/[\w-]+\.woff2|assets\/client-[\w-]+\.js|favicon\.svg)$/;

test("the rules take the site's page links and leave out the inbox, the API, Cloudflare's paths and the feed", async ({ baseURL }) => {
  await desktopTab(async (tab) => {
    const probe = "/legal-disclaimer?probe";
    let candidates: string[] = [];
    tab.page.on("Preload.preloadingAttemptSourcesUpdated", (params) => {
      candidates = (params.preloadingAttemptSources as { key: { action: string; url: string } }[])
        .filter((source) => source.key.action === "Prerender")
        .map((source) => new URL(source.key.url).pathname + new URL(source.key.url).search);
    });
    await tab.goto(new URL("/", baseURL).href);
    // The feed, as every page links it.
    const feed = await tab.page.evaluate<string>(`new URL(document.querySelector('link[type="application/atom+xml"]').href).pathname`);
    const excluded = ["/admin", "/admin/privacy", "/api/contact", "/cdn-cgi/l/email-protection", feed];
    // Links to each excluded address, and one to a page as a probe: once the probe is a candidate, the
    // browser has read every link added with it.
    await tab.page.evaluate(`document.querySelector("main").append(...${JSON.stringify([...excluded, probe])}.map((href) => {
      const link = document.createElement("a");
      link.href = href;
      link.textContent = href;
      return link;
    }))`);
    await expect.poll(() => candidates).toContain(probe);
    expect(candidates).toEqual(expect.arrayContaining(["/services", "/contact", "/about"]));
    for (const path of excluded) expect(candidates, path).not.toContain(path);
  });
});

test("a prerendered contact page does nothing until it is shown, then works", async ({ baseURL }) => {
  await desktopTab(async (tab) => {
    await tab.goto(new URL("/services", baseURL).href);
    const { session, problems, point } = await prerenderLink(tab, baseURL!, "/contact");
    // Not even a request to hydrate everything (what the other browser tests send) is heard before it is shown.
    await session.evaluate(`document.dispatchEvent(new Event("hydrate-islands"))`);
    await session.evaluate("new Promise((resolve) => setTimeout(resolve, 500))");

    expect(await pageState(session)).toMatchObject({ prerendering: true, hydratedIslands: [], pageHydrated: null });
    const before = await resources(session);
    expect(before.filter((resource) => !allowedBeforeShown.test(resource.path))).toEqual([]);
    expect(problems).toEqual([]);

    await tab.page.click(point);
    await expect.poll(() => session.evaluate<boolean>("document.prerendering")).toBe(false);
    const shown = await pageState(session);
    expect(shown.activationStart).toBeGreaterThan(0);
    // Shown, the form is live once the visitor reaches for it, as on any visit.
    await session.evaluate(`document.querySelector("form input[name=name]").focus()`);
    await expect.poll(async () => (await pageState(session)).hydratedIslands).toContain("contact-form");
    const islandFiles = (await resources(session)).filter((resource) => !allowedBeforeShown.test(resource.path));
    expect(islandFiles.length).toBeGreaterThan(0);
    for (const file of islandFiles) expect(file.start, file.path).toBeGreaterThanOrEqual(shown.activationStart);
    expect(problems).toEqual([]);
  });
});

test("a prerendered page hydrates its islands when shown, not before, even those already in view", async ({ baseURL }) => {
  await desktopTab(
    async (tab) => {
      await tab.goto(new URL("/services", baseURL).href);
      // Home's carousel hydrates when it comes near the viewport, which a prerendered page has: a window
      // this tall has it in view from the start.
      const { session, problems, point } = await prerenderLink(tab, baseURL!, "/");
      expect(
        await session.evaluate<boolean>(
          `document.querySelector("[data-island=article-carousel]").firstElementChild.getBoundingClientRect().top < innerHeight`,
        ),
      ).toBe(true);

      expect(await pageState(session)).toMatchObject({ prerendering: true, hydratedIslands: [], pageHydrated: null });
      expect((await resources(session)).filter((resource) => !allowedBeforeShown.test(resource.path))).toEqual([]);

      await tab.page.click(point);
      await expect.poll(async () => (await pageState(session)).hydratedIslands).toContain("article-carousel");
      const { activationStart } = await pageState(session);
      expect(activationStart).toBeGreaterThan(0);
      for (const file of (await resources(session)).filter((resource) => !allowedBeforeShown.test(resource.path)))
        expect(file.start, file.path).toBeGreaterThanOrEqual(activationStart);
      expect(problems).toEqual([]);
    },
    { height: 4000 },
  );
});
