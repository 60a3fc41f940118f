import type { ReactNode } from "react";
import type { ArticleCategory } from "../content/collections.ts";

/** Each topic's ground and mark, drawn on a 160 × 90 canvas in the paper colour. */
const topicArt: Record<ArticleCategory, { readonly ground: string; readonly mark: ReactNode }> = {
  // A page of terms, signed, with a seal.
  Contracts: {
    ground: "bg-accent",
    mark: (
      <>
        <path d="M64 18h30l8 8v46H64z" transform="rotate(-5 83 45)" />
        <path d="M70 30h18M70 37h24M70 44h22M70 51h14" transform="rotate(-5 83 45)" opacity=".6" />
        <path d="M68 64c4-6 7-6 8-1s4 4 7-1 5-3 8 0" />
        <circle cx="102" cy="66" r="7" />
        <circle cx="102" cy="66" r="4" opacity=".6" />
      </>
    ),
  },
  // A seal with the copyright sign.
  "IP Law": {
    ground: "bg-clay",
    mark: (
      <>
        <circle cx="80" cy="45" r="24" />
        <circle cx="80" cy="45" r="19" strokeDasharray="2 3" opacity=".6" />
        <path d="M86 39.5a8 8 0 1 0 0 11" />
      </>
    ),
  },
  // A brush stroke in a frame.
  General: {
    ground: "bg-ink",
    mark: (
      <>
        <rect x="52" y="20" width="56" height="50" rx="1" />
        <rect x="57" y="25" width="46" height="40" opacity=".5" />
        <path d="M62 55c8-14 16-20 22-14s10 2 14-8" strokeWidth="4" />
      </>
    ),
  },
};

/**
 * The cover of an article without a picture, among cards of which some have one: its topic's colour and
 * mark, a drawing in the card's 16:9 frame, so the row stays aligned and no frame stands empty. Decorative:
 * the card's badge names the topic.
 */
export function TopicCover({ topic }: { topic: ArticleCategory }) {
  const { ground, mark } = topicArt[topic];
  return (
    <div
      data-topic-cover=""
      aria-hidden="true"
      className={`aspect-video w-full overflow-hidden rounded-t-xl border-b border-line ${ground}`}
    >
      <svg
        viewBox="0 0 160 90"
        preserveAspectRatio="xMidYMid meet"
        className="size-full text-paper"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="6" y="6" width="148" height="78" rx="2" opacity=".25" />
        {mark}
      </svg>
    </div>
  );
}
