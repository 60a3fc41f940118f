import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AdminEnv } from "../gate.ts";

/**
 * What an action says on the page it leads back to ("Marked as handled.", "Deleted 3 inquiries."), carried
 * by a cookie the action sets on its redirect and the page clears as it shows it. A query parameter would
 * let anyone's link make the inbox announce an action nobody took; a cookie is set only by the action,
 * scoped to the one page, gone after one showing or a minute.
 */
const COOKIE = "inbox-notice";
const MAX_AGE_SECONDS = 60;

const cookieOptions = (c: Context<AdminEnv>, path: string) => ({
  path,
  httpOnly: true,
  sameSite: "Strict" as const,
  secure: new URL(c.req.url).protocol === "https:",
});

/** A 303 to `path` (at `fragment`, a part of the page, if given) that shows `notice` there once. */
export function redirectWithNotice(c: Context<AdminEnv>, path: string, notice: string, fragment = ""): Response {
  setCookie(c, COOKIE, notice, { ...cookieOptions(c, path), maxAge: MAX_AGE_SECONDS });
  return c.redirect(`${path}${fragment}`, 303);
}

/**
 * The notice an action left for the page at `path` (its address as the browser sees it: the inbox app sees
 * its requests without /admin), if any, cleared as it is read.
 */
export function takeNotice(c: Context<AdminEnv>, path: string): string | undefined {
  const notice = getCookie(c, COOKIE);
  if (notice !== undefined) deleteCookie(c, COOKIE, cookieOptions(c, path));
  return notice;
}
