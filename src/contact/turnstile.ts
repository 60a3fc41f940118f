/** Where Cloudflare Turnstile's script and challenge frame come from (the contact page loads it; the CSP allows it). */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/**
 * The contact form's widget names this action (`data-action`), and the Worker accepts only tokens that
 * Cloudflare reports were issued for it: a token solved on another widget of the same key is refused.
 */
export const TURNSTILE_ACTION = "contact";
