/**
 * What a run keeps for the next in `.setup/` (ignored by git, readable by this user alone): the ids of what it
 * made that the accounts cannot be asked for again (the GitHub App, its installation), and, apart, the secrets
 * the first deploy sends with the Worker (`<target>.secrets.json`, the format `wrangler deploy --secrets-file`
 * reads). The backups' key stays there until the operator has stored it offline and deletes the file.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type Target = "production" | "preview";

export interface App {
  readonly id: number;
  readonly slug: string;
  readonly clientId: string;
  readonly owner: string;
}

export interface Kept {
  app?: App;
  installationId?: number;
}

export class State {
  readonly dir: string;
  readonly target: Target;
  constructor(root: string, target: Target) {
    this.dir = join(root, ".setup");
    this.target = target;
  }

  private file(name: string) {
    return join(this.dir, name);
  }

  private write(name: string, value: unknown) {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writeFileSync(this.file(name), `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
    chmodSync(this.file(name), 0o600);
  }

  private read<T>(name: string, empty: T): T {
    return existsSync(this.file(name)) ? (JSON.parse(readFileSync(this.file(name), "utf8")) as T) : empty;
  }

  get kept(): Kept {
    return this.read<Record<string, Kept>>("state.json", {})[this.target] ?? {};
  }

  keep(change: Partial<Kept>) {
    const all = this.read<Record<string, Kept>>("state.json", {});
    all[this.target] = { ...all[this.target], ...change };
    this.write("state.json", all);
  }

  /** The secrets file wrangler reads, by its path from the project's root. */
  get secretsFile() {
    return join(".setup", `${this.target}.secrets.json`);
  }

  get secrets(): Record<string, string> {
    return this.read<Record<string, string>>(`${this.target}.secrets.json`, {});
  }

  setSecret(name: string, value: string) {
    this.write(`${this.target}.secrets.json`, { ...this.secrets, [name]: value });
  }
}
