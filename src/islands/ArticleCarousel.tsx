import { Carousel, useCarousel } from "@ark-ui/react/carousel";
import { useEffect, useRef, useState } from "react";
import { ArticleCard, type ArticleCardData } from "../components/ArticleCard.tsx";
import { LineIcon } from "../components/LineIcon.tsx";

/** What a card needs, its date already written out: the island's props travel as JSON in the page. */
export type CarouselArticle = ArticleCardData & { readonly slug: string; readonly dateLabel: string };

export interface ArticleCarouselProps {
  readonly articles: readonly CarouselArticle[];
}

/** The carousel's own interface words (names of controls for assistive technology). */
const labels = {
  region: "Articles",
  previous: "Previous articles",
  next: "Next articles",
  page: (index: number) => `Show page ${index + 1}`,
  slide: (index: number, count: number) => `${index + 1} of ${count}`,
};

/** Cards per view from each width up; the same breakpoints as Tailwind's md and lg, which size the cards. */
const breakpoints = [
  { query: "(min-width: 64rem)", perPage: 3 },
  { query: "(min-width: 48rem)", perPage: 2 },
] as const;

/**
 * The home page's looping carousel of article cards (Ark UI). One card per view on phones, with the edge of
 * the next showing so that the row reads as one to swipe; two from 768px, three from 1024px. The widths come
 * from CSS, so the server HTML (and the page without JavaScript) already shows a scroll-snapping row of the
 * right size; the matching `slidesPerPage`, which Ark uses for its pages and snap points, is set from media
 * queries once the island runs. Where every card is in view at once (three at 1024px), there is no page to
 * turn to, so the arrows turn the loop itself: each moves the cards round by one.
 */
export default function ArticleCarousel({ articles }: ArticleCarouselProps) {
  const perPage = useSlidesPerPage();
  const [live, setLive] = useState(false);
  // The page is held here, not left to Ark: Ark refreshes its snap points as the layout settles after
  // hydration, and in doing so writes back the page it last rendered, undoing a change not yet rendered (the
  // first click on an arrow). Controlled, that write is a no-op (Ark only reports changes from what it rendered).
  const [page, setPage] = useState(0);
  /** How far the loop has been turned where every card is in view at once: the first card shown. */
  const [turn, setTurn] = useState(0);
  const groupRef = useRef<HTMLDivElement>(null);
  const count = articles.length;
  const shown = articles.map((_, index) => articles[(index + turn) % count]!);
  const coverSpace = articles.some((article) => article.cover);

  const carousel = useCarousel({
    slideCount: count,
    slidesPerPage: perPage,
    page,
    loop: true,
    spacing: "1.5rem",
    // Room inside the scroller for the cards' focus ring.
    padding: "0.25rem",
    translations: {
      prevTrigger: labels.previous,
      nextTrigger: labels.next,
      indicator: labels.page,
      item: labels.slide,
    },
    onPageChange({ page }) {
      setPage(page);
      keepFocusInView(groupRef.current, page, perPage, count);
    },
  });

  useEffect(() => setLive(true), []);
  useEffect(() => instantScrollWhenMotionReduced(groupRef.current), []);

  const pages = carousel.pageSnapPoints.length;
  /** Turns the loop by one card (1 forward, -1 back), when all of it is in view. */
  const turnWhenAllInView = (by: 1 | -1) => () => {
    if (live && pages <= 1) setTurn((current) => (current + by + count) % count);
  };

  return (
    <Carousel.RootProvider value={carousel} aria-label={labels.region} className="-mx-1">
      <Carousel.ItemGroup
        ref={groupRef}
        className={[
          "-my-1 pt-1 pb-3",
          // One card across and the edge of the next, two or three cards across, less the gaps; the same in the
          // server HTML as after hydration.
          "[--slide-item-size:calc(100%_-_3rem)]",
          "md:[--slide-item-size:calc((100%_-_var(--slide-spacing))/2)]",
          "lg:[--slide-item-size:calc((100%_-_2*var(--slide-spacing))/3)]",
          // Without JavaScript the row is scrolled by hand, so show its scrollbar.
          "noscript:[scrollbar-width:thin]!",
        ].join(" ")}
      >
        {shown.map((article, index) => (
          <Carousel.Item
            key={article.slug}
            index={index}
            // Ark hides slides out of view from assistive technology, but every card holds a link that can take
            // focus; all three stay readable, and focusing one brings its page into view.
            aria-hidden={false}
            onFocus={() => carousel.scrollToIndex(index)}
          >
            <ArticleCard article={article} date={article.dateLabel} coverSpace={coverSpace} />
          </Carousel.Item>
        ))}
      </Carousel.ItemGroup>

      <Carousel.Control className="mt-4 flex px-1 min-h-11 items-center justify-between gap-4 noscript:hidden">
        {live && pages > 1 ? (
          <Carousel.IndicatorGroup className="flex items-center">
            {carousel.pageSnapPoints.map((_, index) => (
              <Carousel.Indicator
                // biome-ignore lint/suspicious/noArrayIndexKey: a page dot is its page's number, in a list that never reorders
                key={index}
                index={index}
                aria-current={index === carousel.page ? "true" : undefined}
                className="group inline-flex size-6 items-center justify-center rounded-full"
              >
                <span className="block h-2 w-2 rounded-full bg-line-strong transition-all group-hover:bg-accent group-data-current:w-5 group-data-current:bg-accent motion-reduce:transition-none" />
              </Carousel.Indicator>
            ))}
          </Carousel.IndicatorGroup>
        ) : (
          <span />
        )}
        <div className="hidden items-center gap-2 md:flex">
          <Carousel.PrevTrigger className={arrowClass} onClick={turnWhenAllInView(-1)}>
            <ArrowIcon direction="previous" />
          </Carousel.PrevTrigger>
          <Carousel.NextTrigger className={arrowClass} onClick={turnWhenAllInView(1)}>
            <ArrowIcon direction="next" />
          </Carousel.NextTrigger>
        </div>
      </Carousel.Control>
    </Carousel.RootProvider>
  );
}

