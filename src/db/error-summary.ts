import { logText } from "../log-text.ts";

/**
 * An error for the logs without what the visitor wrote: drizzle's query errors quote the statement's
 * parameters (the message itself), so only the underlying cause is kept, made safe for one line with any
 * private link's secret taken out (src/log-text.ts). Every log line about a failure (pages, the API, the
 * queue consumer, the inbox) goes through it.
 */
export function errorSummary(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? logText(`${cause.name}: ${cause.message}`.slice(0, 300)) : "unknown error";
}
