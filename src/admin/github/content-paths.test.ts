import { describe, expect, it } from "vitest";
import { pathProblem } from "./content-paths.ts";

/* The one rule for what the browser editor may write (proxy.ts) and what its commits may touch (the deploy check). */

describe("a path the editor may write", () => {
  it.each([
    "content/articles/licensing-a-mural.md",
    "content/site.yaml",
    "content/articles/2025/a_b.c~d.md",
    "content/images/jordan-avery.jpg",
  ])("is a file under content/: %s", (path) => expect(pathProblem(path)).toBeUndefined());
});

describe("a path the editor may not write", () => {
  it.each([
    ["package.json", /is outside content\//],
    [".github/workflows/ci.yml", /is outside content\//],
    ["contents/x.md", /is outside content\//],
    ["/content/x.md", /is outside content\//],
    ["content/../package.json", /climbs out/],
    ["content/articles/..", /climbs out/],
    ["content%2F..%2Fpackage.json", /encoded character/],
    ["content/%2e%2e/x.md", /encoded character/],
    ["content/.git/config", /never have/],
    ["content/./x.md", /never have/],
    ["content//x.md", /never have/],
    ["content/", /never have/],
    ["content/a\\..\\b.md", /never have/],
    ["content/a b.md", /never have/],
    ["content/x.md\n", /never have/],
  ])("%j: %s", (path, problem) => expect(pathProblem(path)).toMatch(problem));

  it("is anything but text", () => {
    for (const path of [undefined, null, 7, ["content/x.md"], ""]) expect(pathProblem(path)).toBe("a file path that is not text");
  });
});
