import type { ContactFormState } from "../contact/state.ts";
import type { SearchResults } from "../islands/ArticleSearch.tsx";
import type { PageKind, RouteEntry } from "../routes/table.ts";

/**
 * What a page is told about the request it answers, beyond its route. Pages never reach into the Worker:
 * the renderer works this out and hands it down.
 */
export interface PageRequest {
  /** The contact form's outcome to show on arrival (a plain form post just handled, or `?sent=1`). */
  readonly contactForm?: ContactFormState;
  /** Cloudflare Turnstile's site key, when the operator has switched the challenge on. */
  readonly turnstileSiteKey?: string;
  /** What a search without JavaScript found (the search page, with a query). */
  readonly search?: SearchResults;
}

/** The props of the page component for one kind of route. */
export interface PageProps<K extends PageKind> {
  readonly route: RouteEntry<K>;
  readonly request: PageRequest;
}
