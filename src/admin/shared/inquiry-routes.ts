import type { Context } from "hono";
import type { AdminEnv } from "../gate.ts";
import { type DoneNotice, doneNotices } from "./notices.ts";
import { redirectWithNotice } from "./one-time-notice.ts";

/** A record's id in an address (an inquiry, an offer, a letter): a UUID as the database writes it, nothing else. */
export const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** An inquiry's address as the routes mounted at /admin/submissions match it: `:id`, a UUID. */
export const SUBMISSION = `/:id{${UUID}}`;

/** An inquiry's page. */
export const inquiryPath = (id: string) => `/admin/submissions/${id}`;

/** Back to the inquiry's page, at the part the action belongs to, where its notice is drawn (notices.ts, doneNotices). */
export const backToInquiry = (c: Context<AdminEnv>, id: string, done: DoneNotice) =>
  redirectWithNotice(c, inquiryPath(id), done, `#${doneNotices[done].part}`);
