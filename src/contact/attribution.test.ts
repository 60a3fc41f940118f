import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "../content/index.ts";
import { database } from "../db/client.ts";
import { addNote, notesOf } from "../db/notes.ts";
import { applyRetention, retentionCutoff } from "../queue/retention.ts";
import { fetchPath } from "../test/html.ts";
import { allSubmissions, clearSubmissions, storeSubmission } from "../test/submissions.ts";
import { visibleText } from "../test/visible-text.ts";
import { attributionOf, hostOfOtherSite, outsideHost, pathOnOrigin, sitePath } from "./attribution.ts";
import { monthsInWords } from "../content/durations.ts";

/*
 * Where an inquiry came from, noted first-party: what the form sends is kept only when it is what it claims to
 * be (a path of this site, a host name), the Referer fills in the form's own page, and all of it goes with
 * the message, as the privacy policy says.
 */

beforeEach(() => clearSubmissions());

const valid = { name: "Ada Lovelace", email: "ada@example.com", message: "Hello." };
const LONG = `/blog/${"a".repeat(2000)}`;

describe("a value the form sends", () => {
  it.each([["/"], ["/blog/how-to-license-artwork"], ["/services/creative-tech"], ["/caf%C3%A9"]])("keeps the path %s", (path) => {
    expect(sitePath(path)).toBe(path);
  });

  it.each([
    ["/book/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE", "/book/{secret}"],
    ["/engage/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE/signed.pdf", "/engage/{secret}/signed.pdf"],
    ["/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE.ics", "/calendar/{secret}"],
  ])("keeps a private link's path %s without its secret", (path, kept) => {
    expect(sitePath(path)).toBe(kept);
  });

  it.each([
    ["a full URL of another site", "https://evil.example/blog/x"],
    ["a full URL of this site", "http://localhost/blog/x"],
    ["a javascript: value", "javascript:alert(1)"],
    ["a protocol-relative address", "//evil.example/x"],
    ["a backslash address", "/\\evil.example"],
    ["a query", "/blog/x?email=ada@example.com"],
    ["a fragment", "/blog/x#top"],
    ["a line break", "/blog/x\nforged"],
    ["markup", '/"><script>alert(1)</script>'],
    ["2,000 characters", LONG],
    ["nothing", ""],
    ["not text", 42],
  ])("drops %s as a page", (_case, value) => {
    expect(sitePath(value)).toBeUndefined();
  });

  it("keeps a host name, in lower case, other than this site's", () => {
    expect(outsideHost("www.Google.com", "localhost")).toBe("www.google.com");
    expect(outsideHost("xn--bcher-kva.example", "localhost")).toBe("xn--bcher-kva.example");
    for (const value of [
      "https://evil.example/x",
      "javascript:alert(1)",
      "evil.example/path",
      "evil.example:8080",
      "-evil.example",
      "evil..example",
      "a".repeat(2000),
      "localhost",
      "",
      null,
    ])
      expect(outsideHost(value, "localhost"), String(value)).toBeUndefined();
  });

  it("reads a page from a URL of this origin only, and a host from a web address of another site only", () => {
    expect(pathOnOrigin("https://example.com/blog/x?q=1", "https://example.com")).toBe("/blog/x");
    expect(pathOnOrigin("https://other.example/blog/x", "https://example.com")).toBeUndefined();
    expect(pathOnOrigin("not a url", "https://example.com")).toBeUndefined();
    expect(hostOfOtherSite("https://www.google.com/", "example.com")).toBe("www.google.com");
    expect(hostOfOtherSite("https://example.com/about", "example.com")).toBeUndefined();
    expect(hostOfOtherSite("android-app://com.slack/", "example.com")).toBeUndefined();
    expect(hostOfOtherSite("", "example.com")).toBeUndefined();
  });

  it("falls back on the Referer for the form's page, never taking another site's", () => {
    const request = { url: "https://example.com/api/contact" };
    expect(attributionOf({}, "https://example.com/contact", request)).toEqual({
      sourcePage: "/contact",
      landingPage: null,
      referrerHost: null,
    });
    expect(attributionOf({}, "https://evil.example/contact", request)).toEqual({ sourcePage: null, landingPage: null, referrerHost: null });
    expect(
      attributionOf({ sourcePage: "/blog/x", landingPage: "/", referrerHost: "example.com" }, "https://example.com/contact", request),
    ).toEqual({ sourcePage: "/blog/x", landingPage: "/", referrerHost: null });
  });
});

