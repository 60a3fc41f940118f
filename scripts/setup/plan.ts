/** The steps, in the order that works on an empty account, for production and for the preview account. */
import type { Step } from "./context.ts";
import { access } from "./steps/access.ts";
import { checkAccount } from "./steps/check-account.ts";
import { checkToken } from "./steps/check-token.ts";
import { deploy } from "./steps/deploy.ts";
import { githubActions } from "./steps/github-actions.ts";
import { githubApp } from "./steps/github-app.ts";
import { githubRepository } from "./steps/github-repository.ts";
import { githubRules } from "./steps/github-rules.ts";
import { mail } from "./steps/mail.ts";
import { migrations } from "./steps/migrations.ts";
import { publish } from "./steps/publish.ts";
import { secrets } from "./steps/secrets.ts";
import { turnstile } from "./steps/turnstile.ts";
import { writeSettings } from "./steps/write-settings.ts";

export const PRODUCTION: readonly Step[] = [
  checkToken,
  checkAccount,
  writeSettings,
  mail,
  turnstile,
  access,
  secrets,
  githubRepository,
  githubApp,
  deploy,
  migrations,
  githubActions,
  publish,
  githubRules,
];

export const PREVIEW: readonly Step[] = [checkToken, checkAccount, secrets, deploy, migrations, githubActions];
