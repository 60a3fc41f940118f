/**
 * Before launch, the production Worker's required secrets (wrangler.toml's `secrets.required`) that Cloudflare
 * does not hold, when this check can ask: with CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID in the environment
 * (CLOUDFLARE_API_BASE_URL for a stand-in), it lists the Worker's secrets by name (never their values). Without
 * them, or before the first deploy, it says what it could not see rather than guess.
 */
import type { LaunchItem } from "./launch.ts";

const where = "the Worker's secrets";

export async function secretsToSet(
  worker: string,
  required: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  fetcher: typeof fetch = fetch,
): Promise<{ items: LaunchItem[]; note?: string }> {
  if (required.length === 0) return { items: [] };
  const { CLOUDFLARE_API_TOKEN: token, CLOUDFLARE_ACCOUNT_ID: account } = env;
  if (!token || !account)
    return {
      items: [],
      note: `Secrets not checked (${required.join(", ")}): set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID to have them checked.`,
    };
  const base = env.CLOUDFLARE_API_BASE_URL ?? "https://api.cloudflare.com/client/v4";
  let response: Response;
  try {
    response = await fetcher(`${base}/accounts/${account}/workers/scripts/${worker}/secrets`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  } catch (error) {
    return { items: [], note: `Secrets not checked: Cloudflare could not be reached (${String(error)}).` };
  }
  const body = (await response.json().catch(() => ({}))) as { result?: { name: string }[]; errors?: { code: number; message: string }[] };
  if (body.errors?.some((error) => error.code === 10007))
    return {
      items: [],
      note: `Secrets not checked: the Worker ${worker} is not deployed yet (its first deploy takes them: npm run setup).`,
    };
  if (!response.ok || !body.result)
    return {
      items: [],
      note: `Secrets not checked: Cloudflare answered ${response.status} (${body.errors?.map((error) => error.message).join("; ") ?? ""}).`,
    };
  const held = new Set(body.result.map((secret) => secret.name));
  return {
    items: required
      .filter((name) => !held.has(name))
      .map((name) => ({
        where,
        text: `${name} is not set on ${worker}: \`npx wrangler secret put ${name}\` (or npm run setup, which sets it)`,
      })),
  };
}
