import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { contactLimits } from "../contact/fields.ts";
import { parseContact } from "../contact/schema.ts";
import { site } from "../content/index.ts";
import type { ContactSubmission } from "../db/schema.ts";
import { buildNotificationEmail } from "./email.ts";

const submission: ContactSubmission = {
  id: "5f0c7a4e-1111-4222-8333-944455556666",
  name: "Ada <script>alert(1)</script> Lovelace",
  email: "ada@example.com",
  organization: null,
  parties: null,
  message: 'Hello & welcome\n<b>bold</b> "quoted"',
  heard: null,
  createdAt: new Date("2026-11-21T18:30:00Z"),
  notificationStatus: "pending",
  notificationAttempts: 0,
  notifiedAt: null,
  latestCheckMatches: null,
  notificationLeaseUntil: null,
  queuedAt: null,
  notificationError: null,
  notificationLastAttemptAt: null,
  intakeState: "new",
  intakeNote: null,
  intakeChangedAt: null,
  intakeChangedBy: null,
  conflictKeys: null,
  messageErasedAt: null,
  intakeCheckId: null,
  clearedReason: null,
  engagedAt: null,
  declinedAt: null,
  declinedFrom: null,
  declineLetter: null,
  declineLetterSentOn: null,
  followUpOn: null,
  sourcePage: null,
  landingPage: null,
  referrerHost: null,
};
const route = { from: "website@practice.example", to: "inbox@practice.example" };

/** The decoded text of the body part with this content type. */
function partOf(raw: string, contentType: string): string {
  const start = raw.indexOf(`Content-Type: ${contentType}`);
  const body = raw.slice(raw.indexOf("\r\n\r\n", start) + 4).split("\r\n--")[0]!;
  return new TextDecoder().decode(Uint8Array.from(atob(body.replace(/\r\n/g, "")), (c) => c.charCodeAt(0)));
}

/** The header block's lines, as sent (folded). */
const headerLines = (raw: string) => raw.slice(0, raw.indexOf("\r\n\r\n")).split("\r\n");

describe("the notification e-mail", () => {
  const raw = buildNotificationEmail(submission, route);

  it("comes from and goes to the configured addresses, with Reply-To the visitor", async () => {
    const mail = await PostalMime.parse(raw);
    expect(mail.from).toEqual({ name: `${site.practiceName} website`, address: route.from });
    expect(mail.to).toEqual([{ name: "", address: route.to }]);
    expect(mail.replyTo).toEqual([{ name: "Ada <script>alert(1)</script> Lovelace", address: "ada@example.com" }]);
  });

  it("says how many possible matches the check on arrival found, never whose, or that it did not run", async () => {
    const text = (check?: { matchCount: number; comparedNames: number | null }) => {
      const mail = buildNotificationEmail(submission, route, check);
      return [partOf(mail, "text/plain"), partOf(mail, "text/html")];
    };
    for (const part of text({ matchCount: 2, comparedNames: 40 })) {
      expect(part).toContain("2 possible matches in past inquiries and the conflict register");
      expect(part).not.toMatch(/no match/i);
    }
    for (const part of text({ matchCount: 0, comparedNames: 1234 })) expect(part).toContain("no match among 1,234 names");
    for (const part of text()) expect(part).toContain("did not run: check all names from the inbox");
  });

  it("names the visitor in the subject", async () => {
    expect((await PostalMime.parse(raw)).subject).toBe(`New inquiry from ${submission.name}`);
    const withOrganization = buildNotificationEmail({ ...submission, name: "Ada", organization: "Studio" }, route);
    expect((await PostalMime.parse(withOrganization)).subject).toBe("New inquiry from Ada (Studio)");
  });

  it("has a plain-text and an HTML part, the HTML escaping every field", () => {
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(partOf(raw, "text/plain")).toContain("Message:\r\nHello & welcome\r\n<b>bold</b>");
    const html = partOf(raw, "text/html");
    expect(html).toContain("Ada &lt;script&gt;alert(1)&lt;/script&gt; Lovelace");
    expect(html).toContain("Hello &amp; welcome");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt; &quot;quoted&quot;");
    expect(html).not.toContain("<script>");
    expect(html).toContain("(not given)");
  });

  it("keeps Unicode intact and uses only CRLF line breaks", () => {
    const unicode = buildNotificationEmail({ ...submission, name: "Zoë Ōtani 山田", message: "Café ☕\nDone" }, route);
    expect(unicode).not.toMatch(/[^\r]\n/);
    expect(partOf(unicode, "text/plain")).toContain("Name: Zoë Ōtani 山田");
    expect(partOf(unicode, "text/plain")).toContain("Café ☕\r\nDone");
  });

  it("carries threading headers derived from the submission; the platform writes the Message-ID", async () => {
    const mail = await PostalMime.parse(raw);
    expect(mail.headers.find((header) => header.key === "references")?.value).toBe(`<inquiry-${submission.id}@practice.example>`);
    expect(mail.headers.find((header) => header.key === "x-submission-id")?.value).toBe(submission.id);
  });
});

