/** The token first: valid, and holding every permission the run needs, before anything is made. */
import { CloudflareError, isDenied } from "../cloudflare.ts";
import { type Context, type Step, kept } from "../context.ts";
import { PERMISSIONS, PREVIEW_PERMISSIONS, ROUTING_PERMISSIONS, type TokenPermission, tokenForm } from "../permissions.ts";
import { Stop } from "../stop.ts";

export const permissionsFor = (context: Pick<Context, "target" | "answers">): readonly TokenPermission[] =>
  context.target === "preview"
    ? PREVIEW_PERMISSIONS
    : context.answers.mail === "routing"
      ? [...PERMISSIONS, ...ROUTING_PERMISSIONS]
      : PERMISSIONS;

export const formFor = (context: Pick<Context, "target" | "answers">) =>
  tokenForm(context.target === "preview" ? "Meridian site preview" : "Meridian site", permissionsFor(context));

export const checkToken: Step = {
  title: "Check the Cloudflare API token",
  does: "verifies the token (GET /user/tokens/verify) and that it may read what each later step uses; a token short of a permission stops here, naming it",
  async run(context) {
    const form = formFor(context);
    try {
      await context.cloudflare.get("/user/tokens/verify");
    } catch (error) {
      if (!(error instanceof CloudflareError)) throw error;
      throw new Stop(
        `The Cloudflare API token is not valid (${error.message}). Make one with this form, then set CLOUDFLARE_API_TOKEN to it.`,
        form,
      );
    }
    const zone = context.target === "production" ? await findZone(context) : undefined;
    const missing: string[] = [];
    for (const permission of permissionsFor(context)) {
      if (!permission.probe || (permission.probe.includes("{zone}") && !zone)) continue;
      try {
        await context.cloudflare.get(permission.probe.replace("{zone}", zone?.id ?? ""));
      } catch (error) {
        if (isDenied(error)) missing.push(permission.label);
        else if (!(error instanceof CloudflareError)) throw error;
      }
    }
    if (missing.length)
      throw new Stop(
        `The token may not do all the set-up needs. Missing: ${missing.join("; ")}. Edit the token to add them (My Profile → API Tokens), or make a new one with this form`,
        form,
      );
    return kept(`valid, with every permission it needs${zone ? ` (zone ${zone.name})` : ""}`);
  },
};

/** The site's zone on the account, if the token may see it. */
async function findZone(context: Context) {
  try {
    const [zone] = await context.cloudflare.get<{ id: string; name: string; status: string }[]>(`/zones?name=${context.answers.domain}`);
    if (zone) context.zone = zone;
    return zone;
  } catch (error) {
    if (isDenied(error))
      throw new Stop("The token may not read the site's zone (Zone · Zone · Read). Make one with this form", formFor(context));
    throw error;
  }
}
