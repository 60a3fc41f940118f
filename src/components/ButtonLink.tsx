import type { ReactNode } from "react";

export type ButtonVariant = "primary" | "secondary" | "inverse";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-accent text-paper hover:bg-accent-strong",
  secondary: "border border-accent text-accent hover:bg-accent-soft",
  inverse: "bg-paper text-accent-strong hover:bg-accent-soft",
};

export const buttonClass = (variant: ButtonVariant = "primary") =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-6 font-medium transition-colors ${variants[variant]}`;

/** A link styled as a button: every call to action on the site navigates, so none is a <button>. */
export function ButtonLink({ href, variant, children }: { href: string; variant?: ButtonVariant; children: ReactNode }) {
  return (
    <a href={href} className={buttonClass(variant)}>
      {children}
    </a>
  );
}
