import { describe, expect, it } from "vitest";
import { type ChainedEvent, canonicalEvent, eventHash, sha256Hex } from "./chain.ts";

const event: ChainedEvent = {
  letterId: "0b1c2d3e-letter",
  seq: 3,
  kind: "signed",
  at: new Date(Date.UTC(2027, 2, 1, 17, 30)),
  ip: "198.51.100.7",
  userAgent: null,
  email: "mina@example.com",
  detail: "Mina Park",
  prevHash: "a".repeat(64),
};

describe("an event's canonical form", () => {
  it("is its tag, then prev_hash, letter_id, seq, kind, at (ms), ip, user_agent, email and detail, as records made before hold it", async () => {
    const form = JSON.stringify([
      "engagement-event/1",
      "a".repeat(64),
      "0b1c2d3e-letter",
      3,
      "signed",
      Date.UTC(2027, 2, 1, 17, 30),
      "198.51.100.7",
      null,
      "mina@example.com",
      "Mina Park",
    ]);
    expect(canonicalEvent(event)).toBe(form);
    expect(await eventHash(event)).toBe(await sha256Hex(form));
  });
});
