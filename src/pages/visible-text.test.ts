import { describe, expect, it, vi } from "vitest";
import { fetchPath } from "../test/html.ts";
import { visibleText } from "../test/visible-text.ts";
import baseline from "./visible-text.baseline.json";

/*
 * The articles, the news item and the legal notices moved from TypeScript objects to Markdown files
 * (content/). The baseline is the visible text of every page as the site rendered it before the move
 * (8ccb15c); every page must read the same now. A deliberate change of copy updates the baseline in the
 * same commit, so its diff shows exactly what readers will see differently.
 */
describe("what readers see", () => {
  it.each(Object.entries(baseline))("%s reads as it did", async (path, text) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(visibleText(await (await fetchPath(path)).text())).toBe(text);
    vi.restoreAllMocks();
  });
});
