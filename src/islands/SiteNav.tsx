import { Menu } from "@ark-ui/react/menu";
import { type FocusEvent, useEffect, useId, useRef, useState } from "react";
import { type NavEntry, currentFor, primaryNav } from "../routes/nav.ts";
import type { NavSection } from "../routes/table.ts";

export interface SiteNavProps {
  /** Path of the page being shown. */
  readonly path: string;
  readonly section?: NavSection;
}

const linkBase =
  "inline-flex min-h-11 items-center rounded-md px-3 text-[0.95rem] font-medium transition-colors hover:bg-accent-soft hover:text-accent";
const linkCurrent = "text-accent underline decoration-2 underline-offset-8";
const linkIdle = "text-ink";

function linkClass(current: string | undefined) {
  return `${linkBase} ${current ? linkCurrent : linkIdle}`;
}

/** The header navigation: links and the About dropdown on wide screens, a toggled stacked menu on phones. */
export default function SiteNav({ path, section }: SiteNavProps) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileMenuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const mobileMenuRef = useRef<HTMLElement>(null);
  const location = { path, section };

  useEffect(() => {
    if (!mobileOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // A focused link about to be hidden would drop focus to the top of the page; the toggle takes it.
      if (mobileMenuRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
      setMobileOpen(false);
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [mobileOpen]);

  /** Tabbing out of the open menu closes it, so it never covers the element that takes focus behind it. */
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next && !event.currentTarget.contains(next) && !toggleRef.current?.contains(next)) setMobileOpen(false);
  };

  return (
    <>
      <nav aria-label="Main" className="hidden md:block">
        <ul className="flex items-center gap-1">
          {primaryNav.map((entry) => (
            <li key={entry.label}>
              <DesktopEntry entry={entry} current={currentFor(entry, location)} path={path} />
            </li>
          ))}
        </ul>
      </nav>

      <button
        ref={toggleRef}
        type="button"
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-line px-3 text-sm font-medium text-ink hover:bg-accent-soft md:hidden noscript:hidden"
        aria-expanded={mobileOpen}
        aria-controls={mobileMenuId}
        onClick={() => setMobileOpen((open) => !open)}
      >
        <MenuIcon open={mobileOpen} />
        Menu
      </button>

      <nav
        ref={mobileMenuRef}
        id={mobileMenuId}
        aria-label="Main"
        onBlur={closeWhenFocusLeaves}
        className={`${mobileOpen ? "block" : "hidden"} absolute inset-x-0 top-full border-b border-line bg-paper shadow-lg md:hidden max-md:noscript:static max-md:noscript:block max-md:noscript:basis-full max-md:noscript:shadow-none`}
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4 sm:px-6">
          {primaryNav.map((entry) =>
            "children" in entry ? (
              <li key={entry.label}>
                <MobileGroupLabel label={entry.label} current={currentFor(entry, location)} />
                <ul className="flex flex-col gap-1 border-l border-line pl-3">
                  {entry.children.map((child) => (
                    <li key={child.href}>
                      <MobileLink link={child} path={path} onChoose={() => setMobileOpen(false)} />
                    </li>
                  ))}
                </ul>
              </li>
            ) : (
              <li key={entry.href}>
                <MobileLink link={entry} path={path} current={currentFor(entry, location)} onChoose={() => setMobileOpen(false)} />
              </li>
            ),
          )}
        </ul>
      </nav>
    </>
  );
}

/** The heading of a group in the phone menu (About), highlighted like a current link on the group's pages. */
function MobileGroupLabel({ label, current }: { label: string; current?: "page" | "true" }) {
  return (
    <span
      aria-current={current}
      className={`block px-3 pt-2 pb-1 text-xs font-semibold tracking-widest uppercase ${current ? linkCurrent : "text-muted"}`}
    >
      {label}
    </span>
  );
}

function MobileLink(props: {
  link: { label: string; href: string };
  path: string;
  current?: "page" | "true";
  onChoose: () => void;
}) {
  const current = props.current ?? (props.link.href === props.path ? "page" : undefined);
  return (
    <a href={props.link.href} aria-current={current} className={`${linkClass(current)} w-full`} onClick={props.onChoose}>
      {props.link.label}
    </a>
  );
}

function DesktopEntry({ entry, current, path }: { entry: NavEntry; current?: "page" | "true"; path: string }) {
  if (!("children" in entry)) {
    return (
      <a href={entry.href} aria-current={current} className={linkClass(current)}>
        {entry.label}
      </a>
    );
  }
  return (
    <>
      <Menu.Root positioning={{ placement: "bottom-start", gutter: 6 }}>
        <Menu.Trigger aria-current={current} className={`${linkClass(current)} gap-1 noscript:hidden`}>
          {entry.label}
          {/* A span, not Ark's default div: a button may hold phrasing content only. */}
          <Menu.Indicator asChild>
            <span className="transition-transform data-[state=open]:rotate-180">
              <ChevronIcon />
            </span>
          </Menu.Indicator>
        </Menu.Trigger>
        <Menu.Positioner>
          {/* Focus stays on the list (aria-activedescendant); by keyboard, the highlighted item shows the focus ring. */}
          <Menu.Content className="group z-50 min-w-56 rounded-lg border border-line bg-paper p-1.5 shadow-xl outline-none">
            {entry.children.map((child) => (
              <Menu.Item key={child.href} value={child.href} asChild>
                <a
                  href={child.href}
                  aria-current={child.href === path ? "page" : undefined}
                  className="flex min-h-11 items-center rounded-md px-3 text-[0.95rem] text-ink data-highlighted:bg-accent-soft data-highlighted:text-accent group-focus-visible:data-highlighted:outline-3 group-focus-visible:data-highlighted:-outline-offset-3 group-focus-visible:data-highlighted:outline-accent aria-[current=page]:font-semibold aria-[current=page]:text-accent"
                >
                  {child.label}
                </a>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      {/* Without JavaScript the dropdown cannot open, so its links stand in the bar instead. */}
      <span className="hidden noscript:inline-flex">
        {entry.children.map((child) => (
          <a key={child.href} href={child.href} aria-current={child.href === path ? "page" : undefined} className={linkClass(child.href === path ? "page" : undefined)}>
            {child.label}
          </a>
        ))}
      </span>
    </>
  );
}

function ChevronIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.75">
      <path d="m4 6 4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
      {open ? <path d="m5 5 10 10M15 5 5 15" /> : <path d="M3 6h14M3 10h14M3 14h14" />}
    </svg>
  );
}
