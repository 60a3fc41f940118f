import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { CLIENT_ENTRY, STYLES_ENTRY, clientAssets } from "./build/client-assets.ts";
import { content } from "./build/content/vite-plugin.ts";
import { siteFonts } from "./build/fonts.ts";

export default defineConfig({
  plugins: [clientAssets(), content(), siteFonts(), tailwindcss(), cloudflare({ viteEnvironment: { name: "worker" } })],
  build: {
    rollupOptions: {
      // Ark UI's dependencies mark themselves "use client", which means nothing outside React Server Components.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
  environments: {
    client: {
      build: { manifest: true, rollupOptions: { input: [CLIENT_ENTRY, STYLES_ENTRY] } },
    },
  },
  builder: {
    // The worker embeds the client's hashed file names, so the client is built first.
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.worker!);
    },
  },
});
