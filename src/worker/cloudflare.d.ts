import type { Env as WorkerEnv } from "../env.ts";

// Tells `cloudflare:workers` (env, exports) the shape of this Worker: worker-configuration.d.ts (generated)
// declares wrangler.toml's bindings on Cloudflare.Env; this adds what env.ts layers on top.
declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {}
    interface GlobalProps {
      mainModule: typeof import("./index.ts");
    }
  }
}
