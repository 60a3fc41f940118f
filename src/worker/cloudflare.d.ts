import type { Env as WorkerEnv } from "./env.ts";

// Tells `cloudflare:workers` (env, exports) the shape of this Worker.
declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {}
    interface GlobalProps {
      mainModule: typeof import("./index.ts");
    }
  }
}
