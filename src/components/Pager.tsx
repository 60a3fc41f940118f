import { pages } from "../content/index.ts";
import type { Pager as PagerData } from "../routes/table.ts";

const linkClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-line px-3 font-medium hover:border-accent hover:text-accent";

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
      <ol className="flex flex-wrap justify-center gap-2">
        {paths.map((path, index) => (
          <li key={path}>
            {index + 1 === page ? (
              <a href={path} aria-current="page" className={`${linkClass} border-accent bg-accent text-paper hover:text-paper`}>
                {index + 1}
              </a>
            ) : (
              <a href={path} className={linkClass}>
                {index + 1}
              </a>
            )}
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
