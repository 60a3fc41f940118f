import { site } from "../../content/index.ts";
import PhoneNav from "../../islands/PhoneNav.tsx";
import { primaryNav } from "../../routes/index.ts";
import type { RouteEntry } from "../../routes/table.ts";
import { Island } from "../Island.tsx";
import { DesktopNav } from "./DesktopNav.tsx";

/**
 * Sticky top bar: the brand (home link) and the navigation: links with the About dropdown on wide screens,
 * the phone menu below Tailwind's `md` width. The whole bar is the zone of both navigation islands: the
 * first pointer, touch or focus on it starts the one that applies at the current width (src/islands/registry.ts).
 * It stays one row at any width (on the narrowest screens the brand wraps instead), so it never grows past
 * html's scroll-padding-top and never covers the element that has focus. Without JavaScript the phone's
 * links need rows of their own, so there the bar scrolls away with the page instead of covering half of it.
 */
export function SiteHeader({ route, path }: { route: RouteEntry; path: string }) {
  return (
    <header
      data-island-zone
      className="sticky top-0 z-40 max-md:noscript:static border-b border-line bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/85"
    >
      <div className="relative mx-auto flex max-w-6xl items-center justify-between gap-x-4 px-4 py-3 noscript:flex-wrap sm:px-6">
        <a href="/" className="font-serif text-xl font-semibold tracking-tight text-balance text-ink hover:text-accent">
          {site.practiceName}
        </a>
        <DesktopNav path={path} section={route.section} />
        <Island name="phone-nav" component={PhoneNav} props={{ path, section: route.section, nav: primaryNav }} />
      </div>
    </header>
  );
}
