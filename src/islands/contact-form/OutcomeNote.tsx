import type { Ref } from "react";
import { type ContactOutcome, outcomeTone } from "../../contact/messages.ts";
import type { ContactCopy } from "../../content/collections.ts";

/**
 * The note above the form saying how the last send went: the server's answer to a post without JavaScript,
 * or what is left once a send's toast has gone. `announced` when a toast already said it: then it is not a
 * live region a second time.
 */
export function OutcomeNote({
  outcome,
  outcomes,
  announced,
  ref,
}: {
  outcome: ContactOutcome;
  outcomes: ContactCopy["outcomes"];
  announced: boolean;
  ref: Ref<HTMLDivElement>;
}) {
  const { title, description } = outcomes[outcome];
  const tone = outcomeTone[outcome];
  return (
    <div
      ref={ref}
      tabIndex={-1}
      data-outcome-note=""
      role={announced ? undefined : tone === "success" ? "status" : "alert"}
      className={`mt-6 scroll-mt-24 rounded-lg border-l-4 p-4 ${tone === "success" ? "border-accent bg-accent-soft" : "border-danger bg-danger/5"}`}
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{description}</p>
    </div>
  );
}
