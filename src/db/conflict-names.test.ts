import { describe, expect, it } from "vitest";
import { type ConflictRecord, conflictKeys, conflictQuery, matchedParts, nameWords } from "./conflict-names.ts";

const record = (fields: Partial<ConflictRecord>): ConflictRecord => ({
  name: "Someone Else",
  email: "someone@example.org",
  organization: null,
  parties: null,
  ...fields,
});
const matches = (search: string, fields: Partial<ConflictRecord>) => matchedParts(conflictQuery(search)!, record(fields));

describe("a conflict search", () => {
  it.each([
    ["case", "zoe otani", { name: "ZOE OTANI" }, ["name"]],
    ["accents, either way", "Zoe Otani", { name: "Zoë Ōtani" }, ["name"]],
    ["accents in the search", "Ångström", { organization: "Angstrom Studio" }, ["organization"]],
    ["letters that do not decompose", "Oeystein Strasse", { name: "Øystein Straße" }, []],
    ["ø, ß and æ folded", "Oystein Strasse", { name: "Øystein Straße" }, ["name"]],
    ["punctuation", "OBrien", { name: "Máire O'Brien" }, ["name"]],
    ["company suffixes", "Acme", { organization: "ACME, Inc." }, ["organization"]],
    ["a suffix spelt with points", "Acme LLC", { parties: "Acme, L.L.C." }, ["party"]],
    ["each suffix", "Northwind", { parties: "Northwind Ltd.\nNorthwind Co.\nNorthwind Corp." }, ["party"]],
    ["words in any order", "Lovelace Ada", { name: "Ada Lovelace" }, ["name"]],
    ["one party of several lines", "Bob Jones", { parties: "Acme Gallery\nBob Jones" }, ["party"]],
    ["an address whole", "ADA@Example.com", { email: "ada@example.com" }, ["email"]],
    ["an address's domain, as an organization", "Acme", { email: "legal@acme.com" }, ["email"]],
  ] as const)("ignores %s", (_case, search, fields, parts) => {
    expect(matches(search, fields)).toEqual(parts);
  });

  it.each([
    ["part of a word", "Ann", { name: "Joanna Annersley" }],
    ["words split between two parties", "Bob Gallery", { parties: "Acme Gallery\nBob Jones" }],
    ["a different address", "ada@example.com", { email: "ada@example.org" }],
    ["a top-level domain alone", "com", { email: "ada@example.com" }],
    ["a suffix's word inside a name", "Inc", { organization: "Incline Studio" }],
  ] as const)("finds no match in %s", (_case, search, fields) => {
    expect(conflictQuery(search) ? matches(search, fields) : []).toEqual([]);
  });

  it("has nothing to search for in punctuation or a suffix alone", () => {
    for (const empty of ["", "  ", "…", "Inc.", "L.L.C."]) expect(conflictQuery(empty), empty).toBeUndefined();
  });
});

describe("the stored keys", () => {
  it("hold each entry's words between bars and spaces, for SQL to find candidates by word", () => {
    const keys = conflictKeys(
      record({ name: "Zoë Ōtani", email: "zoe@studio-north.com", organization: "Studio North, LLC", parties: "Acme Gallery\n\nB. Jones" }),
    );
    expect(keys).toBe("| zoe otani | zoe studio north | studio north | acme gallery | b jones |");
    for (const word of nameWords("Zoë Acme Jones")) expect(keys).toContain(` ${word} `);
  });
});
