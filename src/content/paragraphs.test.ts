import { describe, expect, it } from "vitest";
import { unwrapParagraphs } from "./paragraphs.ts";

describe("a letter's paragraphs", () => {
  /** The letter's close: lines that are each their own paragraph already. */
  const closing = ["", "Sincerely,", "", "Jordan Avery", "Meridian Creative Law", "hello@example.com"];
  const wrapped = [
    "November 25, 2026",
    "",
    "Dear Ada,",
    "",
    "Thank you for contacting the practice and for telling us about your project. After reviewing your inquiry,",
    "we are not able to represent you in this matter, and we want to say so clearly and in writing.",
    ...closing,
  ].join("\n");

  it("reach the mail program as one line each, however the file wraps them", () => {
    expect(unwrapParagraphs(wrapped).split("\n")).toEqual([
      "November 25, 2026",
      "",
      "Dear Ada,",
      "",
      "Thank you for contacting the practice and for telling us about your project. After reviewing your inquiry, we are not able to represent you in this matter, and we want to say so clearly and in writing.",
      ...closing,
    ]);
  });

  it("are left as they are when already one line each, and take CRLF files too", () => {
    const unwrapped = unwrapParagraphs(wrapped);
    expect(unwrapParagraphs(unwrapped)).toBe(unwrapped);
    expect(unwrapParagraphs(wrapped.replace(/\n/g, "\r\n"))).toBe(unwrapped);
  });
});
