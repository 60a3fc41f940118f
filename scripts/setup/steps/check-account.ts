/**
 * What only the dashboard can switch on, looked at before anything is made: the site's zone on the account,
 * the Workers Paid plan (Email Service to any address, the CPU for PDFs and backups), R2 (code 10042 until it is
 * switched on), Queues (11002), and a Zero Trust team (for Access). Each missing one stops the run at its page.
 */
import { CloudflareError } from "../cloudflare.ts";
import { type Context, type Step, dashboard, kept } from "../context.ts";
import { Stop } from "../stop.ts";

async function refusedWith(call: Promise<unknown>, code: number): Promise<boolean> {
  try {
    await call;
    return false;
  } catch (error) {
    if (error instanceof CloudflareError && error.code === code) return true;
    throw error;
  }
}

export const checkAccount: Step = {
  title: "Check the account",
  does: "looks for the site's zone (active), the Workers Paid plan, R2 and Queues switched on, and a Zero Trust team; stops at the dashboard page of the first one missing",
  async run(context: Context) {
    const { cloudflare, answers } = context;
    if (context.target === "production") {
      const zone = context.zone;
      if (!zone)
        throw new Stop(
          `${answers.domain} is not on this Cloudflare account: add it (and point the registrar at Cloudflare's nameservers)`,
          dashboard(context, "add-site"),
        );
      const [found] = await cloudflare.get<{ status: string }[]>(`/zones?name=${zone.name}`);
      if (found?.status !== "active")
        throw new Stop(
          `${zone.name} is on the account but not active yet: its registrar must name Cloudflare's nameservers`,
          dashboard(context, zone.name),
        );
    }
    // The account's subscriptions name their rate plan; Workers Paid's is read by its id or its public name.
    const plans = await cloudflare.get<{ rate_plan?: { id?: string; public_name?: string } }[]>("/accounts/{account}/subscriptions");
    if (!plans.some((plan) => /workers[ _-]?paid/i.test(`${plan.rate_plan?.id ?? ""} ${plan.rate_plan?.public_name ?? ""}`)))
      throw new Stop(
        "The account is not on the Workers Paid plan (mail to any address, the CPU for signed PDFs and backups): subscribe to it",
        dashboard(context, "workers/plans"),
      );
    if (await refusedWith(cloudflare.get("/accounts/{account}/r2/buckets"), 10042))
      throw new Stop(
        "R2 is not switched on for the account (Cloudflare answers 10042): open R2 in the dashboard and enable it",
        dashboard(context, "r2/overview"),
      );
    if (await refusedWith(cloudflare.get("/accounts/{account}/queues"), 11002))
      throw new Stop(
        "Queues is not switched on for the account (Cloudflare answers 11002): open Queues in the dashboard and enable it",
        dashboard(context, "workers/queues"),
      );
    if (context.target === "production" && (await refusedWith(cloudflare.get("/accounts/{account}/access/organizations"), 12130)))
      throw new Stop(
        "The account has no Zero Trust team yet (Access needs one): open Zero Trust, choose a team name and the Free plan",
        "https://one.dash.cloudflare.com/",
      );
    return kept(context.target === "production" ? "zone active, Workers Paid, R2, Queues, Zero Trust" : "Workers Paid, R2, Queues");
  },
};
