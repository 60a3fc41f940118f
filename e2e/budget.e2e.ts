import {
  ALL_ISLANDS_JS_BUDGET,
  FIRST_LOAD_JS_BUDGET,
  kib,
  measureAllIslandsJs,
  measureFirstLoadJs,
} from "../test/support/first-load-js.ts";
import { privateLinkPages, privateLinkPaths } from "../test/support/private-links.ts";
import { pagePathPerKind } from "../scripts/lib/site-routes.ts";
import { expect, isPhone, test } from "./fixtures.ts";
import { servers } from "./servers.ts";

const fileNames = (load: { scripts: readonly { url: string }[] }) =>
  load.scripts.map((file) => file.url.replace(/^\/assets\//, "")).join(" ");

test.describe("JavaScript budgets", () => {
  test(`first load within ${kib(FIRST_LOAD_JS_BUDGET)} gzip on a page of each kind and each private link's; every island live within ${kib(ALL_ISLANDS_JS_BUDGET)} at a phone's width`, async ({
    page,
    console,
  }) => {
    test.setTimeout(180_000);
    console.allow(/404/);
    // The pages behind a private link (a booking link, …) have no path in the route table: a fresh link of
    // each kind, made while the route table's pages are measured, then measured in the same page after them.
    const privateLinks = privateLinkPaths(servers.site.url);
    privateLinks.catch(() => {});
    // Wide screens also load the header's dropdown: their totals are printed, not held to the phone's budget.
    const holdAllIslands = isPhone(page);
    const rows: string[] = [];
    const measure = async (path: string, name = path) => {
      const load = await measureFirstLoadJs(page, path);
      const rest = await measureAllIslandsJs(page);
      const all = load.gzip + rest.gzip;
      rows.push(`${name.padEnd(36)} ${kib(load.gzip).padStart(9)} ${kib(all).padStart(10)}  ${fileNames(load)} + ${fileNames(rest)}`);
      expect.soft(load.gzip, `first-load JS of ${name}: ${fileNames(load)}`).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
      if (holdAllIslands)
        expect
          .soft(all, `JS of ${name} with every island live: ${fileNames(load)} ${fileNames(rest)}`)
          .toBeLessThanOrEqual(ALL_ISLANDS_JS_BUDGET);
    };
    for (const path of pagePathPerKind) await measure(path);
    for (const [index, path] of (await privateLinks).entries()) {
      // The secret left out of what is printed.
      await measure(path, `${path.replace(/[^/]+$/, "")}… (${privateLinkPages[index]!.kind})`);
    }
    const table = `${"route".padEnd(36)} ${"first load".padStart(9)} ${"all live".padStart(10)}  scripts\n${rows.join("\n")}`;
    test.info().annotations.push({ type: "JavaScript (gzip -9)", description: `\n${table}` });
    process.stdout.write(
      `\nJavaScript, ${test.info().project.name} ${page.viewportSize()?.width} px (gzip -9; first load: scrolled through, no input):\n${table
        .split("\n")
        .map((row) => `  ${row}`)
        .join("\n")}\n`,
    );
  });
});