const arrowClass =
  "inline-flex size-11 items-center justify-center rounded-full border border-line-strong bg-paper text-ink transition-colors hover:border-accent hover:bg-accent-soft hover:text-accent";

/** 1 on the server and in the first render in the browser (so hydration matches), then the width's count. */
function useSlidesPerPage(): number {
  const [perPage, setPerPage] = useState(1);
  useEffect(() => {
    const lists = breakpoints.map(({ query, perPage }) => ({ list: window.matchMedia(query), perPage }));
    const update = () => setPerPage(lists.find(({ list }) => list.matches)?.perPage ?? 1);
    update();
    for (const { list } of lists) list.addEventListener("change", update);
    return () => {
      for (const { list } of lists) list.removeEventListener("change", update);
    };
  }, []);
  return perPage;
}

/**
 * When the page changes while a card has focus (arrow keys), moves focus to the first card now in view, so
 * Enter opens the card the reader sees. A focused card that is still in view keeps focus.
 */
function keepFocusInView(group: HTMLElement | null, page: number, perPage: number, count: number) {
  const focused = document.activeElement;
  if (!group || !focused || !group.contains(focused)) return;
  const first = Math.max(0, Math.min(page * perPage, count - perPage));
  const focusedIndex = Number(focused.closest<HTMLElement>("[data-index]")?.dataset.index);
  if (focusedIndex >= first && focusedIndex < first + perPage) return;
  group.querySelector<HTMLElement>(`[data-index="${first}"] a[href]`)?.focus({ preventScroll: true });
}

/**
 * Zag's carousel always scrolls between pages with `behavior: "smooth"` and has no option to turn that off
 * (chakra-ui/zag#2211). For readers who prefer reduced motion, this scroller's own scrollTo jumps instead.
 */
function instantScrollWhenMotionReduced(group: HTMLElement | null) {
  if (!group) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
  const scrollTo = group.scrollTo.bind(group) as (options: ScrollToOptions) => void;
  group.scrollTo = ((options: ScrollToOptions) =>
    scrollTo(reduce.matches ? { ...options, behavior: "instant" } : options)) as typeof group.scrollTo;
  return () => {
    delete (group as Partial<Pick<HTMLElement, "scrollTo">>).scrollTo;
  };
}

function ArrowIcon({ direction }: { direction: "previous" | "next" }) {
  return <LineIcon size={18}>{direction === "previous" ? <path d="M16 10H4m5-5-5 5 5 5" /> : <path d="M4 10h12m-5-5 5 5-5 5" />}</LineIcon>;
}
