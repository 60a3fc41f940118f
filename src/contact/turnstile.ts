/** Where Cloudflare Turnstile's script and challenge frame come from (the contact page loads it; the CSP allows it). */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";
