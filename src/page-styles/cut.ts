import type { StyleNode, StylePlan } from "./plan.ts";

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const START_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)/g;
/** What React's renderer escapes in attribute values. */
const ENTITIES: Readonly<Record<string, string>> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };

/**
 * The tokens a plan's rules ask for that `html` contains: `.name` for each class in a class attribute and the
 * name of each element. Over-counting (a `<p` inside a script's text, say) only keeps a rule that is not needed.
 */
function markupTokens(html: string): Set<string> {
  const tokens = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of value!.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!).split(/\s+/)) {
      if (name) tokens.add(`.${name}`);
    }
  }
  for (const [, tag] of html.matchAll(START_TAG)) tokens.add(tag!.toLowerCase());
  return tokens;
}

/** The plan with what each part needs worked out once: the tokens of each selector, the custom properties. */
type Prepared =
  | { readonly kind: "text"; readonly css: string }
  | { readonly kind: "rule"; readonly css: string; readonly when: readonly (readonly string[])[]; readonly uses: readonly string[] }
  | { readonly kind: "variables"; readonly selector: string; readonly declarations: readonly Variable[] }
  | { readonly kind: "property"; readonly css: string; readonly name: string }
  | { readonly kind: "group"; readonly prelude: string; readonly children: readonly Prepared[] };

interface Variable {
  readonly name: string;
  readonly css: string;
  /** The custom properties its value reads. */
  readonly uses: readonly string[];
}

const reads = (css: string) => Array.from(css.matchAll(/var\(\s*(--[\w-]+)/g), (match) => match[1]!);
const sets = (css: string) => Array.from(css.matchAll(/[{;](--[\w-]+):/g), (match) => match[1]!);

export function prepare(plan: StylePlan): Prepared[] {
  return plan.map((node: StyleNode): Prepared => {
    switch (node.kind) {
      case "text":
        return node;
      case "rule":
        return {
          ...node,
          when: node.when.map((tokens) => (tokens === "" ? [] : tokens.split(" "))),
          uses: [...reads(node.css), ...sets(node.css)],
        };
      case "variables":
        return { ...node, declarations: node.declarations.map((css) => ({ name: css.slice(0, css.indexOf(":")), css, uses: reads(css) })) };
      case "property":
        return { ...node, name: /^@property\s+(--[\w-]+)/.exec(node.css)![1]! };
      case "group":
        return { ...node, children: prepare(node.children) };
      default:
        return node satisfies never;
    }
  });
}

/**
 * The part of the stylesheet that `html` uses: the rules whose selectors can match its markup, with the
 * custom properties (theme variables, `@property` rules) those rules read or set, in the sheet's order.
 */
export function cutStylesheet(plan: readonly Prepared[], html: string): string {
  const onPage = markupTokens(html);
  const kept = new Set<Prepared>();
  const used = new Set<string>();
  const variables: Variable[] = [];

  const choose = (nodes: readonly Prepared[]) => {
    for (const node of nodes) {
      if (node.kind === "group") choose(node.children);
      else if (node.kind === "variables") variables.push(...node.declarations);
      else if (node.kind === "rule" && node.when.some((tokens) => tokens.every((token) => onPage.has(token)))) {
        kept.add(node);
        for (const name of node.uses) used.add(name);
      }
    }
  };
  choose(plan);
  // Variables defined in terms of others (--default-font-family: var(--font-sans)) bring those along.
  for (let before = -1; before !== used.size; ) {
    before = used.size;
    for (const variable of variables) if (used.has(variable.name)) for (const use of variable.uses) used.add(use);
  }

  const write = (nodes: readonly Prepared[]): string => {
    let css = "";
    for (const node of nodes) {
      if (node.kind === "text" || (node.kind === "rule" && kept.has(node)) || (node.kind === "property" && used.has(node.name)))
        css += node.css;
      else if (node.kind === "variables") {
        const declarations = node.declarations.filter((variable) => used.has(variable.name));
        if (declarations.length > 0) css += `${node.selector}{${declarations.map((variable) => variable.css).join(";")}}`;
      } else if (node.kind === "group") {
        const inner = write(node.children);
        if (inner) css += `${node.prelude}{${inner}}`;
      }
    }
    return css;
  };
  return write(plan);
}
