import { type FocusEvent, useEffect, useId, useRef, useState } from "react";
import { type NavEntry, currentFor } from "../routes/nav.ts";
import type { NavSection } from "../routes/table.ts";
import { navCurrentClass, navLinkClass } from "./nav-styles.ts";
import { LineIcon } from "../components/LineIcon.tsx";

export interface PhoneNavProps {
  /** Path of the page being shown. */
  readonly path: string;
  readonly section?: NavSection;
  /** The navigation's entries (src/routes/nav.ts), as the server has them. */
  readonly nav: readonly NavEntry[];
}

/**
 * The navigation on phones: a toggle and the stacked menu it opens, every entry a plain link (About's two
 * pages under its heading). Without JavaScript the menu stands open below the bar. Wide screens show
 * components/layout/DesktopNav instead, and never hydrate this island (src/islands/registry.ts).
 */
export default function PhoneNav({ path, section, nav }: PhoneNavProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const location = { path, section };

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // A focused link about to be hidden would drop focus to the top of the page; the toggle takes it.
      if (menuRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
      setOpen(false);
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);

  /** Tabbing out of the open menu closes it, so it never covers the element that takes focus behind it. */
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next && !event.currentTarget.contains(next) && !toggleRef.current?.contains(next)) setOpen(false);
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-line px-3 text-sm font-medium text-ink hover:bg-accent-soft md:hidden noscript:hidden"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <MenuIcon open={open} />
        Menu
      </button>

      <nav
        ref={menuRef}
        id={menuId}
        aria-label="Main"
        onBlur={closeWhenFocusLeaves}
        className={`${open ? "block" : "hidden"} absolute inset-x-0 top-full border-b border-line bg-paper shadow-lg md:hidden max-md:noscript:static max-md:noscript:block max-md:noscript:basis-full max-md:noscript:shadow-none`}
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4 sm:px-6">
          {nav.map((entry) =>
            "children" in entry ? (
              <li key={entry.label}>
                <GroupLabel label={entry.label} current={currentFor(entry, location)} />
                <ul className="flex flex-col gap-1 border-l border-line pl-3">
                  {entry.children.map((child) => (
                    <li key={child.href}>
                      <PhoneLink link={child} path={path} onChoose={() => setOpen(false)} />
                    </li>
                  ))}
                </ul>
              </li>
            ) : (
              <li key={entry.href}>
                <PhoneLink link={entry} path={path} current={currentFor(entry, location)} onChoose={() => setOpen(false)} />
              </li>
            ),
          )}
        </ul>
      </nav>
    </>
  );
}

/** The heading of a group (About), highlighted like a current link on the group's pages. */
function GroupLabel({ label, current }: { label: string; current?: "page" | "true" }) {
  return (
    <span
      aria-current={current}
      className={`block px-3 pt-2 pb-1 text-xs font-semibold tracking-widest uppercase ${current ? navCurrentClass : "text-muted"}`}
    >
      {label}
    </span>
  );
}

function PhoneLink(props: { link: { label: string; href: string }; path: string; current?: "page" | "true"; onChoose: () => void }) {
  const current = props.current ?? (props.link.href === props.path ? "page" : undefined);
  return (
    <a href={props.link.href} aria-current={current} className={`${navLinkClass(current)} w-full`} onClick={props.onChoose}>
      {props.link.label}
    </a>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return <LineIcon size={18}>{open ? <path d="m5 5 10 10M15 5 5 15" /> : <path d="M3 6h14M3 10h14M3 14h14" />}</LineIcon>;
}
