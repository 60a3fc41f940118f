import { exports } from "cloudflare:workers";
import { decodeEntities } from "./visible-text.ts";

export { decodeEntities };

/**
 * A fresh client address (IPv6 documentation range) in a /64 of its own, so each request counts as a new
 * visitor (the rate limit keys IPv6 clients by their /64).
 */
export const visitorAddress = () => `2001:db8:${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}::1`;

/**
 * Requests a path (and query) from the Worker as a browser would, from a new visitor unless init names the
 * address. The path is appended to the origin, so "//x" stays a path rather than naming another host.
 */
export function fetchPath(path: string, init?: RequestInit): Promise<Response> {
  const request = new Request(`http://localhost${path}`, init);
  if (!request.headers.has("cf-connecting-ip")) request.headers.set("cf-connecting-ip", visitorAddress());
  return exports.default.fetch(request);
}

/** Text of the first element matching a tag (and optional attribute) in server HTML, tags stripped. */
function textOf(html: string, pattern: RegExp): string | undefined {
  const match = pattern.exec(html);
  return match?.[1]?.replace(/<[^>]+>/g, "").trim();
}

export const titleOf = (html: string) => decodeEntities(textOf(html, /<title>([\s\S]*?)<\/title>/) ?? "");

export const descriptionOf = (html: string) => decodeEntities(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "");

export const headingsOf = (html: string, level: 1 | 2 | 3) =>
  Array.from(html.matchAll(new RegExp(`<h${level}[^>]*>([\\s\\S]*?)</h${level}>`, "g")), (m) =>
    decodeEntities(m[1]!.replace(/<[^>]+>/g, "").trim()),
  );
