import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { routeTable } from "../routes/index.ts";
import type { AppEnv } from "./app-env.ts";
import { errorSummary } from "../db/error-summary.ts";
import { logText } from "../log-text.ts";
import { renderErrorPage, renderNotFoundPage } from "./render.tsx";

/*
 * Every error is the site's own: pages answer with the 404 or 500 page in the site's document, the API
 * (whose callers read JSON) with a JSON error.
 */

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/** No route took the request: an unknown path, or a method a page does not answer (e.g. POST /services). */
export const notFound: NotFoundHandler<AppEnv> = (c) => {
  if (!isApi(c.req.path)) return renderNotFoundPage(c);
  return c.json({ error: "not_found", message: "There is nothing at this address." }, 404);
};

/**
 * Something threw while answering. The visitor gets a short reference; the log gets the same reference with
 * the error, the method and the path, never the query or the body (which can hold what a visitor wrote).
 */
export const serverError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  const reference = crypto.randomUUID().slice(0, 8);
  console.error(`Error ${reference} answering ${logText(c.req.method)} ${logText(c.req.path)}: ${errorSummary(error)}${stackOf(error)}`);
  if (isApi(c.req.path)) {
    c.header("Cache-Control", "no-store");
    return c.json({ error: "internal_error", message: "Something went wrong on our side. Please try again.", reference }, 500);
  }
  try {
    return renderErrorPage(c, routeTable.serverError(reference), 500);
  } catch (renderError) {
    console.error(`Error ${reference}: the error page failed too: ${errorSummary(renderError)}`);
    return c.text(`Something went wrong on our side. Please try again in a moment. Reference: ${reference}`, 500);
  }
};

/** Where the error was thrown: the stack's frames only (its first line repeats the message). */
function stackOf(error: unknown): string {
  const frames = error instanceof Error ? (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line)) : [];
  return frames.length > 0 ? `\n${frames.join("\n")}` : "";
}
