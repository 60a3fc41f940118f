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
    /** The CSP hash of the page's inlined stylesheet, set by the renderer (see src/page-styles). */
    inlineStyleHash?: string;
  };
}
