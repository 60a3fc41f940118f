import { resolve } from "node:path";
import type { Plugin } from "vite";

/** What a virtual module's source may depend on: the command, the environment importing it, the client's output. */
export interface VirtualModuleContext {
  readonly command: "build" | "serve";
  /** The Vite environment loading the module (client, worker, cms…). */
  readonly environment: string;
  /** Where the client build writes its files and manifests (dist/client). */
  readonly clientOutDir: string;
}

/** A Vite plugin serving `id` as a module whose source `source` writes when the module is loaded. */
export function virtualModule(name: string, id: string, source: (context: VirtualModuleContext) => string): Plugin {
  const resolvedId = `\0${id}`;
  let command: "build" | "serve" = "serve";
  let clientOutDir = "dist/client";
  return {
    name,
    configResolved(config) {
      command = config.command;
      clientOutDir = resolve(config.root, config.environments.client?.build.outDir ?? "dist/client");
    },
    resolveId(requested) {
      return requested === id ? resolvedId : undefined;
    },
    load(requested) {
      return requested === resolvedId ? source({ command, environment: this.environment.name, clientOutDir }) : undefined;
    },
  };
}
