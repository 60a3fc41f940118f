import type { ReactNode } from "react";
import { sectionHeading } from "./fields.ts";

/** A part of a page under its own heading (h2), named by it, and a place an address can lead to (`#id`). */
export function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-10 scroll-mt-4">
      <h2 id={`${id}-heading`} className={sectionHeading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
