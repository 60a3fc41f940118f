import type { ReactNode } from "react";
import { sectionHeading } from "./fields.ts";

/**
 * A part of a page under its own heading (h2), named by it (`<id>-heading`); an address can lead to it
 * (`#<id>`) unless it is not `anchored`, where the page already uses that id.
 */
export function Section({
  id,
  heading,
  className = "mt-10 scroll-mt-4",
  anchored = true,
  children,
}: {
  id: string;
  heading: ReactNode;
  className?: string;
  anchored?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={anchored ? id : undefined} aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className={sectionHeading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