describe("the notification e-mail's headers, whatever the visitor typed", () => {
  /** The longest address the form accepts: a 64-character local part and 63-character labels, 254 in all. */
  const longestEmail = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`;
  const atLimit = (unit: string, limit: number) => unit.repeat(Math.floor(limit / unit.length));

  const cases: [string, Pick<ContactSubmission, "name" | "email" | "organization">][] = [
    [
      "every field at its limit in three-byte characters",
      { name: atLimit("山", contactLimits.name), organization: atLimit("山", contactLimits.organization), email: longestEmail },
    ],
    [
      "every field at its limit in four-byte characters",
      { name: atLimit("🎨", contactLimits.name), organization: atLimit("𝕬", contactLimits.organization), email: longestEmail },
    ],
    [
      "mixed scripts and combining marks",
      {
        name: atLimit("Zoë Ōtani e\u0301 ", contactLimits.name),
        organization: atLimit("مريم 山田 ", contactLimits.organization),
        email: "zoe@example.com",
      },
    ],
    [
      "ASCII at its limit, with the characters that mean something in headers",
      {
        name: atLimit('Ada "<x>" @,;: ', contactLimits.name),
        organization: atLimit("=?utf-8?B?x?= ", contactLimits.organization),
        email: longestEmail,
      },
    ],
    ["one short word", { name: "Ada", organization: null, email: "a@b.co" }],
  ];

  it.each(cases)("stay within RFC 5322 and RFC 2047 with %s, and decode to what was typed", async (_case, fields) => {
    const parsed = parseContact({ ...fields, message: "Hi." });
    if (!parsed.ok) throw new Error(`the form refuses these fields: ${JSON.stringify(parsed.fieldErrors)}`);
    fields = parsed.data;
    const raw = buildNotificationEmail({ ...submission, ...fields }, route);

    for (const line of headerLines(raw)) {
      // 998 octets is the hard limit; 78 characters the recommended one, which only an address too long to
      // fold (up to 254 characters, alone on its line) may pass.
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(998);
      if (!/^(\S+:)? ?<[^<>\s]+>$/.test(line)) expect(line.length, line).toBeLessThanOrEqual(78);
      expect(line, "headers are ASCII").toMatch(/^[\x20-\x7e]*$/);
    }
    for (const word of raw.match(/=\?[^?\s]+\?[bq]\?[^?\s]*\?=/gi) ?? []) expect(word.length, word).toBeLessThanOrEqual(75);

    const mail = await PostalMime.parse(raw);
    const organization = fields.organization ? ` (${fields.organization})` : "";
    expect(mail.subject).toBe(`New inquiry from ${fields.name}${organization}`);
    expect(mail.from).toEqual({ name: `${site.practiceName} website`, address: route.from });
    expect(mail.replyTo).toEqual([{ name: fields.name, address: fields.email }]);
    expect(mail.text).toContain(`Name: ${fields.name}`);
  });
});
