import type { ReactNode } from "react";

/**
 * A small icon drawn in rounded lines of the text's colour on a 20-unit grid, hidden from screen readers (the
 * words beside it say what it does): `size` pixels square, or sized by `className`.
 */
export function LineIcon({ size, className, children }: { size?: number; className?: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}
