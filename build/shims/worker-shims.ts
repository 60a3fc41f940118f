import { resolve } from "node:path";
import type { Plugin } from "vite";

/** Packages the Worker's bundle would import only for code that runs in browsers, and what stands in for them. */
const BROWSER_ONLY: Readonly<Record<string, string>> = {
  "@floating-ui/dom": resolve(import.meta.dirname, "floating-ui-dom.ts"),
};

/**
 * In the Worker's build only (the browser's keeps the real packages), resolves each browser-only package to
 * its stand-in: less to upload and less for each new isolate to load. If the Worker ever called one, the
 * stand-in would throw, and the page's render would fail in the tests.
 */
export function workerShims(): Plugin {
  return {
    name: "worker-shims",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "worker",
    resolveId: (id) => BROWSER_ONLY[id],
  };
}