describe("POST /api/contact", () => {
  const postJson = (body: unknown, referer = "http://localhost/contact") =>
    fetchPath("/api/contact", { method: "POST", headers: { "content-type": "application/json", referer }, body: JSON.stringify(body) });

  it("stores where the inquiry came from with it", async () => {
    const response = await postJson({
      ...valid,
      sourcePage: "/blog/how-to-license-artwork",
      landingPage: "/",
      referrerHost: "www.google.com",
    });
    expect(response.status).toBe(201);
    expect((await allSubmissions())[0]).toMatchObject({
      sourcePage: "/blog/how-to-license-artwork",
      landingPage: "/",
      referrerHost: "www.google.com",
    });
  });

  it.each([
    ["a full URL of another site", "https://evil.example/blog/x", "https://evil.example/"],
    ["a javascript: value", "javascript:alert(1)", "javascript:alert(1)"],
    ["2,000 characters", LONG, "a".repeat(2000)],
  ])("drops %s and still stores the inquiry, with the form's page from the Referer", async (_case, page, host) => {
    const response = await postJson({ ...valid, sourcePage: page, landingPage: page, referrerHost: host });
    expect(response.status).toBe(201);
    expect((await allSubmissions())[0]).toMatchObject({ name: valid.name, sourcePage: "/contact", landingPage: null, referrerHost: null });
  });

  it("takes the plain form's page from the Referer, which is all a browser without JavaScript tells", async () => {
    const response = await fetchPath("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", referer: "http://localhost/contact" },
      body: new URLSearchParams(valid).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect((await allSubmissions())[0]).toMatchObject({ sourcePage: "/contact", landingPage: null, referrerHost: null });
  });
});

describe("how long it is kept", () => {
  const { messageMonths } = site.retention;
  const now = new Date("2026-11-22T18:00:00Z");

  it("goes with the message, with the answer to how they heard of the practice and the practice's notes", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const old = await storeSubmission(new Date(retentionCutoff(now, messageMonths).getTime() - 60_000), { heard: "A workshop" });
    const recent = await storeSubmission(new Date(retentionCutoff(now, messageMonths).getTime() + 60_000), { heard: "A friend" });
    await env.DB.prepare("UPDATE contact_submissions SET source_page = '/blog/x', landing_page = '/', referrer_host = 'example.org'").run();
    const db = database(env.DB);
    for (const id of [old, recent]) await addNote(db, id, { text: "Called back.", by: "attorney@example.com", now });
    await applyRetention(env, now);
    const rows = await allSubmissions();
    expect(rows.find((row) => row.id === old)).toMatchObject({ heard: null, sourcePage: null, landingPage: null, referrerHost: null });
    expect(await notesOf(db, old)).toEqual([]);
    expect(rows.find((row) => row.id === recent)).toMatchObject({ heard: "A friend", sourcePage: "/blog/x", referrerHost: "example.org" });
    expect(await notesOf(db, recent)).toHaveLength(1);
  });

  it("is what the privacy policy tells visitors", async () => {
    const text = visibleText(await (await fetchPath("/privacy-policy")).text());
    expect(text).toContain("the page of this site you went to the form from, the first page of this site you opened in that browser tab");
    expect(text).toContain(
      `our own notes on your inquiry are kept as long as your message, ${monthsInWords(messageMonths)}, and erased with it`,
    );
    expect(text).toContain("session storage");
  });
});
