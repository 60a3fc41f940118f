/**
 * A private booking link made the way the attorney makes one: a new inquiry posted to the contact API, then
 * checked, cleared and offered every kind of consultation as the inbox's forms post them, signed in as the
 * local developer (the local signer: ADMIN_LOCAL_SIGNING_KEY, on a loopback host only). For the browser tests
 * (`e2e/booking.e2e.ts`, and `e2e/budget.e2e.ts`, which holds the booking page to the site's budgets) and the
 * performance lab's Lighthouse run of the booking page (`bench/lib/lighthouse.ts`).
 *
 * `send` is any fetch: Node's own against a local server, or Miniflare's `dispatchFetch` straight into the
 * Worker. `origin` must be a loopback address the Worker is reached at.
 */
import { siteContent } from "../../scripts/lib/site-routes.ts";

export interface ConsultationOffer {
  /** The private link's path, `/book/` and its secret. */
  readonly path: string;
  /** The inquirer's name, which the booking page greets. */
  readonly name: string;
  /** The inquiry's page in the inbox. */
  readonly inquiry: string;
}

export type Send = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; redirect: "follow" | "manual" },
) => Promise<{
  status: number;
  text(): Promise<string>;
}>;

/** A random client address of its own, so its posts count against no other client's limit. */
export const clientAddress = () => {
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${group()}:${group()}::${group()}`;
};

/** A poster of forms to the Worker at `origin`, as the inbox's forms post them: the status and the page. */
export function formPoster(origin: string, send: Send = fetch) {
  const headers = { origin, "cf-connecting-ip": clientAddress(), "content-type": "application/x-www-form-urlencoded" };
  return async (path: string, form: URLSearchParams | Record<string, string>, redirect: "follow" | "manual" = "follow") => {
    const response = await send(new URL(path, origin).href, {
      method: "POST",
      headers,
      body: new URLSearchParams(form).toString(),
      redirect,
    });
    return { status: response.status, text: await response.text() };
  };
}

const expectOk = ({ status }: { status: number }, step: string) => {
  if (status < 200 || status >= 400) throw new Error(`${step}: answered ${status}`);
};

/** A new inquiry, posted to the contact API, then checked and cleared in the inbox: its page and the person. */
export async function clearedInquiry(origin: string, send: Send = fetch) {
  const post = formPoster(origin, send);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const person = { name: `Frida ${id}`, email: `frida-${id}@example.com` };
  expectOk(await post("/api/contact", { ...person, organization: "", parties: "", message: `A mural commission ${id}.` }), "the inquiry");
  const found = (await post("/admin", { q: person.email })).text.match(/\/admin\/submissions\/([0-9a-f-]{36})/);
  if (!found) throw new Error("the inquiry is not in the inbox");
  const inquiry = `/admin/submissions/${found[1]}`;
  expectOk(await post(`${inquiry}/check`, { token: crypto.randomUUID() }), "the conflict check");
  expectOk(await post(`${inquiry}/intake`, { state: "cleared", from: "new", reason: "Not the same person." }), "clearing");
  return { inquiry, name: person.name, post };
}

/** A new inquiry, checked, cleared and offered every kind of consultation; its private link's path. */
export async function offerConsultation(origin: string, send: Send = fetch): Promise<ConsultationOffer> {
  const { inquiry, name, post } = await clearedInquiry(origin, send);
  const offer = await post(
    `${inquiry}/offer`,
    new URLSearchParams(siteContent.consultations.kinds.map((kind) => ["kind", kind.id])),
    "manual",
  );
  if (offer.status !== 200) throw new Error(`the offer's page: answered ${offer.status}`);
  const link = offer.text.match(/\/book\/[A-Za-z0-9_-]{43}/);
  if (!link) throw new Error("no booking link on the offer's page");
  return { path: link[0], name, inquiry };
}
