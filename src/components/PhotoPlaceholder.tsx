/**
 * Stands in for a portrait until there is one: a frame exactly 500px tall with a short visible note. The
 * note is ordinary text, so screen readers read it; the drawing is decorative.
 */
export function PhotoPlaceholder({ label, className = "" }: { label: string; className?: string }) {
  return (
    <div
      data-photo-placeholder=""
      className={`flex h-[500px] flex-col items-center justify-center gap-5 rounded-xl border border-line bg-linear-to-b from-accent-soft to-paper-deep p-6 text-center ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 64 64"
        width="72"
        height="72"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        className="text-line-strong"
      >
        <rect x="6" y="6" width="52" height="52" rx="6" />
        <circle cx="32" cy="26" r="9" />
        <path d="M15 52c2.5-9 9.5-14 17-14s14.5 5 17 14" strokeLinecap="round" />
      </svg>
      <p className="font-serif text-xl text-muted italic">{label}</p>
    </div>
  );
}
