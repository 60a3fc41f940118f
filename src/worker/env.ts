/** Everything the Worker is given by wrangler.toml and its secrets. */
export interface Env {
  // Bindings
  /** D1 database holding the contact_submissions table. */
  readonly DB: D1Database;
  /** Queue that carries each new submission to the notification e-mail consumer. */
  readonly CONTACT_QUEUE: Queue;
  /** Cloudflare Email Routing binding that delivers notifications to the practice's inbox. */
  readonly EMAIL: SendEmail;

  // Vars
  /** Absolute origin of the production site, e.g. https://example.com. */
  readonly SITE_ORIGIN: string;
}

/** Hono's type parameter for this app. */
export interface AppEnv {
  Bindings: Env;
}
