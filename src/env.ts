/*
 * The Worker's environment, typed once: every binding, secret and variable wrangler.toml and its secrets
 * give it, and what its queue carries. A leaf: the Worker, the queue consumer and the inbox all import it,
 * and it imports none of them.
 */

/**
 * What the contact-notifications queue carries, nothing personal, each kind with one handler
 * (src/queue/consumer.ts): the inquiry to notify the practice of (put there by the API, the sweep and the
 * inbox), the week whose digest to send (by the Monday cron and the sweep), the next step of a nightly
 * backup (src/queue/backup: by the nightly cron, each step, and the sweep), a consultation's confirmation or
 * reminder (by the booking link and the cron), or a signed engagement letter's copy (by its link and the sweep).
 */
export type QueueMessage =
  | { readonly kind: "notification"; readonly submissionId: string }
  | { readonly kind: "digest"; readonly week: string }
  | { readonly kind: "backup"; readonly run: string; readonly step: number }
  /** A consultation booked, moved or cancelled: its confirmation, with the invitation, at this sequence. */
  | { readonly kind: "booking-mail"; readonly bookingId: string; readonly sequence: number }
  /** The reminder of a consultation at this start time (epoch ms). */
  | { readonly kind: "booking-reminder"; readonly bookingId: string; readonly startAt: number }
  /** An engagement letter signed: its PDF sealed, its matter on the conflict register, its signed copy mailed. */
  | { readonly kind: "engagement-signed"; readonly letterId: string };

/**
 * Everything the Worker is given by wrangler.toml and its secrets. The types of wrangler.toml's bindings and
 * vars come from `GeneratedEnv`, which `npm run types` writes into worker-configuration.d.ts beside it (and `npm test`
 * checks is current); layered on top is what wrangler cannot know: the queue's message type and the secrets.
 */
export interface Env {
  // Bindings
  /** D1 database holding the contact_submissions table. */
  readonly DB: GeneratedEnv["DB"];
  /** Queue that carries each new submission to the notification e-mail consumer. */
  readonly CONTACT_QUEUE: Queue<QueueMessage>;
  /** The dead-letter queue, bound only so that a deploy creates it (wrangler.toml): the Worker never sends to it. */
  readonly CONTACT_DEAD_LETTERS: GeneratedEnv["CONTACT_DEAD_LETTERS"];
  /** The binding that delivers notifications to the attorney's inbox (Email Service, or Email Routing by choice). */
  readonly EMAIL: GeneratedEnv["EMAIL"];
  /** Cloudflare Email Service binding that sends mail to clients from CLIENT_MAIL_FROM. */
  readonly CLIENT_EMAIL: GeneratedEnv["CLIENT_EMAIL"];
  /** Workers rate limiter for contact posts, keyed on the client's address. */
  readonly CONTACT_RATE_LIMITER: GeneratedEnv["CONTACT_RATE_LIMITER"];
  /** Workers rate limiter for requests to booking links, keyed on the client's address. */
  readonly BOOKING_RATE_LIMITER: GeneratedEnv["BOOKING_RATE_LIMITER"];
  /** The build's static files, for what the Worker serves only behind the inbox's gate (the editor's configuration). */
  readonly ASSETS: GeneratedEnv["ASSETS"];
  /** R2 bucket of the nightly backups, encrypted (src/queue/backup). */
  readonly BACKUPS: GeneratedEnv["BACKUPS"];
  /** R2 bucket of the signed engagement letters' PDFs, each checked against the SHA-256 D1 recorded (src/engagement). */
  readonly RECORDS: GeneratedEnv["RECORDS"];

  // Secrets (`wrangler secret put`)
  /** Turnstile secret key; with TURNSTILE_SITE_KEY it switches the challenge on. One without the other: every post refused. */
  readonly TURNSTILE_SECRET_KEY?: string;
  /** Local development only (.dev.vars, see src/admin/local-signer.ts): private JWK of the inbox's local sign-in. */
  readonly ADMIN_LOCAL_SIGNING_KEY?: string;
  /** The browser editor's GitHub App private key, PKCS#8 PEM (src/admin/github/app-token.ts). Unset: the editor is not connected. */
  readonly CMS_GITHUB_APP_PRIVATE_KEY?: string;
  /** The nightly backups' AES-256 key, 32 bytes in base64 (src/queue/backup/seal.ts), also kept offline. Unset: each run fails, saying so. */
  readonly BACKUP_KEY?: string;
  /**
   * The private iCal address of the attorney's own calendar (Google "Secret address in iCal format", Outlook
   * "ICS" link, iCloud public calendar, Fastmail…; https or webcal), read by the cron at most hourly
   * (src/queue/calendar-read.ts): its busy times are never offered. A secret, since it shows her whole calendar.
   * Unset: no calendar read, and the busy times it gave removed.
   */
  readonly ATTORNEY_CALENDAR_URL?: string;

