import { pages } from "../content/index.ts";
import type { Pager as PagerData } from "../routes/table.ts";

const linkClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-line px-3 font-medium hover:border-accent hover:text-accent";
/** The same look given to every number's link by their list, so a list of a hundred pages says it once. */
const numberLinksClass =
  "[&_a]:inline-flex [&_a]:min-h-11 [&_a]:min-w-11 [&_a]:items-center [&_a]:justify-center [&_a]:rounded-md [&_a]:border [&_a]:border-line [&_a]:px-3 [&_a]:font-medium [&_a:not([aria-current]):hover]:border-accent [&_a:not([aria-current]):hover]:text-accent [&_a[aria-current]]:border-accent [&_a[aria-current]]:bg-accent [&_a[aria-current]]:text-paper";

/**
 * The links under a list longer than a page: newer and older, and every page by its number, so any page of
 * the list is one click away without JavaScript. Nothing when the list fits on one page.
 */
export function Pager({ pager }: { pager: PagerData }) {
  const { page, paths } = pager;
  if (paths.length < 2) return null;
  const words = pages.resources.pager;
  const newer = paths[page - 2];
  const older = paths[page];
  return (
    <nav aria-label={words.label} className="mt-12 flex flex-col items-center gap-5 border-t border-line pt-8">
      <p className="text-sm text-muted">{pager.label}</p>
      <ol className={`flex flex-wrap justify-center gap-2 ${numberLinksClass}`}>
        {paths.map((path, index) => (
          <li key={path}>
            <a href={path} aria-current={index + 1 === page ? "page" : undefined}>
              {index + 1}
            </a>
          </li>
        ))}
      </ol>
      <div className="flex gap-3">
        {newer && (
          <a href={newer} rel="prev" className={linkClass}>
            <span aria-hidden="true">←&nbsp;</span>
            {words.newerLabel}
          </a>
        )}
        {older && (
          <a href={older} rel="next" className={linkClass}>
            {words.olderLabel}
            <span aria-hidden="true">&nbsp;→</span>
          </a>
        )}
      </div>
    </nav>
  );
}
