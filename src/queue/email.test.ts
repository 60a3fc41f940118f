import { describe, expect, it } from "vitest";
import type { ContactSubmission } from "../db/schema.ts";
import { buildNotificationEmail } from "./email.ts";

const submission: ContactSubmission = {
  id: "5f0c7a4e-1111-4222-8333-944455556666",
  name: "Ada <script>alert(1)</script> Lovelace",
  email: "ada@example.com",
  organization: null,
  message: "Hello & welcome\n<b>bold</b> \"quoted\"",
  createdAt: new Date("2026-11-21T18:30:00Z"),
  notificationStatus: "pending",
  notificationAttempts: 0,
  notifiedAt: null,
  notificationLeaseUntil: null,
  queuedAt: null,
  notificationError: null,
  notificationLastAttemptAt: null,
  handledAt: null,
  handledBy: null,
};
const route = { from: "website@practice.example", to: "inbox@practice.example" };

/** The decoded text of the body part with this content type. */
function partOf(raw: string, contentType: string): string {
  const start = raw.indexOf(`Content-Type: ${contentType}`);
  const body = raw.slice(raw.indexOf("\r\n\r\n", start) + 4).split("\r\n--")[0]!;
  return new TextDecoder().decode(Uint8Array.from(atob(body.replace(/\r\n/g, "")), (c) => c.charCodeAt(0)));
}

const headerOf = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(raw)?.[1]?.trim();
const decodeWord = (value = "") => value.replace(/=\?utf-8\?B\?([^?]+)\?=/gi, (_, b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))));

describe("the notification e-mail", () => {
  const raw = buildNotificationEmail(submission, route);

  it("comes from and goes to the configured addresses, with Reply-To the visitor", () => {
    expect(headerOf(raw, "From")).toMatch(/<website@practice\.example>$/);
    expect(headerOf(raw, "To")).toBe("<inbox@practice.example>");
    expect(headerOf(raw, "Reply-To")).toMatch(/<ada@example\.com>$/);
    expect(decodeWord(headerOf(raw, "Reply-To"))).toContain("Ada <script>alert(1)</script> Lovelace");
  });

  it("names the visitor in the subject", () => {
    expect(decodeWord(headerOf(raw, "Subject"))).toBe(`New inquiry from ${submission.name}`);
    const withOrganization = buildNotificationEmail({ ...submission, name: "Ada", organization: "Studio" }, route);
    expect(decodeWord(headerOf(withOrganization, "Subject"))).toBe("New inquiry from Ada (Studio)");
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

  it("carries a Message-ID derived from the submission", () => {
    expect(headerOf(raw, "Message-ID")).toBe(`<contact-${submission.id}@practice.example>`);
  });
});