  // Vars
  /** Absolute origin of the production site, e.g. https://example.com. */
  readonly SITE_ORIGIN: GeneratedEnv["SITE_ORIGIN"];
  /** Sender of notification e-mails: an address on a domain with Cloudflare Email Routing. */
  readonly NOTIFY_FROM: GeneratedEnv["NOTIFY_FROM"];
  /** The practice's inbox that receives every inquiry (a verified Email Routing destination). */
  readonly NOTIFY_TO: GeneratedEnv["NOTIFY_TO"];
  /** First retry delay of a failed notification, in seconds; later retries double it. */
  readonly NOTIFY_RETRY_BASE_SECONDS: GeneratedEnv["NOTIFY_RETRY_BASE_SECONDS"];
  /** Contact messages stored per minute from all visitors together; beyond it, posts answer 429. */
  readonly CONTACT_SUBMISSIONS_PER_MINUTE: GeneratedEnv["CONTACT_SUBMISSIONS_PER_MINUTE"];
  /** Turnstile site key (public). Empty (with no secret): no challenge, as in local development; launch-check refuses it. */
  readonly TURNSTILE_SITE_KEY: GeneratedEnv["TURNSTILE_SITE_KEY"];
  /** Cloudflare Access team domain guarding /admin, e.g. https://example.cloudflareaccess.com. Empty: inbox off. */
  readonly ACCESS_TEAM_DOMAIN: GeneratedEnv["ACCESS_TEAM_DOMAIN"];
  /** Application Audience (AUD) tag of the Access application for /admin. Empty: inbox off. */
  readonly ACCESS_AUD: GeneratedEnv["ACCESS_AUD"];
  /** Comma-separated e-mail addresses allowed into the inbox (any case). Empty: inbox off. */
  readonly ADMIN_EMAILS: GeneratedEnv["ADMIN_EMAILS"];
  /** GitHub repository ("owner/name") the browser editor at /admin/content/ commits to. Empty: not connected (locally, the working tree). */
  readonly CMS_GITHUB_REPO: GeneratedEnv["CMS_GITHUB_REPO"];
  /** The branch it commits to: the one deployed to production. The only branch the editor may change. */
  readonly CMS_GITHUB_BRANCH: GeneratedEnv["CMS_GITHUB_BRANCH"];
  /** Client ID of the practice's GitHub App, the issuer of the JWTs that mint its installation tokens. */
  readonly CMS_GITHUB_APP_CLIENT_ID: GeneratedEnv["CMS_GITHUB_APP_CLIENT_ID"];
  /** The ID of that App's installation on the repository. */
  readonly CMS_GITHUB_APP_INSTALLATION_ID: GeneratedEnv["CMS_GITHUB_APP_INSTALLATION_ID"];
  /** GitHub's REST API origin (GraphQL at its /graphql): https://api.github.com, or a test's stand-in. */
  readonly CMS_GITHUB_API: GeneratedEnv["CMS_GITHUB_API"];
  /** Sender of mail to clients, on the practice's domain onboarded for sending. Empty: no mail to clients; links are copied. */
  readonly CLIENT_MAIL_FROM: GeneratedEnv["CLIENT_MAIL_FROM"];
}

// These do not compile while wrangler.toml and Env disagree: a binding or var that Env does not name and
// document, or a name in Env (secrets aside) that wrangler.toml no longer has.
type AssertNone<Names extends never> = Names;
// biome-ignore lint/correctness/noUnusedVariables: a compile-time assertion, never read
type EveryBindingDocumented = AssertNone<Exclude<keyof GeneratedEnv, keyof Env>>;
// biome-ignore lint/correctness/noUnusedVariables: a compile-time assertion, never read
type NoStaleBinding = AssertNone<
  Exclude<
    keyof Env,
    | keyof GeneratedEnv
    | "TURNSTILE_SECRET_KEY"
    | "ADMIN_LOCAL_SIGNING_KEY"
    | "CMS_GITHUB_APP_PRIVATE_KEY"
    | "BACKUP_KEY"
    | "ATTORNEY_CALENDAR_URL"
  >
>;
