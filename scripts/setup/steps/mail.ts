/**
 * Mail from the practice's domain. Email Service (the default): the domain onboarded for sending, which sends
 * both the attorney's notification and mail to clients. Email Routing, by choice: switched on for the domain
 * (it takes over the MX records) with the attorney's address as a verified destination.
 */
import { MX_WARNING } from "../answers.ts";
import { type Context, type Step, dashboard, kept, made } from "../context.ts";
import { Stop } from "../stop.ts";

async function onboardSending(context: Context) {
  const { cloudflare, zone, answers } = context;
  const path = `/zones/${zone!.id}/email/sending/subdomains`;
  const subdomains = await cloudflare.get<{ name: string }[]>(path);
  if (subdomains.some((subdomain) => subdomain.name === answers.domain)) return false;
  await cloudflare.post(path, { name: answers.domain });
  return true;
}

async function routeToAttorney(context: Context) {
  const { cloudflare, zone, answers } = context;
  let changed = false;
  const settings = await cloudflare.get<{ enabled: boolean }>(`/zones/${zone!.id}/email/routing`);
  if (!settings.enabled) {
    context.say(`  ${MX_WARNING}`);
    await cloudflare.post(`/zones/${zone!.id}/email/routing/enable`, {});
    changed = true;
  }
  const addresses = await cloudflare.get<{ email: string; verified: string | null }[]>("/accounts/{account}/email/routing/addresses");
  let destination = addresses.find((address) => address.email === answers.attorneyAddress);
  if (!destination) {
    destination = await cloudflare.post<{ email: string; verified: string | null }>("/accounts/{account}/email/routing/addresses", {
      email: answers.attorneyAddress,
    });
    changed = true;
  }
  if (!destination.verified)
    throw new Stop(
      `Cloudflare has sent a message to ${answers.attorneyAddress}: open it and confirm the address, so that notifications may be routed there`,
      dashboard(context, `${zone!.name}/email/routing/routes`),
    );
  return changed;
}

export const mail: Step = {
  title: "Mail from the practice's domain",
  does: "onboards the domain for sending with Email Service (mail to clients and the attorney's notification); with the answer mail = routing, the notification through Email Routing instead (which takes over the domain's MX records)",
  async run(context) {
    const sending = await onboardSending(context);
    const routing = context.answers.mail === "routing" ? await routeToAttorney(context) : false;
    const how =
      context.answers.mail === "routing"
        ? "Email Service for clients, Email Routing to the attorney"
        : "Email Service for clients and the attorney";
    return sending || routing ? made(how) : kept(how);
  },
};
