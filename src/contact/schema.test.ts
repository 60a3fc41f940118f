import { describe, expect, it } from "vitest";
import { contactFieldNames, contactLimits, missingRequiredFields } from "./fields.ts";
import { parseContact } from "./schema.ts";

const valid = { name: "Ada Lovelace", email: "ada@example.com", organization: "Analytical Studio", message: "Hello." };

describe("the contact schema", () => {
  it("accepts a complete submission and trims every field", () => {
    const result = parseContact({
      name: "  Ada  ",
      email: " ada@example.com ",
      organization: "  Studio ",
      parties: " Acme Gallery\nB. Jones \n",
      message: "\n Hi \n",
    });
    expect(result).toEqual({
      ok: true,
      data: {
        name: "Ada",
        email: "ada@example.com",
        organization: "Studio",
        parties: "Acme Gallery\nB. Jones",
        message: "Hi",
        heard: null,
      },
    });
  });

  it.each([[""], ["   "], [undefined], [null]])("stores organization %j as NULL", (organization) => {
    const result = parseContact({ ...valid, organization });
    expect(result.ok && result.data.organization).toBeNull();
  });

  it.each(["name", "email", "message"] as const)("requires %s, counting whitespace as empty", (field) => {
    for (const value of ["", "  \t ", undefined]) {
      const result = parseContact({ ...valid, [field]: value });
      expect(result.ok).toBe(false);
      expect(!result.ok && Object.keys(result.fieldErrors)).toEqual([field]);
    }
    expect(missingRequiredFields({ ...valid, [field]: "   " })).toEqual([field]);
  });

  it("checks the e-mail address with the browser's own rule", () => {
    for (const email of ["ada@example.com", "a.b+tag@sub.example.org", "ada@localhost"])
      expect(parseContact({ ...valid, email }).ok).toBe(true);
    for (const email of ["ada", "ada@", "@example.com", "ada@exa mple.com", "ada@@example.com", "<ada@example.com>"]) {
      const result = parseContact({ ...valid, email });
      expect(!result.ok && result.fieldErrors.email).toBe("Please enter a valid e-mail address.");
    }
  });

  it("refuses line breaks and control characters where they could reach e-mail headers", () => {
    for (const [field, value] of [
      ["name", "Ada\r\nBcc: victim@example.com"],
      ["email", "ada@example.com\r\nBcc: victim@example.com"],
      ["organization", "Studio\nX"],
      ["name", "Ada\u0000"],
    ] as const) {
      const result = parseContact({ ...valid, [field]: value });
      expect(result.ok, `${field}=${JSON.stringify(value)}`).toBe(false);
    }
  });

  it("refuses C1 controls and Unicode line or paragraph separators in one-line fields, and C1 controls in the message", () => {
    for (const character of ["\u0080", "\u0085", "\u008d", "\u009b", "\u009f", "\u2028", "\u2029"]) {
      for (const field of ["name", "organization"] as const) {
        const result = parseContact({ ...valid, [field]: `Ada${character}Lovelace` });
        expect(!result.ok && Object.keys(result.fieldErrors), `${field} with U+${character.codePointAt(0)!.toString(16)}`).toEqual([field]);
      }
    }
    for (const character of ["\u0080", "\u0085", "\u009f"])
      expect(parseContact({ ...valid, message: `Hi${character}there` }).ok).toBe(false);
    // Just past C1, and the message's own line breaks, are text.
    expect(parseContact({ ...valid, name: "Ada\u00a0Lovelace", organization: "Zoë & Co." }).ok).toBe(true);
    expect(parseContact({ ...valid, message: "One\u2028Two\u2029Three" }).ok).toBe(true);
  });

  it("refuses invisible formatting (bidi controls, zero-width characters) in name, e-mail and organization", () => {
    const formatting = [
      "\u200B",
      "\u200C",
      "\u200D",
      "\u202A",
      "\u202B",
      "\u202C",
      "\u202D",
      "\u202E",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
    ];
    for (const character of formatting) {
      const hex = `U+${character.codePointAt(0)!.toString(16).toUpperCase()}`;
      for (const [field, value] of [
        ["name", `Ada${character}Lovelace`],
        ["email", `ada${character}@example.com`],
        ["organization", `Studio${character}North`],
      ] as const) {
        const result = parseContact({ ...valid, [field]: value });
        expect(!result.ok && result.fieldErrors[field], `${field} with ${hex}`).toBe("Please remove invisible formatting characters.");
      }
      // The message and the other parties are texts a visitor may paste from anywhere: their rules are the message's.
      expect(parseContact({ ...valid, message: `Hello${character}there`, parties: `Acme${character}` }).ok, hex).toBe(true);
    }
  });

  it("refuses text with half a surrogate pair, which is not Unicode", () => {
    for (const broken of ["\uD800", "a\uDC00b", "\uD83D"]) {
      expect(parseContact({ ...valid, name: `Ada${broken}` }).ok).toBe(false);
      expect(parseContact({ ...valid, message: `Hi${broken}` }).ok).toBe(false);
    }
    expect(parseContact({ ...valid, name: "Ada 🎨 Zoë" }).ok).toBe(true);
  });

  it("keeps line breaks in the message but refuses other control characters there", () => {
    expect(parseContact({ ...valid, message: "Line one\r\nLine two\n\tIndented" }).ok).toBe(true);
    expect(parseContact({ ...valid, message: "Null \u0000 byte" }).ok).toBe(false);
  });

  it("enforces the length limits after trimming", () => {
    for (const field of ["name", "email", "organization", "message"] as const) {
      const limit = contactLimits[field];
      const atLimit = field === "email" ? `${"a".repeat(limit - 12)}@example.com` : "x".repeat(limit);
      expect(parseContact({ ...valid, [field]: `  ${atLimit}  ` }).ok, `${field} at its limit`).toBe(true);
      const result = parseContact({ ...valid, [field]: `${atLimit}x` });
      expect(!result.ok && result.fieldErrors[field], `${field} over its limit`).toMatch(/under/);
    }
  });

  it("answers wrong types and non-objects with field errors, not exceptions", () => {
    const wrongTypes = parseContact({ name: 42, email: ["ada@example.com"], organization: {}, message: true });
    expect(!wrongTypes.ok && Object.keys(wrongTypes.fieldErrors).sort()).toEqual(["email", "message", "name", "organization"]);
    for (const input of [null, "text", 7, []]) expect(parseContact(input).ok).toBe(false);
  });

  it("drops fields it does not know", () => {
    const result = parseContact({ ...valid, admin: true, id: "x" });
    expect(result.ok && Object.keys(result.data).sort()).toEqual([...contactFieldNames].sort());
  });
});
