import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { allSubmissions, clearSubmissions } from "../../test/submissions.ts";
import { decodeEntities, fetchPath, visitorAddress } from "../../test/html.ts";
import { app } from "../app.ts";
import type { Env } from "../../env.ts";
import { MAX_CONTACT_BODY_BYTES } from "./contact.ts";

const valid = { name: "Ada Lovelace", email: "ada@example.com", organization: "Analytical Studio", message: "Hello,\nI have a question." };

const postJson = (body: unknown) =>
  fetchPath("/api/contact", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const postForm = (fields: Record<string, string>) =>
  fetchPath("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

/** Calls the app with some bindings replaced, to see how it behaves when a Cloudflare service fails. */
async function postWithEnv(overrides: Partial<Env>, init: RequestInit) {
  const ctx = createExecutionContext();
  const request = new Request("http://localhost/api/contact", { method: "POST", redirect: "manual", ...init });
  request.headers.set("cf-connecting-ip", visitorAddress());
  const response = await app.fetch(request, { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const brokenDatabase = {
  prepare: () => {
    throw new Error("D1_ERROR: database unavailable");
  },
} as unknown as D1Database;
/** A D1 that accepts the statement but fails to run it, however it is run, as a real outage does (drizzle then quotes the parameters). */
const failingDatabase = {
  prepare: (sql: string) => {
    const fail = () => Promise.reject(new Error(`D1_ERROR: storage unavailable: ${sql.slice(0, 20)}`));
    return { bind: () => ({ run: fail, all: fail, raw: fail, first: fail }) };
  },
} as unknown as D1Database;
const brokenQueue = {
  send: () => Promise.reject(new Error("Queue send failed")),
  sendBatch: () => Promise.reject(new Error("Queue send failed")),
} as unknown as Env["CONTACT_QUEUE"];

beforeEach(async () => {
  await clearSubmissions();
  vi.restoreAllMocks();
});

describe("POST /api/contact with JSON", () => {
  it("stores the trimmed submission, answers 201, and queues its notification", async () => {
    const response = await postJson({ ...valid, name: "  Ada Lovelace  " });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    const [row, ...others] = await allSubmissions();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ name: "Ada Lovelace", email: valid.email, organization: valid.organization, message: valid.message });
    expect(row!.queuedAt).toBeInstanceOf(Date);
    expect(row!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("stores an empty organization as NULL", async () => {
    expect((await postJson({ ...valid, organization: "   " })).status).toBe(201);
    expect((await allSubmissions())[0]!.organization).toBeNull();
  });

  it.each([
    ["an empty name", { ...valid, name: "" }, ["name"]],
    ["a whitespace-only message", { ...valid, message: " \n\t " }, ["message"]],
    ["no e-mail", { name: valid.name, message: valid.message }, ["email"]],
    ["a malformed e-mail", { ...valid, email: "ada@" }, ["email"]],
    ["a header-injection e-mail", { ...valid, email: "ada@example.com\r\nBcc: x@example.com" }, ["email"]],
    ["a name over its limit", { ...valid, name: "x".repeat(121) }, ["name"]],
    ["wrong types", { name: 1, email: true, message: ["x"] }, ["email", "message", "name"]],
    ["everything empty", {}, ["email", "message", "name"]],
  ])("refuses %s with 422 naming the fields, and stores nothing", async (_case, body, fields) => {
    const response = await postJson(body);
    expect(response.status).toBe(422);
    const answer = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(answer.error).toBe("invalid_submission");
    expect(Object.keys(answer.fields).sort()).toEqual(fields);
    expect(await allSubmissions()).toEqual([]);
  });

  it("answers broken JSON with 400", async () => {
    const response = await fetchPath("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name": "Ada",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_body" });
    expect(await allSubmissions()).toEqual([]);
  });

  it("answers a body over the limit with 413", async () => {
    const response = await postJson({ ...valid, message: "x".repeat(MAX_CONTACT_BODY_BYTES) });
    expect(response.status).toBe(413);
    expect(await allSubmissions()).toEqual([]);
  });

  it("answers other content types with 415", async () => {
    const response = await fetchPath("/api/contact", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify(valid),
    });
    expect(response.status).toBe(415);
    expect(await allSubmissions()).toEqual([]);
  });

  it.each([
    ["application/json; charset=iso-8859-1", "json"],
    ["application/json; charset=windows-1252", "json"],
    ['application/json; charset="latin1"', "json"],
    ["application/json;charset=UTF-16", "json"],
    ["application/x-www-form-urlencoded; charset=iso-8859-1", "form"],
  ] as const)("refuses a body declared as %s with 415 rather than store damaged text", async (contentType, kind) => {
    const fields = { ...valid, name: "Zoë Ōtani" };
    const text = kind === "json" ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
    // What such a client sends: one byte per character (the Ō is lost on its side already).
    const body = Uint8Array.from(text, (character) => Math.min(character.charCodeAt(0), 0xff));
    const response = await fetchPath("/api/contact", {
      method: "POST",
      headers: { "content-type": contentType },
      body,
      redirect: "manual",
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: "unsupported_media_type" });
    expect(await allSubmissions()).toEqual([]);
  });

  it.each([
    "application/json; charset=utf-8",
    "application/json; charset=UTF-8",
    'application/json; charset="utf-8"',
    "application/json;charset=utf8",
  ])("accepts UTF-8 declared as %s", async (contentType) => {
    const response = await fetchPath("/api/contact", {
      method: "POST",
      headers: { "content-type": contentType },
      body: JSON.stringify({ ...valid, name: "Zoë Ōtani" }),
    });
    expect(response.status).toBe(201);
    expect((await allSubmissions())[0]!.name).toBe("Zoë Ōtani");
  });

  it.each(["GET", "PUT", "PATCH", "DELETE"])("answers %s with 405 and Allow: POST", async (method) => {
    const response = await fetchPath("/api/contact", {
      method,
      ...(method === "GET" ? {} : { body: "{}", headers: { "content-type": "application/json" } }),
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("answers 500 and stores nothing when D1 fails, logging the failure without the message", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await postWithEnv(
      { DB: failingDatabase },
      { headers: { "content-type": "application/json" }, body: JSON.stringify(valid) },
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: "storage_failed" });
    expect(await allSubmissions()).toEqual([]);
    expect(String(logged.mock.calls)).toMatch(/could not be stored: .*D1_ERROR/);
    expect(String(logged.mock.calls)).not.toContain("I have a question");
  });

  it("answers once the row is stored, without waiting for the queue", async () => {
    // A queue that never answers: the visitor's answer must not wait for it.
    const silentQueue = { send: () => new Promise(() => {}), sendBatch: () => new Promise(() => {}) } as unknown as Env["CONTACT_QUEUE"];
    const request = new Request("http://localhost/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": visitorAddress() },
      body: JSON.stringify(valid),
    });
    const waited = new Promise<"still waiting">((settle) => setTimeout(() => settle("still waiting"), 5_000));
    const answer = await Promise.race([app.fetch(request, { ...env, CONTACT_QUEUE: silentQueue }, createExecutionContext()), waited]);
    expect(answer === "still waiting" ? answer : answer.status).toBe(201);
    expect(await allSubmissions()).toHaveLength(1);
  });

  it("still answers success when the queue refuses the message, leaving the row for the sweep", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await postWithEnv(
      { CONTACT_QUEUE: brokenQueue },
      { headers: { "content-type": "application/json" }, body: JSON.stringify(valid) },
    );
    expect(response.status).toBe(201);
    const [row] = await allSubmissions();
    expect(row).toMatchObject({ name: valid.name, notificationStatus: "pending", queuedAt: null });
    expect(String(logged.mock.calls[0])).not.toContain(valid.message);
  });
});

describe("POST /api/contact from the plain HTML form (no JavaScript)", () => {
  it("stores the submission and redirects to the contact page's success message", async () => {
    const response = await postForm({ ...valid, organization: "" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/contact?sent=1");
    expect(await allSubmissions()).toHaveLength(1);

    const page = decodeEntities(await (await fetchPath("/contact?sent=1")).text());
    expect(page).toContain("Message Sent!");
    expect(page).toContain("Thank you for reaching out. We'll be in touch soon.");
  });

  it("answers missing fields with the contact page, the spec's message and the typed values kept", async () => {
    const response = await postForm({ name: "Ada <Lovelace>", email: "", organization: "Studio", message: "My draft message" });
    expect(response.status).toBe(422);
    const raw = await response.text();
    // What the visitor typed comes back escaped, never as markup.
    expect(raw).not.toContain("<Lovelace>");
    const page = decodeEntities(raw);
    expect(page).toContain("Missing Information");
    expect(page).toContain("Please fill in all required fields.");
    expect(page).toMatch(/<input[^>]*name="name"[^>]*value="Ada <Lovelace>"/);
    expect(page).toMatch(/<input[^>]*name="organization"[^>]*value="Studio"/);
    expect(page).toMatch(/<textarea[^>]*name="message"[^>]*>My draft message<\/textarea>/);
    expect(await allSubmissions()).toEqual([]);
  });

  it("answers a storage failure with the contact page's error message and the values kept", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await postWithEnv(
      { DB: brokenDatabase },
      { headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(valid).toString() },
    );
    expect(response.status).toBe(500);
    const page = decodeEntities(await response.text());
    expect(page).toContain("Failed to send message. Please try again or email us directly.");
    expect(page).toMatch(/<input[^>]*name="email"[^>]*value="ada@example.com"/);
  });
});
