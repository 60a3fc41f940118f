import type { ContactFormState } from "../contact/state.ts";
import type { SiteLocation } from "../seo/origin.ts";
import type { Env } from "../env.ts";

/** Hono's type parameter for this app. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** The production origin and whether this request's host is it (set by withSiteLocation). */
    site: SiteLocation;
    /** Set by the contact API when it answers a plain form post with the contact page. */
    contactForm?: ContactFormState;
    /**
     * Set by the renderer on a page of the site's document, which holds the speculation rules
     * (src/seo/speculation-rules.ts): with the CSP hash of its inlined stylesheet (see src/page-styles), and
     * whether it holds the article search, whose index runs as WebAssembly.
     */
    sitePage?: { readonly styleHash?: string; readonly runsWasm?: boolean };
  };
}
