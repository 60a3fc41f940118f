import type { ReactNode } from "react";

export type BadgeVariant = "default" | "secondary" | "destructive" | "outline" | "accent";

const variants: Record<BadgeVariant, string> = {
  default: "bg-accent text-paper",
  secondary: "bg-paper-deep text-ink",
  destructive: "bg-danger text-paper",
  outline: "border border-line-strong text-ink",
  /** Calm, for something waiting on someone (not a failure): the accent's tint with its edge. */
  accent: "border border-accent bg-accent-soft text-ink",
};

/** A small label, e.g. an article's category or "Coming Soon". */
export function Badge({ variant = "default", children }: { variant?: BadgeVariant; children: ReactNode }) {
  return (
    <span
      data-variant={variant}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ${variants[variant]}`}
    >
      {children}
    </span>
  );
}
