declare module "virtual:client-assets" {
  /** Where the browser entry and stylesheet are served from (see build/client-assets.ts). */
  const assets: {
    readonly dev: boolean;
    readonly script: string;
    readonly styles: readonly string[];
    /**
     * In a build: where the stylesheet's plan is among the static files (JSON: which rules apply to which
     * markup), from which each page's inlined rules are cut.
     */
    readonly stylePlan?: string;
    readonly preload: readonly string[];
    /** Font files every page uses, preloaded beside the stylesheet (none under `vite dev`). */
    readonly fonts: readonly string[];
  };
  export default assets;
}

declare module "virtual:content" {
  /** The part of content/ the Worker's code holds (build/content): what does not grow with the pieces. */
  const content: import("./content/collections.ts").WorkerContent;
  export default content;
}

declare module "virtual:content-stored" {
  /**
   * Where the stored content is (src/content/stored.ts): in a build, the folder of the static files under
   * which each key is a JSON file; under `vite dev` and in tests, every item, in a module loaded on first use.
   */
  const stored: { readonly base: string } | { readonly inline: () => Promise<Readonly<Record<string, unknown>>> };
  export default stored;
}

declare module "virtual:content-all" {
  /** Every piece of content/, compiled as the build compiles it: for tests inside workerd only. */
  const content: import("./content/collections.ts").SiteContent;
  export default content;
}
