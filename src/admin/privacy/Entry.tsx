import type { ReactNode } from "react";
import { When } from "../shared/When.tsx";

/* The pieces of the person's copy (PrivacyDocument.tsx): a fact of it, and a time as its data writes it. */

/** A time the export writes as ISO 8601, shown as the inbox shows times (Seattle's). */
export const At = ({ at }: { at: string }) => <When date={new Date(at)} />;

/** One fact of the document: its name, and its value as written. */
export function Entry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-6 print:break-inside-avoid">
      <dt className="font-medium">{term}</dt>
      <dd className="break-words whitespace-pre-wrap">{children}</dd>
    </div>
  );
}
