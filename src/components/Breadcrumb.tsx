import type { RouteEntry } from "../routes/table.ts";

/** Home > … > current page, from the route table's parent links. */
export function Breadcrumb({ route }: { route: RouteEntry }) {
  const { trail } = route;
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {trail.map((entry, index) => {
          const isCurrent = index === trail.length - 1;
          return (
            <li key={entry.path} className="flex items-center gap-2">
              {/* Hidden from screen readers but read by eye: text contrast (4.5:1), like the crumbs around it. */}
              {index > 0 && (
                <span aria-hidden="true" className="text-muted">
                  /
                </span>
              )}
              {isCurrent ? (
                <span aria-current="page" className="text-ink">
                  {entry.crumb}
                </span>
              ) : (
                <a href={entry.path} className="inline-flex min-h-6 items-center hover:text-accent hover:underline">
                  {entry.crumb}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
