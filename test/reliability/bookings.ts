/**
 * The booking link's promises under a storm (run.ts runs these against the same server):
 *
 *   one time     50 clients, each with their own link, post for the same time at once: one booking, 49 told
 *                the time is taken
 *   one link     one link posted 20 times at once: one booking
 *   killed       the server is killed while clients book: every booking answered is stored, and after a
 *                restart each stored booking gets its confirmation once, and nobody else gets one
 */

/** What run.ts lends these scenarios. */
export interface Lab {
  readonly base: string;
  check(scenario: string, measure: string, value: string | number, ok?: boolean): void;
  nextAddress(): string;
  killServer(): Promise<void>;
  mails(): Promise<readonly { readonly to?: string | readonly string[]; readonly subject: string }[]>;
}

/** A booking as the fault worker reports it. */
interface Stored {
  readonly email: string;
  readonly startAt: number;
  readonly status: string;
  readonly sequence: number;
  readonly mailedSequence: number | null;
}

const offers = async (lab: Lab, domain: string, count: number, kinds: readonly string[]) =>
  (await (
    await fetch(`${lab.base}/__reliability/offers?domain=${domain}&count=${count}&kinds=${encodeURIComponent(JSON.stringify(kinds))}`, {
      method: "POST",
    })
  ).json()) as string[];

const bookingsOf = async (lab: Lab, domain: string) =>
  (await (await fetch(`${lab.base}/__reliability/bookings?domain=${domain}`)).json()) as Stored[];

/** A link's page: the kind it shows times of, and the times offered. */
async function freeTimes(lab: Lab, token: string): Promise<{ kind: string; starts: string[] }> {
  const html = await (await fetch(`${lab.base}/book/${token}`, { headers: { "cf-connecting-ip": lab.nextAddress() } })).text();
  const kind = /<input type="hidden" name="kind" value="([^"]+)"/.exec(html)?.[1] ?? "";
  return { kind, starts: Array.from(html.matchAll(/name="start" value="(\d+)"/g), (match) => match[1]!) };
}

/** One POST of the link's form, as a client's browser sends it; its status (0 when the connection was lost). */
async function book(lab: Lab, token: string, kind: string, start: string): Promise<number> {
  try {
    const response = await fetch(`${lab.base}/book/${token}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: lab.base, "cf-connecting-ip": lab.nextAddress() },
      body: new URLSearchParams({ action: "book", kind, zone: "America/Los_Angeles", start }).toString(),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

export async function bookingStorms(lab: Lab, kinds: readonly string[]) {
  const domain = `storm-${Date.now()}.example`;
  const tokens = await offers(lab, domain, 51, kinds);
  const { kind, starts } = await freeTimes(lab, tokens[0]!);
  lab.check("booking: 50 links, one time, at once", "free times on the page", starts.length, starts.length > 1);
  const statuses = await Promise.all(tokens.slice(0, 50).map((token) => book(lab, token, kind, starts[0]!)));
  const booked = statuses.filter((status) => status === 303).length;
  const taken = statuses.filter((status) => status === 409).length;
  lab.check("booking: 50 links, one time, at once", "booked / told it is taken", `${booked} / ${taken}`, booked === 1 && taken === 49);
  const stored = await bookingsOf(lab, domain);
  lab.check("booking: 50 links, one time, at once", "bookings stored", stored.length, stored.length === 1);

  const last = tokens[50]!;
  const next = (await freeTimes(lab, last)).starts[0]!;
  const again = await Promise.all(Array.from({ length: 20 }, () => book(lab, last, kind, next)));
  const afterward = (await bookingsOf(lab, domain)).filter((row) => row.email === "client-50@" + domain);
  lab.check(
    "booking: one link posted 20 times at once",
    "answers",
    [...new Set(again)].join(", "),
    again.every((status) => status === 303),
  );
  lab.check("booking: one link posted 20 times at once", "bookings stored", afterward.length, afterward.length === 1);
}

/** Links booking when the server is killed; the kill comes once this many have been answered. */
const KILL_LINKS = 40;
const KILL_AFTER = 12;

export async function bookingKill(lab: Lab, kinds: readonly string[]): Promise<{ domain: string; booked: string[] }> {
  const domain = `booking-killed-${Date.now()}.example`;
  const tokens = await offers(lab, domain, KILL_LINKS, kinds);
  const { kind, starts } = await freeTimes(lab, tokens[0]!);
  let answered = 0;
  let killed: Promise<void> | undefined;
  const results = await Promise.all(
    tokens.map(async (token, i) => {
      const status = await book(lab, token, kind, starts[i % starts.length]!);
      if (++answered === KILL_AFTER) killed = lab.killServer();
      return { email: `client-${i}@${domain}`, status };
    }),
  );
  await killed;
  const booked = results.filter((result) => result.status === 303).map((result) => result.email);
  lab.check("booking: server killed mid-storm", "bookings answered before the kill", booked.length, booked.length > 0);
  return { domain, booked };
}

/**
 * After the restart: every booking answered is stored, and each stored booking's confirmation is claimed once
 * (D1 records the claim: mails sent before the kill died with that process's capture), the lost ones by the
 * sweep; the mails captured since go only to stored bookings' clients, none twice.
 */
export async function afterBookingKill(lab: Lab, { domain, booked }: { domain: string; booked: string[] }, settleMs: number) {
  let stored = await bookingsOf(lab, domain);
  const missing = booked.filter((email) => !stored.some((row) => row.email === email));
  lab.check("booking: restarted after the kill", "answered but not stored", missing.length, missing.length === 0);
  const cron = await fetch(`${lab.base}/cdn-cgi/handler/scheduled?time=${Date.now() + 30 * 60_000}`);
  lab.check("booking: restarted after the kill", "cron trigger run", cron.status, cron.ok);
  const deadline = Date.now() + settleMs;
  const unconfirmed = () => stored.filter((row) => row.mailedSequence !== row.sequence);
  while (unconfirmed().length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stored = await bookingsOf(lab, domain);
  }
  lab.check(
    "booking: restarted, sweep run",
    "stored bookings confirmed (claimed in D1)",
    `${stored.length - unconfirmed().length} of ${stored.length}`,
    stored.length > 0 && unconfirmed().length === 0,
  );
  const addressed = (mail: { to?: string | readonly string[] }) => [mail.to ?? []].flat().join(",");
  const since = (await lab.mails()).map(addressed).filter((to) => to.includes(`@${domain}`));
  const strangers = since.filter((to) => !stored.some((row) => to.includes(row.email)));
  const twice = since.length - new Set(since).size;
  lab.check(
    "booking: restarted, sweep run",
    "confirmations since the restart for no stored booking / twice",
    `${strangers.length} / ${twice}`,
    strangers.length === 0 && twice === 0,
  );
}
