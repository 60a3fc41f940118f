/**
 * Values written into wrangler.toml in place, its comments and layout kept: a string variable of a table
 * (`[vars]`, `[env.preview.vars]`), or the top-level `routes` line. Returns whether the file changed.
 */
import { readFileSync, writeFileSync } from "node:fs";

const quoted = (value: string) => JSON.stringify(value);

export function setTomlValues(file: string, table: string, values: Readonly<Record<string, string>>): boolean {
  const lines = readFileSync(file, "utf8").split("\n");
  const start = lines.findIndex((line) => line.trim() === `[${table}]`);
  if (start < 0) throw new Error(`${file} has no [${table}] table`);
  let changed = false;
  for (const [name, value] of Object.entries(values)) {
    let index = start + 1;
    while (index < lines.length && !/^\s*\[/.test(lines[index]!) && !new RegExp(`^${name}\\s*=`).test(lines[index]!)) index++;
    if (index >= lines.length || /^\s*\[/.test(lines[index]!)) throw new Error(`${file}'s [${table}] has no ${name}`);
    const line = `${name} = ${quoted(value)}`;
    if (lines[index] !== line) {
      lines[index] = line;
      changed = true;
    }
  }
  if (changed) writeFileSync(file, lines.join("\n"));
  return changed;
}

/** The top-level routes: the site's domain as the Worker's one Custom Domain. */
export function setCustomDomain(file: string, domain: string): boolean {
  const text = readFileSync(file, "utf8");
  const line = `routes = [{ pattern = ${quoted(domain)}, custom_domain = true }]`;
  const next = text.replace(/^routes = \[\{ pattern = "[^"]*", custom_domain = true \}\]$/m, line);
  if (!next.includes(line)) throw new Error(`${file} has no top-level routes line with a Custom Domain`);
  if (next === text) return false;
  writeFileSync(file, next);
  return true;
}
