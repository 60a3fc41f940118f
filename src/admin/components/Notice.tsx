import type { ReactNode } from "react";

/** The outcome of an action, announced politely when the page loads after it. */
export function Notice({ tone = "success", children }: { tone?: "success" | "error"; children: ReactNode }) {
  return (
    <div className="pb-6">
      <div
        role="status"
        className={`rounded-lg border-l-4 p-4 ${tone === "success" ? "border-accent bg-accent-soft" : "border-danger bg-danger/5"}`}
      >
        <p className="font-medium">{children}</p>
      </div>
    </div>
  );
}
