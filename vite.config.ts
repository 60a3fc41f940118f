import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { resolve } from "node:path";
import { type Plugin, defineConfig } from "vite";
import { CLIENT_ENTRY, STYLES_ENTRY, clientAssets } from "./build/client-assets.ts";
import { CMS_ASSETS_DIR, CMS_ENTRY, CMS_MANIFEST, cmsModule, sveltiaWithoutCdnFonts } from "./build/cms/vite-plugin.ts";
import { content } from "./build/content/vite-plugin.ts";
import { siteFonts } from "./build/fonts.ts";
import { workerShims } from "./build/shims/worker-shims.ts";

/**
 * @cloudflare/vite-plugin writes the variables of .dev.vars (the inbox's local sign-in key among them) into
 * dist/worker/.dev.vars, for `vite preview`. Nothing here uses that: `npm start` hands wrangler the project's
 * own .dev.vars. A secret has no place among a build's files: it is taken out of the Worker's bundle.
 */
const withoutDevVars = (): Plugin => ({
  name: "without-dev-vars",
  enforce: "post",
  generateBundle(_options, bundle) {
    delete bundle[".dev.vars"];
  },
});

export default defineConfig(({ command }) => ({
  plugins: [
    withoutDevVars(),
    clientAssets(),
    cmsModule(),
    sveltiaWithoutCdnFonts(),
    content(),
    siteFonts(),
    workerShims(),
    tailwindcss(),
    cloudflare({ viteEnvironment: { name: "worker" } }),
  ],
  resolve: {
    // The Worker renders pages and islands with React's string renderer (renderToString). react-dom/server
    // would also bring the streaming renderer, which nothing calls but every isolate would load and run at
    // start-up; in a build, both of its entry points resolve to the string renderer alone. (The client
    // build imports neither alias's target.)
    alias:
      command === "build"
        ? [
            {
              find: /^react-dom\/server(\.edge)?$/,
              replacement: resolve(import.meta.dirname, "node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js"),
            },
            // mimetext's browser build uses Babel's helpers with core-js polyfills (28 KiB) for old browsers;
            // workerd needs none: the plain helpers (a dependency of mimetext too), and native trim.
            { find: /^@babel\/runtime-corejs3\/helpers\//, replacement: "@babel/runtime/helpers/" },
            {
              find: "@babel/runtime-corejs3/core-js/instance/trim",
              replacement: resolve(import.meta.dirname, "build/shims/instance-trim.ts"),
            },
          ]
        : [],
  },
  build: {
    rollupOptions: {
      onwarn(warning, warn) {
        // Ark UI's dependencies mark themselves "use client", which means nothing outside React Server Components.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
  environments: {
    client: {
      build: { manifest: true, rollupOptions: { input: [CLIENT_ENTRY, STYLES_ENTRY] } },
      // The browser editor's package is pre-bundled at start-up (not on its first request, which would reload
      // the page), without the font URLs of another host (build/cms/vite-plugin.ts).
      optimizeDeps: { include: ["@sveltia/cms"], rolldownOptions: { plugins: [sveltiaWithoutCdnFonts()] } },
    },
    // The browser editor at /admin/content/ (src/cms): a build of its own, so that no public page's chunk is
    // shared with it, written beside the client's files in their own folder with a manifest of their own.
    cms: {
      consumer: "client",
      build: {
        outDir: "dist/client",
        emptyOutDir: false,
        assetsDir: CMS_ASSETS_DIR,
        manifest: CMS_MANIFEST,
        rollupOptions: { input: [CMS_ENTRY] },
      },
    },
    // Minified: less to upload, and less for every new isolate to parse before its first response.
    worker: { build: { minify: true } },
  },
  builder: {
    // The worker embeds the client's and the editor's hashed file names, so they are built first.
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.cms!);
      await builder.build(builder.environments.worker!);
    },
  },
}));
