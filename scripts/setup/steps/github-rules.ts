/**
 * main protected: no force push, no deletion, and a change from anyone but the repository's admins or the
 * editor's App passes CI's test first (a ruleset: the App's saves are pushed to main directly, so it bypasses
 * the rule, as the operator does). A private repository on GitHub Free cannot have rules: said, not stopped.
 */
import { type Step, kept, made } from "../context.ts";
import { gh, ghApi } from "../github.ts";

const NAME = "main: tested, no force push";
/** GitHub's id of the repository's admin role, as a ruleset's bypass actor. */
const ADMIN_ROLE = 5;

export const githubRules: Step = {
  title: "Protect main",
  does: "adds a ruleset on main: no force push, no deletion, CI's test required, with the repository's admins and the editor's App allowed past it",
  async run(context) {
    const repository = context.answers.repository!;
    const list = await ghApi<{ name: string }[] | { message: string }>("GET", `/repos/${repository}/rulesets`);
    if (list.status === 403)
      return kept(
        `not protected: GitHub allows rules on a private repository only on a paid plan (${(list.body as { message: string }).message})`,
      );
    if (Array.isArray(list.body) && list.body.some((ruleset) => ruleset.name === NAME)) return kept(`main already protected ("${NAME}")`);
    await gh("POST", `/repos/${repository}/rulesets`, {
      name: NAME,
      target: "branch",
      enforcement: "active",
      conditions: { ref_name: { include: ["refs/heads/main"], exclude: [] } },
      rules: [
        { type: "deletion" },
        { type: "non_fast_forward" },
        {
          type: "required_status_checks",
          parameters: { strict_required_status_checks_policy: false, required_status_checks: [{ context: "test" }] },
        },
      ],
      bypass_actors: [
        { actor_id: ADMIN_ROLE, actor_type: "RepositoryRole", bypass_mode: "always" },
        { actor_id: context.state.kept.app!.id, actor_type: "Integration", bypass_mode: "always" },
      ],
    });
    return made(`main protected ("${NAME}")`);
  },
};
