/**
 * What the run wrote, committed and pushed to main: wrangler.toml's settings and the content the operator
 * replaced, so that CI's deploys build what this run deployed.
 */
import { type Step, kept, made } from "../context.ts";
import { gh } from "../github.ts";
import { git } from "./github-repository.ts";

export const publish: Step = {
  title: "Commit and push the settings",
  does: "commits wrangler.toml and content/ if this clone changed them, and pushes main to the repository, whose CI then tests and deploys it",
  async run({ root, answers }) {
    const changes: string[] = [];
    if ((await git(root, ["status", "--porcelain", "--", "wrangler.toml", "content"])).stdout.trim()) {
      await git(root, ["add", "--", "wrangler.toml", "content"]);
      await git(root, ["commit", "-m", "Launch: the practice's settings and content (npm run setup)", "--", "wrangler.toml", "content"]);
      changes.push("committed wrangler.toml and content/");
    }
    const head = (await git(root, ["rev-parse", "HEAD"])).stdout.trim();
    const { commit } = await gh<{ commit: { sha: string } }>("GET", `/repos/${answers.repository}/branches/main`);
    if (commit.sha !== head) {
      const { clone_url } = await gh<{ clone_url: string }>("GET", `/repos/${answers.repository}`);
      await git(root, ["push", clone_url, "HEAD:refs/heads/main"]);
      changes.push(`pushed ${head.slice(0, 12)} to main`);
    }
    return changes.length ? made(changes.join(", ")) : kept(`main is ${head.slice(0, 12)}, with every setting`);
  },
};
