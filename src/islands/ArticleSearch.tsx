import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { ResourcesCopy } from "../content/collections.ts";
import { fillSlots } from "../content/slots.ts";

/** The search's words, from content/pages/resources.yaml. */
export type ArticleSearchCopy = Omit<ResourcesCopy["search"], "title" | "description">;

export interface ArticleSearchProps {
  readonly copy: ArticleSearchCopy;
  /** Where the form goes without JavaScript: a search of titles and summaries on the server. */
  readonly action: string;
  /** The search index's script, written at build (build/content/search-index.ts). */
  readonly index: string;
  /** What the server found in titles and summaries, when it rendered a search's results (src/worker/search.ts). */
  readonly initial?: SearchResults;
  /** The results' titles' level: 3 under a section's heading, 2 on the page of results. */
  readonly headingLevel: 2 | 3;
}

/** What a search found: how many articles, and the first of them as the list shows them. */
export interface SearchResults {
  readonly query: string;
  readonly count: number;
  readonly found: readonly Found[];
}

/** A result as the list shows it. */
export interface Found {
  readonly url: string;
  readonly title: string;
  readonly meta: string;
  /** The passage that matched, with the words found marked: [text, marked, text, …]. */
  readonly excerpt: readonly string[];
}

/** The part of Pagefind's browser API used here (pagefind.js, written at build). */
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  debouncedSearch(query: string, options?: object, ms?: number): Promise<{ results: { data(): Promise<PagefindResult> }[] } | null>;
}
interface PagefindResult {
  readonly url: string;
  readonly excerpt: string;
  readonly meta: { readonly title?: string; readonly category?: string; readonly date?: string };
}

/** How many results are shown; the count says how many there are. */
export const RESULTS_SHOWN = 10;

let pagefind: Promise<Pagefind> | undefined;
/** The index's script, fetched when the visitor first searches (with its WebAssembly, which the page's CSP allows). */
const loadIndex = (url: string) =>
  (pagefind ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (module) => {
    await module.options({ excerptLength: 24 });
    return module;
  }));

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#x27;": "'" };

/** Pagefind's excerpt (escaped text with <mark> around the words found) as plain text parts, marked ones odd. */
const excerptParts = (html: string) =>
  html
    .split(/<\/?mark>/)
    .map((part) => part.replace(/<[^>]*>/g, "").replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity]!));

/** What a search looked through: every word (in the browser), or titles and summaries only (the server). */
type Scope = "text" | "summaries";

type Status =
  | { readonly kind: "idle" }
  | { readonly kind: "found"; readonly count: number; readonly query: string; readonly scope: Scope }
  | { readonly kind: "failed" };

/** What the status line says of a search's results, in the words of what it looked through. */
function foundWords(copy: ArticleSearchCopy, { count, scope }: { count: number; scope: Scope }) {
  if (scope === "summaries") return count === 0 ? copy.summariesNone : count === 1 ? copy.summariesFoundOne : copy.summariesFound;
  return count === 0 ? copy.none : count === 1 ? copy.foundOne : copy.found;
}

/**
 * The search over every article's text, on /resources. Without JavaScript (or before it is live) the form asks
 * the server, which looks through titles and summaries and says so; once the visitor focuses it, it searches
 * as they type, in the browser, through the index written at build, and on the server's page of results it
 * searches again at once for the same query. Results are links; how many were found is announced politely.
 */
export default function ArticleSearch({ copy, action, index, initial, headingLevel }: ArticleSearchProps) {
  const Heading = `h${headingLevel}` as const;
  const id = useId();
  const [found, setFound] = useState<readonly Found[]>(initial?.found ?? []);
  const [status, setStatus] = useState<Status>(
    initial ? { kind: "found", count: initial.count, query: initial.query, scope: "summaries" } : { kind: "idle" },
  );
  const latest = useRef("");

  // The server looked through titles and summaries only: once live, the same query reads every word.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the query the page was rendered with
  useEffect(() => {
    if (initial) void search(initial.query);
  }, []);

  async function search(text: string) {
    const query = text.trim();
    latest.current = query;
    if (query.length < 2) {
      setFound([]);
      setStatus({ kind: "idle" });
      return;
    }
    try {
      const answer = await (await loadIndex(index)).debouncedSearch(query, {}, 200);
      if (answer === null || latest.current !== query) return;
      const results = await Promise.all(answer.results.slice(0, RESULTS_SHOWN).map((result) => result.data()));
      if (latest.current !== query) return;
      setFound(
        results.map((result) => ({
          url: result.url,
          title: result.meta.title ?? result.url,
          meta: [result.meta.category, result.meta.date].filter(Boolean).join(" · "),
          excerpt: excerptParts(result.excerpt),
        })),
      );
      setStatus({ kind: "found", count: answer.results.length, query, scope: "text" });
    } catch (error) {
      console.error("The article search could not run", error);
      setFound([]);
      setStatus({ kind: "failed" });
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void search(new FormData(event.currentTarget).get("q")?.toString() ?? "");
  };

  return (
    <div className="space-y-5">
      <form action={action} method="get" role="search" onSubmit={onSubmit} className="max-w-2xl">
        <label htmlFor={`${id}query`} className="block font-medium">
          {copy.label}
        </label>
        <div className="mt-2 flex gap-2">
          <input
            id={`${id}query`}
            name="q"
            type="search"
            defaultValue={initial?.query}
            placeholder={copy.placeholder}
            autoComplete="off"
            maxLength={200}
            onChange={(event) => void search(event.currentTarget.value)}
            className="min-h-11 w-full min-w-0 rounded-md border border-line-strong bg-white px-3 text-base"
          />
          <button type="submit" className="min-h-11 shrink-0 rounded-md bg-accent px-5 font-medium text-paper hover:bg-accent-strong">
            {copy.submitLabel}
          </button>
        </div>
      </form>
      <p id={`${id}status`} aria-live="polite" className="text-muted empty:hidden">
        {status.kind === "failed"
          ? copy.failed
          : status.kind === "found"
            ? fillSlots(foundWords(copy, status), { count: String(status.count), query: status.query })
            : ""}
      </p>
      {status.kind === "found" && status.scope === "summaries" && <p className="text-sm text-muted">{copy.titleSummaries}</p>}
      {found.length > 0 && (
        <ol aria-labelledby={`${id}status`} className="space-y-4">
          {found.map((result) => (
            <li
              key={result.url}
              className="relative rounded-xl border border-line bg-white/60 p-5 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-accent"
            >
              <Heading className="font-serif text-xl font-semibold tracking-tight">
                <a href={result.url} className="after:absolute after:inset-0 after:rounded-xl hover:text-accent focus-visible:outline-none">
                  {result.title}
                </a>
              </Heading>
              {result.meta && <p className="mt-1 text-sm text-muted">{result.meta}</p>}
              <p className="mt-2 leading-relaxed text-muted">
                {result.excerpt.map((part, index) =>
                  index % 2 === 1 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one excerpt, in order, never reordered
                    <mark key={index} className="rounded-sm bg-accent-soft px-0.5 text-ink">
                      {part}
                    </mark>
                  ) : (
                    part
                  ),
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
