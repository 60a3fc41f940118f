/**
 * What CI's workflow needs on GitHub (docs/deploying.md): the environment (production takes deployments from
 * main only), its secrets (the Cloudflare token and account, sealed to the environment's key), and the
 * repository's variables (the editor's App, the commit whose editor check to trust, DEPLOY).
 */
import { type Context, type Step, kept, made } from "../context.ts";
import { gh, ghApi, sealed } from "../github.ts";
import { git } from "./github-repository.ts";

async function environment(repository: string, name: string, mainOnly: boolean) {
  const changes: string[] = [];
  if ((await ghApi("GET", `/repos/${repository}/environments/${name}`)).status === 404) {
    await gh("PUT", `/repos/${repository}/environments/${name}`, {
      deployment_branch_policy: mainOnly ? { protected_branches: false, custom_branch_policies: true } : null,
    });
    changes.push(`environment ${name}`);
  }
  if (mainOnly) {
    const { branch_policies } = await gh<{ branch_policies: { name: string }[] }>(
      "GET",
      `/repos/${repository}/environments/${name}/deployment-branch-policies`,
    );
    if (!branch_policies.some((policy) => policy.name === "main")) {
      await gh("POST", `/repos/${repository}/environments/${name}/deployment-branch-policies`, { name: "main", type: "branch" });
      changes.push(`${name} deploys main only`);
    }
  }
  return changes;
}

async function secrets(repository: string, name: string, values: Readonly<Record<string, string>>) {
  const changes: string[] = [];
  let key: { key_id: string; key: string } | undefined;
  for (const [secret, value] of Object.entries(values)) {
    if ((await ghApi("GET", `/repos/${repository}/environments/${name}/secrets/${secret}`)).status === 200) continue;
    key ??= await gh<{ key_id: string; key: string }>("GET", `/repos/${repository}/environments/${name}/secrets/public-key`);
    await gh("PUT", `/repos/${repository}/environments/${name}/secrets/${secret}`, {
      encrypted_value: await sealed(value, key.key),
      key_id: key.key_id,
    });
    changes.push(`secret ${secret}`);
  }
  return changes;
}

async function variables(repository: string, values: Readonly<Record<string, string>>, onlyIfMissing: readonly string[]) {
  const changes: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const found = await ghApi<{ value: string }>("GET", `/repos/${repository}/actions/variables/${name}`);
    if (found.status === 404) await gh("POST", `/repos/${repository}/actions/variables`, { name, value });
    else if (found.body.value !== value && !onlyIfMissing.includes(name))
      await gh("PATCH", `/repos/${repository}/actions/variables/${name}`, { name, value });
    else continue;
    changes.push(`variable ${name}`);
  }
  return changes;
}

export const githubActions: Step = {
  title: "CI's settings on GitHub",
  does: "production: the environment (deployments from main only) with the secrets CLOUDFLARE_DEPLOY_TOKEN and CLOUDFLARE_ACCOUNT_ID, and the variables CMS_GITHUB_APP_SLUG, EDITOR_CHECK_FROM (this commit) and DEPLOY=true; preview: its environment with CLOUDFLARE_PREVIEW_TOKEN and CLOUDFLARE_ACCOUNT_ID",
  async run(context: Context) {
    const repository = context.answers.repository!;
    const token = context.env.CLOUDFLARE_API_TOKEN!;
    const changes =
      context.target === "preview"
        ? [
            ...(await environment(repository, "preview", false)),
            ...(await secrets(repository, "preview", {
              CLOUDFLARE_PREVIEW_TOKEN: token,
              CLOUDFLARE_ACCOUNT_ID: context.cloudflare.account,
            })),
          ]
        : [
            ...(await environment(repository, "production", true)),
            ...(await secrets(repository, "production", {
              CLOUDFLARE_DEPLOY_TOKEN: token,
              CLOUDFLARE_ACCOUNT_ID: context.cloudflare.account,
            })),
            ...(await variables(
              repository,
              {
                CMS_GITHUB_APP_SLUG: context.state.kept.app!.slug,
                EDITOR_CHECK_FROM: (await git(context.root, ["rev-parse", "HEAD"])).stdout.trim(),
                DEPLOY: "true",
              },
              ["EDITOR_CHECK_FROM"],
            )),
          ];
    return changes.length ? made(changes.join(", ")) : kept("environment, secrets and variables in place");
  },
};
