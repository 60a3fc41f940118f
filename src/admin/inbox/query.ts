import { outsideHost, sitePath } from "../../contact/attribution.ts";
import { type DeliveryState, deliveryStates } from "../../db/delivery.ts";
import { type FollowUpFilter, type InboxCursor, type InboxFilter, type PagePosition, followUpFilters } from "../../db/inbox.ts";
import { type IntakeState, intakeStates } from "../../db/schema.ts";

/*
 * The inbox list's filters and page position. Filters that name no one (a delivery state, an intake state,
 * where inquiries came from, follow-ups) and the page position are query parameters, so those views are
 * plain links that survive a reload (and that the digest links to):
 *   state=queued|retrying|stuck|sent|failed   intake=new|cleared|conflict|engaged|declining|declined|closed
 *   source=<a path of this site, or an outside site's host>   followup=due|any   consultation=upcoming
 *   before|after=<cursor>
 *   view=needs-me (what waits on the attorney, oldest first)
 * A search names someone, so it is never in an address (which Cloudflare's logs and the browser's history
 * keep): it is posted, with the rest of the view as form fields (readInboxForm), and its pages are posted too.
 */

const SEARCH_MAX = 254;
const NEEDS_ME = "needs-me";
const CURSOR = /^(\d{1,15})_([0-9a-f-]{36})$/;

const encodeCursor = (cursor: InboxCursor): string => `${cursor.createdAt}_${cursor.id}`;

/** A cursor from the address or a form; anything malformed means "from the newest". */
function parseCursor(text: string | null | undefined): InboxCursor | undefined {
  const match = text ? CURSOR.exec(text) : null;
  return match ? { createdAt: Number(match[1]), id: match[2]! } : undefined;
}

const isDeliveryState = (value: string | null | undefined): value is DeliveryState => deliveryStates.includes(value as DeliveryState);
const isIntakeState = (value: string | null | undefined): value is IntakeState => intakeStates.includes(value as IntakeState);
const isFollowUpFilter = (value: string | null | undefined): value is FollowUpFilter => followUpFilters.includes(value as FollowUpFilter);

/** A source as the filter takes it: a path of this site, or a host name; anything else is no filter. */
const sourceOf = (value: string | null | undefined): string | undefined => {
  const text = value?.trim();
  return text ? (sitePath(text) ?? outsideHost(text, "")) : undefined;
};

type Read = (name: string) => string | null | undefined;

function readView(read: Read, search: string | undefined): { criteria: InboxFilter; position: PagePosition } {
  const state = read("state");
  const intake = read("intake");
  const followUp = read("followup");
  const after = parseCursor(read("after"));
  return {
    criteria: {
      state: isDeliveryState(state) ? state : undefined,
      intake: isIntakeState(intake) ? intake : undefined,
      source: sourceOf(read("source")),
      followUp: isFollowUpFilter(followUp) ? followUp : undefined,
      needsMe: read("view") === NEEDS_ME || undefined,
      consultation: read("consultation") === "upcoming" ? "upcoming" : undefined,
      search,
    },
    position: after ? { after } : { before: parseCursor(read("before")) },
  };
}

/** The view a link asks for: filters and page, never a search. */
export const readInboxQuery = (url: URL) => readView((name) => url.searchParams.get(name), undefined);

/** The view a posted search asks for: the search, the filters and the page, all as form fields. */
export function readInboxForm(form: Readonly<Record<string, unknown>>) {
  const read = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);
  return readView(read, read("q")?.trim().slice(0, SEARCH_MAX) || undefined);
}

/** The fields that carry a view (its filters and page) in a form, the search among them. */
export function inboxFormFields(criteria: InboxFilter, position: PagePosition = {}): Record<string, string> {
  const fields: Record<string, string> = {};
  if (criteria.state) fields.state = criteria.state;
  if (criteria.intake) fields.intake = criteria.intake;
  if (criteria.source) fields.source = criteria.source;
  if (criteria.followUp) fields.followup = criteria.followUp;
  if (criteria.needsMe) fields.view = NEEDS_ME;
  if (criteria.consultation) fields.consultation = criteria.consultation;
  if (criteria.search) fields.q = criteria.search;
  if (position.after) fields.after = encodeCursor(position.after);
  else if (position.before) fields.before = encodeCursor(position.before);
  return fields;
}

/** The list's address for these filters and page; a search is never part of it (see above). */
export function inboxHref(criteria: InboxFilter, position: PagePosition = {}): string {
  const { q: _search, ...fields } = inboxFormFields(criteria, position);
  const query = new URLSearchParams(fields).toString();
  return query ? `/admin?${query}` : "/admin";
}

export const isFiltered = (criteria: InboxFilter): boolean =>
  criteria.state !== undefined ||
  criteria.intake !== undefined ||
  criteria.search !== undefined ||
  criteria.source !== undefined ||
  criteria.followUp !== undefined ||
  criteria.consultation !== undefined ||
  criteria.needsMe === true;
