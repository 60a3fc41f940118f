import { type DeliveryState, deliveryStates } from "../db/delivery.ts";
import type { InboxCursor, InboxFilter, PagePosition } from "../db/inbox.ts";

/*
 * The inbox list's address: filters and page position as query parameters, so every view is a plain
 * link (works without JavaScript, survives a reload, can be bookmarked).
 *   state=queued|retrying|stuck|sent|failed   handled=open|handled   q=search   before|after=<cursor>
 */

const SEARCH_MAX = 254;
const CURSOR = /^(\d{1,15})_([0-9a-f-]{36})$/;

export const encodeCursor = (cursor: InboxCursor): string => `${cursor.createdAt}_${cursor.id}`;

/** A cursor from the address bar; anything malformed means "from the newest". */
export function parseCursor(text: string | null): InboxCursor | undefined {
  const match = text ? CURSOR.exec(text) : null;
  return match ? { createdAt: Number(match[1]), id: match[2]! } : undefined;
}

const isDeliveryState = (value: string | null): value is DeliveryState => deliveryStates.includes(value as DeliveryState);

export function readInboxQuery(url: URL): { criteria: InboxFilter; position: PagePosition } {
  const params = url.searchParams;
  const state = params.get("state");
  const handled = params.get("handled");
  const search = params.get("q")?.trim().slice(0, SEARCH_MAX);
  const after = parseCursor(params.get("after"));
  return {
    criteria: {
      state: isDeliveryState(state) ? state : undefined,
      handled: handled === "handled" ? true : handled === "open" ? false : undefined,
      search: search || undefined,
    },
    position: after ? { after } : { before: parseCursor(params.get("before")) },
  };
}

/** The list's address for these criteria and page. */
export function inboxHref(criteria: InboxFilter, position: PagePosition = {}): string {
  const params = new URLSearchParams();
  if (criteria.state) params.set("state", criteria.state);
  if (criteria.handled !== undefined) params.set("handled", criteria.handled ? "handled" : "open");
  if (criteria.search) params.set("q", criteria.search);
  if (position.after) params.set("after", encodeCursor(position.after));
  else if (position.before) params.set("before", encodeCursor(position.before));
  const query = params.toString();
  return query ? `/admin?${query}` : "/admin";
}

export const isFiltered = (criteria: InboxFilter): boolean =>
  criteria.state !== undefined || criteria.handled !== undefined || criteria.search !== undefined;
