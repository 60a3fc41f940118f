/**
 * The one Cloudflare API token's permissions, declared once: by the dashboard's name, by the key of the token
 * form's address (developers.cloudflare.com, "API token template URLs"), the step that uses each, and a read
 * that shows the token has it. The set-up prints the form's address with exactly these; docs/deploying.md's
 * table lists the same rows (scripts/setup/setup.test.ts compares them).
 */
export interface TokenPermission {
  /** As the dashboard's token form names it: scope, group, level. */
  readonly label: string;
  readonly key: string;
  readonly type: "read" | "edit";
  /** The set-up's step that uses it (and CI's deploy, where it does). */
  readonly usedBy: string;
  /** Whether CI's deploys use it after launch; those that do not can be removed from the token then. */
  readonly deploys: boolean;
  /** A read that succeeds only with it: an account path (`{account}`) or a zone path (`{zone}`). */
  readonly probe?: string;
}

export const PERMISSIONS: readonly TokenPermission[] = [
  {
    label: "Account · Billing · Read",
    key: "billing",
    type: "read",
    usedBy: "Check the account (the Workers Paid plan)",
    deploys: false,
    probe: "/accounts/{account}/subscriptions",
  },
  {
    label: "Account · Workers Scripts · Edit",
    key: "workers_scripts",
    type: "edit",
    usedBy: "Deploy (the Worker, its secrets, crons)",
    deploys: true,
    probe: "/accounts/{account}/workers/scripts",
  },
  {
    label: "Account · D1 · Edit",
    key: "d1",
    type: "edit",
    usedBy: "Deploy (creates the database), Migrations",
    deploys: true,
    probe: "/accounts/{account}/d1/database",
  },
  {
    label: "Account · Workers R2 Storage · Edit",
    key: "workers_r2",
    type: "edit",
    usedBy: "Deploy (creates both buckets)",
    deploys: true,
    probe: "/accounts/{account}/r2/buckets",
  },
  {
    label: "Account · Queues · Edit",
    key: "queues",
    type: "edit",
    usedBy: "Deploy (creates both queues, their consumers)",
    deploys: true,
    probe: "/accounts/{account}/queues",
  },
  {
    label: "Account · Turnstile · Edit",
    key: "turnstile",
    type: "edit",
    usedBy: "Turnstile (the contact form's widget)",
    deploys: false,
    probe: "/accounts/{account}/challenges/widgets",
  },
  {
    label: "Account · Access: Apps and Policies · Edit",
    key: "access",
    type: "edit",
    usedBy: "Access (the application and policy for /admin)",
    deploys: false,
    probe: "/accounts/{account}/access/apps",
  },
  {
    label: "Account · Access: Organizations, Identity Providers, and Groups · Edit",
    key: "access_acct",
    type: "edit",
    usedBy: "Access (the team domain, the one-time PIN sign-in)",
    deploys: false,
    probe: "/accounts/{account}/access/identity_providers",
  },
  {
    label: "Zone · Zone · Read",
    key: "zone",
    type: "read",
    usedBy: "Check the account (the site's zone), Deploy (the Custom Domain)",
    deploys: true,
  },
  { label: "Zone · Workers Routes · Edit", key: "workers_routes", type: "edit", usedBy: "Deploy (the Custom Domain)", deploys: true },
  {
    label: "Zone · DNS · Edit",
    key: "dns",
    type: "edit",
    usedBy: "Deploy (the Custom Domain's record), Mail (the sending records)",
    deploys: true,
  },
  {
    label: "Zone · Email Sending · Edit",
    key: "email_sending",
    type: "edit",
    usedBy: "Mail (onboards the domain for sending)",
    deploys: false,
    probe: "/zones/{zone}/email/sending/subdomains",
  },
];

/** The extra rows for the attorney's notification through Email Routing, by choice. */
export const ROUTING_PERMISSIONS: readonly TokenPermission[] = [
  {
    label: "Zone · Email Routing Rules · Edit",
    key: "email_routing_rules",
    type: "edit",
    usedBy: "Mail (switches Email Routing on)",
    deploys: false,
    probe: "/zones/{zone}/email/routing",
  },
  {
    label: "Account · Email Routing Addresses · Edit",
    key: "email_routing_addresses",
    type: "edit",
    usedBy: "Mail (the attorney's address as a destination)",
    deploys: false,
    probe: "/accounts/{account}/email/routing/addresses",
  },
];

/** The preview account's token: what its deploy and migrations use, no zone. */
export const PREVIEW_PERMISSIONS: readonly TokenPermission[] = PERMISSIONS.filter((permission) =>
  ["workers_scripts", "d1", "workers_r2", "queues"].includes(permission.key),
);

/** The dashboard's form for a new user API token, filled in with these permissions and a name. */
export function tokenForm(name: string, permissions: readonly TokenPermission[]): string {
  const keys = permissions.map(({ key, type }) => ({ key, type }));
  return `https://dash.cloudflare.com/profile/api-tokens?permissionGroupKeys=${encodeURIComponent(JSON.stringify(keys))}&accountId=*&zoneId=all&name=${encodeURIComponent(name)}`;
}
