import { FIRST_LOAD_JS_BUDGET, kib, measureFirstLoadJs } from "../scripts/lib/first-load-js.ts";
import { routeTable } from "../scripts/lib/site-routes.ts";
import { expect, test } from "./fixtures.ts";

/** Every route, the contact page with an outcome, and the 404 page. */
const paths = [...routeTable.routes.map((route) => route.path), "/contact?sent=1", "/no-such-page"];

test.describe("first-load JavaScript", () => {
  test(`stays within ${kib(FIRST_LOAD_JS_BUDGET)} gzip on every route`, async ({ page, console }) => {
    test.setTimeout(120_000);
    console.allow(/404/);
    const rows: string[] = [];
    for (const path of paths) {
      const load = await measureFirstLoadJs(page, path);
      rows.push(`${path.padEnd(36)} ${kib(load.gzip).padStart(9)}  ${load.scripts.map((file) => file.url.replace(/^\/assets\//, "")).join(" ")}`);
      expect.soft(load.gzip, `first-load JS of ${path}: ${load.scripts.map((file) => file.url).join(", ")}`).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
    }
    test.info().annotations.push({ type: "first-load JS (gzip -9)", description: `\n${rows.join("\n")}` });
    process.stdout.write(`\nfirst-load JS, ${test.info().project.name} (gzip -9, page scrolled through, no input):\n${rows.map((row) => `  ${row}`).join("\n")}\n`);
  });
});
