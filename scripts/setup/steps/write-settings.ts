/** The answers into wrangler.toml: the origin and its Custom Domain, the senders, the attorney's inbox, who may sign in, the repository. */
import { join } from "node:path";
import { type Step, kept, made } from "../context.ts";
import { setCustomDomain, setTomlValues } from "../toml.ts";

export const writeSettings: Step = {
  title: "Write the practice's settings into wrangler.toml",
  does: "sets SITE_ORIGIN and the Custom Domain (routes) to the domain, NOTIFY_FROM (website@ the domain), NOTIFY_TO, CLIENT_MAIL_FROM, ADMIN_EMAILS and CMS_GITHUB_REPO",
  async run({ root, answers }) {
    const file = join(root, "wrangler.toml");
    const domain = answers.domain!;
    const vars = setTomlValues(file, "vars", {
      SITE_ORIGIN: `https://${domain}`,
      NOTIFY_FROM: `website@${domain}`,
      NOTIFY_TO: answers.attorneyAddress!,
      CLIENT_MAIL_FROM: answers.practiceAddress!,
      ADMIN_EMAILS: answers
        .adminEmails!.split(",")
        .map((each) => each.trim())
        .join(","),
      CMS_GITHUB_REPO: answers.repository!,
    });
    const routes = setCustomDomain(file, domain);
    return vars || routes ? made(`wrangler.toml names ${domain}`) : kept(`wrangler.toml already names ${domain}`);
  },
};
