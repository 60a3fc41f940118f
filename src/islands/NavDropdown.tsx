import { Menu } from "@ark-ui/react/menu";
import type { FocusEvent } from "react";
import type { NavLink } from "../routes/nav.ts";
import { navLinkClass } from "./nav-styles.ts";

export interface NavDropdownProps {
  /** The group's name on its button (About). */
  readonly label: string;
  readonly links: readonly NavLink[];
  /** Path of the page being shown: its item is marked current. */
  readonly path: string;
  /** aria-current of the button: "page" on any page of the group. */
  readonly current?: "page" | "true";
}

/**
 * A group of the header's links opened as a dropdown (Ark UI's menu), on wide screens only: the island
 * applies from Tailwind's `md` width up (src/islands/registry.ts), so phones never fetch it. Without
 * JavaScript the button is hidden and components/layout/DesktopNav shows the group's links in the bar.
 */
export default function NavDropdown({ label, links, path, current }: NavDropdownProps) {
  return (
    <Menu.Root positioning={{ placement: "bottom-start", gutter: 6 }}>
      <Menu.Trigger aria-current={current} className={`${navLinkClass(current)} gap-1 noscript:hidden`}>
        {label}
        {/* A span, not Ark's default div: a button may hold phrasing content only. */}
        <Menu.Indicator asChild>
          <span className="transition-transform data-[state=open]:rotate-180">
            <ChevronIcon />
          </span>
        </Menu.Indicator>
      </Menu.Trigger>
      <Menu.Positioner>
        {/* Focus stays on the list (aria-activedescendant); by keyboard, the highlighted item shows the focus ring. */}
        <Menu.Content
          onFocus={returnFocusOnceClosed}
          className="group z-50 min-w-56 rounded-lg border border-line bg-paper p-1.5 shadow-xl outline-none"
        >
          {links.map((link) => (
            <Menu.Item key={link.href} value={link.href} asChild>
              <a
                href={link.href}
                aria-current={link.href === path ? "page" : undefined}
                className="flex min-h-11 items-center rounded-md px-3 text-[0.95rem] text-ink data-highlighted:bg-accent-soft data-highlighted:text-accent group-focus-visible:data-highlighted:outline-3 group-focus-visible:data-highlighted:-outline-offset-3 group-focus-visible:data-highlighted:outline-accent aria-[current=page]:font-semibold aria-[current=page]:text-accent"
              >
                {link.label}
              </a>
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}

/**
 * Zag's menu focuses its list one animation frame after an arrow key, without checking that the menu is
 * still open: when Escape closes it within that frame (a busy phone, a fast typist), the closing list takes
 * focus from the button and, once hidden, drops it on the page. Focus goes back to the button instead.
 */
function returnFocusOnceClosed(event: FocusEvent<HTMLDivElement>) {
  const list = event.currentTarget;
  if (event.target !== list || list.dataset.state !== "closed") return;
  list.ownerDocument.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(list.id)}"]`)?.focus({ preventScroll: true });
}

function ChevronIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.75">
      <path d="m4 6 4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
