/**
 * The home hero's illustration on wide screens: a framed canvas with a brush stroke and the lines of a
 * manuscript, sealed with a section mark: creative work, and the law that frames it. Decoration only.
 */
export function HeroArt({ className }: { className: string }) {
  return (
    <div aria-hidden="true" className={className}>
      <svg viewBox="0 0 400 460" className="mx-auto w-full max-w-sm" fill="none" strokeLinecap="round" strokeLinejoin="round">
        {/* The frame and its canvas. */}
        <rect x="20" y="20" width="360" height="420" rx="4" className="fill-paper-deep stroke-line-strong" strokeWidth="1.5" />
        <rect x="62" y="62" width="276" height="336" rx="2" className="fill-paper stroke-line" strokeWidth="1.5" />
        {/* A wash of colour, then the brush stroke across it, its dry bristles trailing. */}
        <circle cx="232" cy="150" r="48" className="fill-clay" opacity=".2" />
        <path
          d="M96 292c30-58 86-96 150-128 30-15 54-38 66-58 6 16-6 44-38 70-52 42-112 70-158 134-8 4-24-6-20-18z"
          className="fill-accent"
        />
        <path d="M132 270c28-30 62-52 98-72" className="stroke-paper" strokeWidth="1.5" opacity=".5" />
        <path d="M90 306c-6 8-12 12-20 14M98 310c-4 8-8 14-14 18" className="stroke-accent" strokeWidth="2" opacity=".6" />
        {/* The manuscript's lines. */}
        <path d="M96 330h150M96 348h176M96 366h118" className="stroke-line-strong" strokeWidth="2" opacity=".7" />
        {/* The seal over the canvas's corner, with its ribbons and a section mark. */}
        <path d="M300 392l-16 44 14-6 8 12 10-42M328 392l12 42 8-12 14 6-16-42" className="fill-clay" opacity=".85" />
        <circle cx="318" cy="372" r="42" className="fill-clay" />
        <circle cx="318" cy="372" r="34" className="stroke-paper" strokeWidth="1.5" strokeDasharray="2 4" opacity=".7" />
        <path
          d="M8-18C8-26-8-26-8-17S8-8 8 1c0 7-8 9-12 7M-8 18c0 8 16 8 16-1S-8 8-8-1c0-7 8-9 12-7"
          transform="translate(318 372)"
          className="stroke-paper"
          strokeWidth="3"
        />
      </svg>
    </div>
  );
}
