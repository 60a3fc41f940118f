import type { ReactNode } from "react";

/** The outcome of an action, announced politely when the page loads after it. */
export function Notice({
  tone = "success",
  className = "pb-6",
  children,
}: {
  tone?: "success" | "error";
  /** Its room on the page: below it by default (at the top of a page), above it inside a part of one. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <div
        role="status"
        className={`rounded-lg border-l-4 p-4 ${tone === "success" ? "border-accent bg-accent-soft" : "border-danger bg-danger/5"}`}
      >
        <p className="font-medium">{children}</p>
      </div>
    </div>
  );
}
