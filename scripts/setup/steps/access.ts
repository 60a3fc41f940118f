/**
 * /admin behind Cloudflare Access: one-time PIN sign-in for the team, a self-hosted application on
 * `<domain>/admin` (cookies SameSite=Lax, HttpOnly) and its policy allowing the answered addresses; its AUD and the
 * team's domain into wrangler.toml. Each part is looked for before it is made, so a run stopped between the
 * application and its policy finishes on the next.
 */
import { join } from "node:path";
import { type Step, kept, made } from "../context.ts";
import { setTomlValues } from "../toml.ts";

const POLICY = "The practice";

export const access: Step = {
  title: "Access for /admin",
  does: "finds or creates the one-time PIN sign-in, the Access application for <domain>/admin and its policy allowing the addresses who may sign in; writes ACCESS_AUD, ACCESS_TEAM_DOMAIN and ADMIN_EMAILS",
  async run(context) {
    const { cloudflare, answers } = context;
    const changes: string[] = [];
    const organization = await cloudflare.get<{ auth_domain: string }>("/accounts/{account}/access/organizations");
    const providers = await cloudflare.get<{ type: string }[]>("/accounts/{account}/access/identity_providers");
    if (!providers.some((provider) => provider.type === "onetimepin")) {
      await cloudflare.post("/accounts/{account}/access/identity_providers", { name: "One-time PIN", type: "onetimepin", config: {} });
      changes.push("one-time PIN");
    }
    const domain = `${answers.domain}/admin`;
    const apps = await cloudflare.get<{ id: string; aud: string; domain: string }[]>("/accounts/{account}/access/apps");
    let app = apps.find((each) => each.domain === domain);
    if (!app) {
      app = await cloudflare.post<{ id: string; aud: string; domain: string }>("/accounts/{account}/access/apps", {
        name: `${answers.domain} inbox`,
        domain,
        type: "self_hosted",
        session_duration: "24h",
        same_site_cookie_attribute: "lax",
        http_only_cookie_attribute: true,
        app_launcher_visible: false,
      });
      changes.push("application");
    }
    const emails = answers.adminEmails!.split(",").map((each) => each.trim());
    const policies = await cloudflare.get<{ name: string }[]>(`/accounts/{account}/access/apps/${app.id}/policies`);
    if (!policies.some((policy) => policy.name === POLICY)) {
      await cloudflare.post(`/accounts/{account}/access/apps/${app.id}/policies`, {
        name: POLICY,
        decision: "allow",
        include: emails.map((email) => ({ email: { email } })),
        precedence: 1,
      });
      changes.push("policy");
    }
    const written = setTomlValues(join(context.root, "wrangler.toml"), "vars", {
      ACCESS_TEAM_DOMAIN: `https://${organization.auth_domain}`,
      ACCESS_AUD: app.aud,
      ADMIN_EMAILS: emails.join(","),
    });
    if (written) changes.push("wrangler.toml");
    return changes.length ? made(`${domain}: made ${changes.join(", ")}`) : kept(`${domain}, for ${emails.join(", ")}`);
  },
};
