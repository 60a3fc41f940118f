import { cspHash } from "../csp-hash.ts";
import { SPECULATION_RULES_JSON } from "../seo/speculation-rules.ts";

/** Directive → sources of a response's Content-Security-Policy header. */
export function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get("content-security-policy") ?? "";
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** What a page's script-src allows inline: its speculation rules (JSON), by their hash, and nothing else. */
export const pageInlineScripts = async () => [`'${await cspHash(SPECULATION_RULES_JSON)}'`];
