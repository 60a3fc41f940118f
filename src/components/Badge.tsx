import type { ReactNode } from "react";

export type BadgeVariant = "secondary" | "outline";

const variants: Record<BadgeVariant, string> = {
  secondary: "bg-paper-deep text-ink",
  outline: "border border-line-strong text-ink",
};

/** A small label: an article's category (secondary) or "Coming Soon" (outline). */
export function Badge({ variant, children }: { variant: BadgeVariant; children: ReactNode }) {
  return (
    <span data-variant={variant} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ${variants[variant]}`}>
      {children}
    </span>
  );
}
