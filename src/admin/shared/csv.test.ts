import { describe, expect, it } from "vitest";
import { csvField, csvRecord } from "./csv.ts";

describe("a CSV field", () => {
  it("is written as it is when it holds nothing special", () => {
    expect(csvField("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvField("")).toBe("");
    expect(csvField("Zoë Ōtani")).toBe("Zoë Ōtani");
  });

  it("is quoted when it holds a comma, a quote or a line break, a quote inside doubled (RFC 4180)", () => {
    expect(csvField("Studio North, LLC")).toBe('"Studio North, LLC"');
    expect(csvField('The "Frame" gallery')).toBe('"The ""Frame"" gallery"');
    expect(csvField("Acme\nNorthwind")).toBe('"Acme\nNorthwind"');
    expect(csvField("Acme\r\nNorthwind")).toBe('"Acme\r\nNorthwind"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","Open")', `"'=HYPERLINK(""http://evil.example"",""Open"")"`],
    ["+1 206 555 0100", `"'+1 206 555 0100"`],
    ["-2+3", `"'-2+3"`],
    ["@SUM(A1:A2)", `"'@SUM(A1:A2)"`],
    ["\t=1+1", `"'\t=1+1"`],
    ["\r=1+1", `"'\r=1+1"`],
  ])("reads %j as text in a spreadsheet: quoted, an apostrophe first", (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it("keeps a formula sign that is not first", () => {
    expect(csvField("Ada = Lovelace")).toBe("Ada = Lovelace");
  });
});

describe("a CSV record", () => {
  it("joins its fields with commas and ends with CRLF", () => {
    expect(csvRecord(["a", "b,c", "=d"])).toBe(`a,"b,c","'=d"\r\n`);
  });
});
