import { describe, expect, it } from "vitest";
import { fillLetter } from "./mail-links.ts";

describe("filling in a letter", () => {
  it.each(["Ann $'", "Ann $`", "Ann $&", "Ann $$", "Ann $1", "Ann $<name>"])("takes the name %s literally", (name) => {
    const filled = fillLetter("{{date}}\n\nDear {{visitorName}},\n\nThank you.", { visitorName: name, date: "November 25, 2026" });
    expect(filled).toBe(`November 25, 2026\n\nDear ${name},\n\nThank you.`);
  });

  it("fills each token once, and never a token the values themselves hold", () => {
    expect(fillLetter("{{visitorName}} / {{visitorName}} / {{date}}", { visitorName: "{{date}}", date: "today" })).toBe(
      "{{date}} / {{date}} / today",
    );
  });
});
