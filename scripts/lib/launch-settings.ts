/**
 * Before launch, what production would run without: the inbox behind Access, mail from the site's own domain,
 * the browser editor's App, the site's domain as the Worker's Custom Domain, and no local sign-in key. Each is
 * a value `npm run setup` writes into wrangler.toml (docs/operators.md, "Launch").
 */
import type { LaunchItem } from "./launch.ts";

const where = "wrangler.toml";
const SETUP = 'run `npm run setup` (docs/operators.md, "Launch")';

const hostOf = (origin: string) => {
  try {
    return new URL(origin).hostname;
  } catch {
    return "";
  }
};

export function servicesToConfigure(vars: Readonly<Record<string, unknown>>, routes: readonly unknown[]): LaunchItem[] {
  const text = (name: string) => String(vars[name] ?? "").trim();
  const host = hostOf(text("SITE_ORIGIN"));
  const items: LaunchItem[] = [];
  const empty = (names: readonly string[]) => names.filter((name) => text(name) === "");

  const access = empty(["ACCESS_TEAM_DOMAIN", "ACCESS_AUD", "ADMIN_EMAILS"]);
  if (access.length)
    items.push({
      where,
      text: `${access.join(", ")} empty: the inbox at /admin would answer 404; ${SETUP}, which creates its Access application`,
    });
  const editor = empty(["CMS_GITHUB_REPO", "CMS_GITHUB_APP_CLIENT_ID", "CMS_GITHUB_APP_INSTALLATION_ID"]);
  if (editor.length)
    items.push({ where, text: `${editor.join(", ")} empty: the browser editor is not connected; ${SETUP}, which creates its GitHub App` });
  for (const name of ["NOTIFY_FROM", "CLIENT_MAIL_FROM"] as const) {
    const domain = text(name).split("@")[1] ?? "";
    if (name === "CLIENT_MAIL_FROM" && text(name) === "")
      items.push({
        where,
        text: `CLIENT_MAIL_FROM is empty: no mail would reach clients; ${SETUP}, which onboards the domain for sending`,
      });
    else if (host && domain && domain !== host && !domain.endsWith(`.${host}`))
      items.push({
        where,
        text: `${name} ${JSON.stringify(text(name))} is not on the site's domain ${host}: mail is sent only from the domain onboarded for sending`,
      });
  }
  const domains = routes.flatMap((route) =>
    typeof route === "object" && route && (route as { custom_domain?: boolean }).custom_domain
      ? [String((route as { pattern?: unknown }).pattern)]
      : [],
  );
  if (host && !domains.includes(host))
    items.push({
      where,
      text: `routes has no Custom Domain for ${host}, SITE_ORIGIN's host: the deploy would not attach the site to its domain; ${SETUP}`,
    });
  if (text("ADMIN_LOCAL_SIGNING_KEY") !== "")
    items.push({
      where,
      text: "ADMIN_LOCAL_SIGNING_KEY is set: it is local development's sign-in key and must stay empty here (.dev.vars holds it)",
    });
  return items;
}
