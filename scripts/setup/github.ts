/**
 * GitHub's REST API through `gh api`, signed in as the operator (`gh auth login`): gh holds the credential, and
 * points at GH_HOST's or GH_API_URL's API when they are set. Secrets are sealed to the repository environment's
 * public key with libsodium's sealed box before they leave this machine, as GitHub's API takes them.
 */
import { execFile } from "node:child_process";
import sodium from "libsodium-wrappers";

export interface GitHubAnswer<T> {
  readonly status: number;
  readonly body: T;
}

export class GitHubError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** `gh api` with the answer's status and body, whatever the status; GitHubError when gh itself fails. */
export function ghApi<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Readonly<Record<string, string>> = {},
): Promise<GitHubAnswer<T>> {
  const args = [
    "api",
    "--include",
    "--method",
    method,
    path,
    ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
  ];
  if (body !== undefined) args.push("--input", "-");
  return new Promise((resolve, reject) => {
    const child = execFile("gh", args, { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const head = /^HTTP\/[\d.]+ (\d{3})[^\n]*\n([\s\S]*?)\r?\n\r?\n([\s\S]*)$/.exec(stdout.replace(/\r\n/g, "\n"));
      if (!head) {
        reject(
          new GitHubError(
            0,
            `gh api ${method} ${path} failed: ${(stderr || String(error)).trim()} (is gh installed and signed in? gh auth login)`,
          ),
        );
        return;
      }
      const text = head[3]!.trim();
      resolve({ status: Number(head[1]), body: (text ? JSON.parse(text) : null) as T });
    });
    child.stdin?.end(body === undefined ? "" : JSON.stringify(body));
  });
}

/** The body of a 2xx answer; GitHubError with GitHub's message otherwise. */
export async function gh<T>(method: string, path: string, body?: unknown, headers?: Readonly<Record<string, string>>): Promise<T> {
  const answer = await ghApi<T & { message?: string }>(method, path, body, headers);
  if (answer.status >= 300)
    throw new GitHubError(answer.status, `GitHub answered ${answer.status} to ${method} ${path}: ${answer.body?.message ?? ""}`);
  return answer.body;
}

/** `value` sealed to a base64 public key, base64: only the key's owner (GitHub) can open it. */
export async function sealed(value: string, publicKey: string): Promise<string> {
  await sodium.ready;
  return sodium.to_base64(
    sodium.crypto_box_seal(value, sodium.from_base64(publicKey, sodium.base64_variants.ORIGINAL)),
    sodium.base64_variants.ORIGINAL,
  );
}
