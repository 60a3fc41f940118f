import NavDropdown from "../../islands/NavDropdown.tsx";
import { navLinkClass } from "../../islands/nav-styles.ts";
import { primaryNav } from "../../routes/index.ts";
import { type NavEntry, currentFor } from "../../routes/nav.ts";
import type { NavSection } from "../../routes/table.ts";
import { Island } from "../Island.tsx";

/**
 * The navigation on wide screens (from Tailwind's `md` width): plain links, and each group (About) as a
 * dropdown island that only wide screens hydrate. Phones show the PhoneNav island instead.
 */
export function DesktopNav({ path, section }: { path: string; section?: NavSection }) {
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {primaryNav.map((entry) => (
          <li key={entry.label}>
            <DesktopEntry entry={entry} current={currentFor(entry, { path, section })} path={path} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function DesktopEntry({ entry, current, path }: { entry: NavEntry; current?: "page" | "true"; path: string }) {
  if (!("children" in entry)) {
    return (
      <a href={entry.href} aria-current={current} className={navLinkClass(current)}>
        {entry.label}
      </a>
    );
  }
  return (
    <>
      <Island name="nav-dropdown" component={NavDropdown} props={{ label: entry.label, links: entry.children, path, current }} />
      {/* Without JavaScript the dropdown cannot open, so its links stand in the bar instead. */}
      <span className="hidden noscript:inline-flex">
        {entry.children.map((child) => {
          const childCurrent = child.href === path ? "page" : undefined;
          return (
            <a key={child.href} href={child.href} aria-current={childCurrent} className={navLinkClass(childCurrent)}>
              {child.label}
            </a>
          );
        })}
      </span>
    </>
  );
}
