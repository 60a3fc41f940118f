import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { database } from "../db/client.ts";
import { LEASE_MS } from "../db/delivery.ts";
import { requeueNotification } from "../db/inbox.ts";
import { claimForNotification, markNotificationFailed, releaseAfterFailure } from "../db/submissions.ts";
import { clearSubmissions, storeSubmission } from "../test/submissions.ts";
import { buildNotificationEmail } from "./email.ts";

const route = { from: env.NOTIFY_FROM, to: env.NOTIFY_TO };
const headerOf = (raw: string, name: string) => new RegExp(`^${name}: (.+)$`, "im").exec(raw)?.[1]?.trim();

beforeEach(clearSubmissions);

describe("the notification's threading headers", () => {
  it("are derived from the submission and the same on every attempt, so mail programs thread a second copy with the first", async () => {
    // A crash between a successful send and marking the row sent can send the e-mail twice. Cloudflare's
    // Email Service writes each copy a Message-ID of its own, so what joins them is References (and
    // X-Submission-Id). Each attempt builds the e-mail from the row its claim returns (as the consumer
    // does), and the row changes between attempts: attempts, lease, errors, status.
    const db = database(env.DB);
    const id = await storeSubmission();
    const raws: string[] = [];
    let now = Date.now();
    const attempt = async () => {
      now += 10 * 60_000;
      const claim = await claimForNotification(db, id, new Date(now), LEASE_MS);
      if (claim.kind !== "claimed") throw new Error(`expected to claim the row, got ${claim.kind}`);
      raws.push(buildNotificationEmail(claim.submission, route));
    };
    await attempt();
    await releaseAfterFailure(db, id, "Error: upstream unavailable");
    await attempt();
    await releaseAfterFailure(db, id, "Error: upstream unavailable");
    await markNotificationFailed(db, id, "E-mail not delivered after every retry");
    expect(await requeueNotification(db, id, new Date(now))).toBe(true);
    await attempt();

    expect(raws.map((raw) => headerOf(raw, "References"))).toEqual(Array(3).fill(`<inquiry-${id}@${route.from.split("@")[1]}>`));
    expect(raws.map((raw) => headerOf(raw, "X-Submission-Id"))).toEqual(Array(3).fill(id));
  });
});
