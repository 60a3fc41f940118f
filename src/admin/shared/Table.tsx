import type { ReactNode } from "react";

/** A table's row of column headings, in the inbox's style. */
export function HeadingRow({ headings }: { headings: readonly string[] }) {
  return (
    <tr>
      {headings.map((heading) => (
        <th key={heading} scope="col" className="py-2 pr-4 font-semibold">
          {heading}
        </th>
      ))}
    </tr>
  );
}

/**
 * A table wider than a phone, in a region that scrolls sideways and that a keyboard can reach and scroll;
 * named by the heading `labelledBy` names, its caption for screen readers.
 */
export function ScrollingTable({ labelledBy, caption, children }: { labelledBy: string; caption: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls, and a keyboard must reach it
    <div className="mt-4 overflow-x-auto" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
