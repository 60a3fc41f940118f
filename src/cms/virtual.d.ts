declare module "virtual:cms" {
  /** The browser editor, as the Worker serves it (build/cms/vite-plugin.ts). */
  const cms: {
    /**
     * config.yml without its backend: the collections and fields generated from the content schemas. Inline
     * under `vite dev` and in tests; in a build, a file of the build's static files, read through ASSETS.
     */
    readonly config: { readonly inline: string } | { readonly file: string };
    /** The editor's script: the hashed file of the `cms` build, or its source under `vite dev`. */
    readonly script: string;
    /** The attorney's guide, docs/editing.md: its title, and its text as HTML, inline or, in a build, a static file (build/cms/guide.ts). */
    readonly guide: { readonly title: string; readonly page: { readonly inline: string } | { readonly file: string } };
  };
  export default cms;
}
