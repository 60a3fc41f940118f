/**
 * What the set-up reads of wrangler.toml for its target: the Worker's name, the secrets it requires and its
 * database's name. Read with a TOML parser rather than wrangler's, which takes a second and a half to load: the
 * set-up runs wrangler only where it deploys and migrates. An environment inherits no `secrets` (wrangler's rule).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import type { Target } from "./state.ts";

interface Section {
  name?: string;
  secrets?: { required?: string[] };
  d1_databases?: { database_name: string }[];
}

export interface WorkerConfig {
  readonly name: string;
  readonly requiredSecrets: readonly string[];
  readonly databaseName: string;
}

export function workerConfig(root: string, target: Target): WorkerConfig {
  const top = parse(readFileSync(join(root, "wrangler.toml"), "utf8")) as Section & { env?: Record<string, Section> };
  const section = target === "preview" ? (top.env?.preview ?? {}) : top;
  return {
    name: section.name ?? top.name ?? "",
    requiredSecrets: section.secrets?.required ?? [],
    databaseName: (section.d1_databases ?? top.d1_databases ?? [])[0]?.database_name ?? "",
  };
}
