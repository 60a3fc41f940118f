/**
 * The site's stylesheet as a plan the Worker can cut per page (build/page-styles.ts makes it from the built
 * stylesheet): every rule with what a page's markup must contain for the rule to apply, so a page can inline
 * only the rules its own markup uses. Order is kept, so the cut sheet cascades exactly as the whole one.
 */
export type StyleNode =
  /** Kept on every page: @font-face, @keyframes, the licence comment, layer order statements. */
  | { readonly kind: "text"; readonly css: string }
  /**
   * A style rule, kept when one of its selectors can match: all the tokens of one entry of `when` (joined by
   * spaces: `.name` for a class, a bare name for an element) are on the page.
   */
  | { readonly kind: "rule"; readonly css: string; readonly when: readonly string[] }
  /** A rule of custom properties only, for every element (the theme's variables): each `--name:value` kept if used. */
  | { readonly kind: "variables"; readonly selector: string; readonly declarations: readonly string[] }
  /** An `@property` rule, kept when its property is used. */
  | { readonly kind: "property"; readonly css: string }
  /** @layer, @media, @supports…: kept, with what is kept inside, when anything inside is. */
  | { readonly kind: "group"; readonly prelude: string; readonly children: readonly StyleNode[] };

export type StylePlan = readonly StyleNode[];

/**
 * What the document's <style> element holds until the Worker puts the page's own rules in its place (see
 * inline.ts); a comment, so a page that somehow kept it would still be valid CSS.
 */
export const PAGE_STYLES_SLOT = "/*page-styles*/";
