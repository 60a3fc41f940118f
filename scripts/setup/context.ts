/** What every step is given, and what a step is: a title, what it does (for --dry-run), and the doing. */
import type { Answers } from "./answers.ts";
import type { CloudflareApi } from "./cloudflare.ts";
import type { State, Target } from "./state.ts";

export interface Context {
  readonly root: string;
  readonly target: Target;
  readonly answers: Answers;
  readonly cloudflare: CloudflareApi;
  readonly state: State;
  /** The environment wrangler and npm run with: the token, the account, the API's base. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The Worker's name, for the target. */
  readonly worker: string;
  readonly say: (line: string) => void;
  /** The site's zone, once the account's check has found it. */
  zone?: { readonly id: string; readonly name: string };
}

/** What a step did: whether it changed anything, in a few words. */
export interface Outcome {
  readonly made: boolean;
  readonly note: string;
}

export const made = (note: string): Outcome => ({ made: true, note });
export const kept = (note: string): Outcome => ({ made: false, note });

export interface Step {
  readonly title: string;
  /** What it looks at and what it makes, for the plan --dry-run prints. */
  readonly does: string;
  run(context: Context): Promise<Outcome>;
}

/** A dashboard page of the account. */
export const dashboard = (context: Context, path: string) => `https://dash.cloudflare.com/${context.cloudflare.account}/${path}`;
