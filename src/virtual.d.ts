declare module "virtual:client-assets" {
  /** Where the browser entry and stylesheet are served from (see build/client-assets.ts). */
  const assets: {
    readonly dev: boolean;
    readonly script: string;
    readonly styles: readonly string[];
    /** In a build: the stylesheet as a plan (JSON) of which rules apply to which markup; pages inline theirs. */
    readonly stylePlan?: string;
    readonly preload: readonly string[];
    /** Font files every page uses, preloaded beside the stylesheet (none under `vite dev`). */
    readonly fonts: readonly string[];
  };
  export default assets;
}

declare module "virtual:content" {
  /** Everything under content/, compiled at build time (build/content): frontmatter checked, bodies as HTML. */
  const content: import("./content/collections.ts").SiteContent;
  export default content;
}
