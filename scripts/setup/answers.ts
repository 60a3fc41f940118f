/**
 * What the set-up cannot find out for itself, asked once and kept in `.setup/answers.json` (or read from
 * `--answers FILE`): the domain, the practice's and the attorney's addresses, the attorney's calendar, who may
 * sign in to /admin, the GitHub repository, the Cloudflare account, and how the attorney's notification is sent.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { Stop } from "./stop.ts";

export interface Answers {
  domain?: string;
  practiceAddress?: string;
  attorneyAddress?: string;
  calendarUrl?: string;
  adminEmails?: string;
  repository?: string;
  account?: string;
  /** How the attorney's notification goes: Email Service (the default) or Email Routing. */
  mail?: "service" | "routing";
  previewAccount?: string;
}

interface Question {
  readonly key: keyof Answers;
  readonly ask: string;
  readonly suggest?: (answers: Answers, root: string) => string | undefined;
  readonly check: (value: string) => string | null;
}

const address = (value: string) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : "an e-mail address, e.g. office@studio-law.com");

/** The repository of the clone's `origin`, when it is on GitHub. */
function originRepository(root: string): string | undefined {
  try {
    const url = execFileSync("git", ["-C", root, "remote", "get-url", "origin"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return /github\.com[:/]([^/]+\/[^/]+?)(?:\.git)?$/.exec(url)?.[1];
  } catch {
    return undefined;
  }
}

export const MX_WARNING =
  "Email Routing takes over the domain's MX records: a mailbox hosted elsewhere (Google Workspace, Microsoft 365) stops receiving mail for the domain. Choose it only when the domain receives no mail elsewhere.";

const QUESTIONS: readonly Question[] = [
  {
    key: "account",
    ask: "The Cloudflare account's ID (dashboard → the account → Account ID)",
    suggest: () => process.env.CLOUDFLARE_ACCOUNT_ID,
    check: (v) => (/^[0-9a-f]{32}$/.test(v) ? null : "32 hexadecimal characters"),
  },
  {
    key: "domain",
    ask: "The site's domain, as visitors type it (on the Cloudflare account)",
    check: (v) => (/^(?!https?:)[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(v) ? null : "a domain such as studio-law.com, without https://"),
  },
  {
    key: "practiceAddress",
    ask: "The practice's address that clients get mail from (on the domain)",
    suggest: (a) => (a.domain ? `office@${a.domain}` : undefined),
    check: address,
  },
  { key: "attorneyAddress", ask: "The attorney's address, where each inquiry is sent", check: address },
  {
    key: "calendarUrl",
    ask: "The attorney's calendar: its secret iCal address (https://… or webcal://…)",
    check: (v) => (/^(https|webcal):\/\/\S+$/.test(v) ? null : "an https:// or webcal:// address"),
  },
  {
    key: "adminEmails",
    ask: "Who may sign in to /admin (addresses, comma-separated)",
    suggest: (a) => a.attorneyAddress,
    check: (v) =>
      v
        .split(",")
        .map((each) => address(each.trim()))
        .find(Boolean) ?? null,
  },
  {
    key: "repository",
    ask: "The site's GitHub repository, owner/name (made private if it does not exist)",
    suggest: (_a, root) => originRepository(root),
    check: (v) => (/^[\w.-]+\/[\w.-]+$/.test(v) ? null : "owner/name"),
  },
  {
    key: "mail",
    ask: `The attorney's notification through Email Service (service) or Email Routing (routing)? ${MX_WARNING}`,
    suggest: () => "service",
    check: (v) => (["service", "routing"].includes(v) ? null : "service or routing"),
  },
];

const PREVIEW_QUESTIONS: readonly Question[] = [
  {
    key: "previewAccount",
    ask: "The preview's Cloudflare account ID (a second account: never production's)",
    suggest: () => process.env.CLOUDFLARE_ACCOUNT_ID,
    check: (v) => (/^[0-9a-f]{32}$/.test(v) ? null : "32 hexadecimal characters"),
  },
  QUESTIONS.find((question) => question.key === "repository")!,
];

export const answersFile = (root: string) => join(root, ".setup", "answers.json");

/** The answers given before, with `file`'s over them; then each missing one asked (or refused when no one can answer). */
export async function gatherAnswers(root: string, file: string | undefined, preview: boolean): Promise<Answers> {
  const read = (path: string) => (existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Answers) : {});
  const answers: Answers = { ...read(answersFile(root)), ...(file ? read(file) : {}) };
  const questions = preview ? PREVIEW_QUESTIONS : QUESTIONS;
  const problems = questions.flatMap((question) => {
    const value = answers[question.key];
    const problem = value === undefined ? null : question.check(String(value));
    return problem ? [`${question.key}: ${problem}`] : [];
  });
  if (problems.length) throw new Stop(`Answers to correct:\n  ${problems.join("\n  ")}`, file ?? answersFile(root));
  const missing = questions.filter((question) => answers[question.key] === undefined);
  if (missing.length && !process.stdin.isTTY)
    throw new Stop(
      `Answers missing (and no one to ask here): ${missing.map((question) => question.key).join(", ")}`,
      file ?? answersFile(root),
    );
  if (missing.length) {
    const terminal = createInterface({ input: process.stdin, output: process.stdout });
    try {
      for (const question of missing) {
        const suggestion = question.suggest?.(answers, root);
        for (;;) {
          const given = (await terminal.question(`${question.ask}${suggestion ? ` [${suggestion}]` : ""}: `)).trim() || suggestion || "";
          const problem = question.check(given);
          if (!problem) {
            (answers as Record<string, string>)[question.key] = given;
            break;
          }
          console.log(`  That is not ${problem}.`);
        }
      }
    } finally {
      terminal.close();
    }
  }
  mkdirSync(join(root, ".setup"), { recursive: true, mode: 0o700 });
  writeFileSync(answersFile(root), `${JSON.stringify(answers, null, 2)}\n`, { mode: 0o600 });
  return answers;
}
