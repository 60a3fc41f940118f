import type { ReactNode } from "react";

/** One labelled fact of a description list; `wrap` says how its value breaks (an address anywhere, words at words). */
export function Fact({ term, wrap = "", children }: { term: string; wrap?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-widest text-muted uppercase">{term}</dt>
      <dd className={`mt-1 ${wrap}`}>{children}</dd>
    </div>
  );
}
