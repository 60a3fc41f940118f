/** The practice's repository on GitHub: made private if it does not exist, with this clone's main pushed to it. */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type Step, kept, made } from "../context.ts";
import { GitHubError, gh, ghApi } from "../github.ts";
import { Stop } from "../stop.ts";

interface Repository {
  clone_url: string;
  private: boolean;
}

export const git = (root: string, args: readonly string[]) => promisify(execFile)("git", ["-C", root, ...args], { encoding: "utf8" });

export const githubRepository: Step = {
  title: "The repository on GitHub",
  does: "finds the repository (or makes it, private) and pushes this clone's main to it if GitHub has no main yet",
  async run({ root, answers }) {
    const repository = answers.repository!;
    const [owner, name] = repository.split("/") as [string, string];
    let found = await ghApi<Repository>("GET", `/repos/${repository}`);
    const changes: string[] = [];
    if (found.status === 404) {
      const user = await gh<{ login: string }>("GET", "/user");
      const path = user.login === owner ? "/user/repos" : `/orgs/${owner}/repos`;
      found = { status: 201, body: await gh<Repository>("POST", path, { name, private: true, has_wiki: false }) };
      changes.push("made it, private");
    } else if (found.status !== 200) throw new GitHubError(found.status, `GitHub answered ${found.status} to GET /repos/${repository}`);
    const branch = await ghApi("GET", `/repos/${repository}/branches/main`);
    if (branch.status === 404) {
      try {
        await git(root, ["push", found.body.clone_url, "HEAD:refs/heads/main"]);
      } catch (error) {
        throw new Stop(
          `git could not push this clone's main to ${repository} (${String(error).split("\n")[0]}): is git signed in to GitHub (gh auth setup-git)?`,
          `https://github.com/${repository}`,
        );
      }
      changes.push("pushed main");
    }
    return changes.length ? made(`${repository}: ${changes.join(", ")}`) : kept(`${repository}, with main`);
  },
};
