import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, vi } from "vitest";
import { fetchApp, makeLocalSigningKey, postForm } from "./admin.ts";
import { decodeEntities } from "./html.ts";
import { clearSubmissions } from "./submissions.ts";

/** Where the inbox's tests ask for it: localhost, where the local signer signs the developer in. */
export const INBOX_BASE = "http://localhost:8787";

/** The inbox as the developer sees it through the Worker's app: its pages (entities decoded) and its forms. */
export interface SignedInInbox {
  /** The answer to a GET, as it comes (a file, a redirect). */
  get(path: string): Promise<Response>;
  page(path: string, headers?: Record<string, string>): Promise<string>;
  post(path: string, fields?: Record<string, string>): Promise<Response>;
  /** The page an action leads back to, as the browser then shows it (with the notice its cookie carries). */
  shownAfter(response: Response): Promise<string>;
}

/** Signs in with a local key of its own (for a suite's beforeAll). */
export async function signedInInbox(): Promise<SignedInInbox> {
  const signedIn = { ADMIN_LOCAL_SIGNING_KEY: await makeLocalSigningKey() };
  const page = async (path: string, headers: Record<string, string> = {}) =>
    decodeEntities(await (await fetchApp(`${INBOX_BASE}${path}`, { headers }, signedIn)).text());
  return {
    get: (path) => fetchApp(`${INBOX_BASE}${path}`, {}, signedIn),
    page,
    post: (path, fields = {}) => postForm(`${INBOX_BASE}${path}`, fields, signedIn),
    shownAfter: (response) => {
      const cookie = /^[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0] ?? "";
      return page(response.headers.get("location") ?? "", { cookie });
    },
  };
}

/**
 * The inbox for a suite of its tests: signed in once, each test starting from no inquiries and an empty
 * activity log, the inbox's console lines silenced (a suite that reads them spies on the console again).
 */
export function inboxSuite(): SignedInInbox {
  let inbox: SignedInInbox | undefined;
  beforeAll(async () => {
    inbox = await signedInInbox();
  });
  beforeEach(async () => {
    await clearSubmissions();
    await env.DB.exec("DELETE FROM admin_activity");
    vi.spyOn(console, "log").mockImplementation(() => {});
  });
  const signedIn = () => {
    if (!inbox) throw new Error("the inbox is signed in by the suite's beforeAll: use it inside a test");
    return inbox;
  };
  return {
    get: (path) => signedIn().get(path),
    page: (path, headers) => signedIn().page(path, headers),
    post: (path, fields) => signedIn().post(path, fields),
    shownAfter: (response) => signedIn().shownAfter(response),
  };
}
