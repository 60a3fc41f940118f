import type { ReactNode } from "react";
import { Notice } from "../shared/Notice.tsx";
import { Section } from "../shared/Section.tsx";
import { type DoneNotice, doneNotices } from "../shared/notices.ts";

/** A text as it was written (a message, a note on a possible conflict): its lines kept, long words broken. */
export const textBlock = "mt-4 rounded-lg border border-line bg-white p-4 leading-relaxed break-words whitespace-pre-wrap md:p-6";

/** An action's notice, where it is shown; "{email}" in its words is the inquiry's address. */
export function DoneNote({ done, email, className }: { done: DoneNotice; email: string; className?: string }) {
  return (
    <Notice tone={doneNotices[done].tone} className={className}>
      {doneNotices[done].text.replace("{email}", email)}
    </Notice>
  );
}

/**
 * A part of the inquiry's page under its own heading; with the notice of an action taken in it, right under
 * the heading, where the action's redirect scrolls to (`#id`).
 */
export function Part({
  id,
  heading,
  done,
  email = "",
  children,
}: {
  id: string;
  heading: string;
  done?: DoneNotice;
  /** The inquiry's address, for a notice that names it. */
  email?: string;
  children: ReactNode;
}) {
  return (
    <Section id={id} heading={heading}>
      {done && <DoneNote done={done} email={email} className="mt-4" />}
      {children}
    </Section>
  );
}

/** Where a part of the inquiry stands: its badge, and what that means for the attorney. */
export const Standing = ({ badge, meaning }: { badge: ReactNode; meaning: string }) => (
  <p className="mt-4 flex flex-wrap items-center gap-3">
    {badge}
    <span>{meaning}</span>
  </p>
);
