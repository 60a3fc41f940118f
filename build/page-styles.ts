import postcss, { type AtRule, type ChildNode, type Declaration as CssDeclaration, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";
import type { StyleNode, StylePlan } from "../src/page-styles/plan.ts";

/**
 * Turns the built stylesheet into the plan the Worker cuts each page's inlined styles from
 * (src/page-styles). For every style rule it records, per selector in its list, the classes and
 * elements the selector names, in the arguments of `:is()`, `:where()` and `:has()` too: a page without all of
 * them cannot match it. What sits in `:not()` is not counted, so a rule is only ever kept when unsure, never
 * dropped. Which custom properties each rule reads or sets, the Worker works out from the text.
 */
export function planStylesheet(css: string): StylePlan {
  const root = postcss.parse(css);
  // The layers' order is set where each first appears. A page may need nothing from one of them, and the
  // whole sheet, loaded later, must not then append it at the end (above the others), so every page states
  // the order first.
  const layers = [
    ...new Set(
      root.nodes
        .filter((node) => node.type === "atrule" && node.name === "layer" && node.nodes)
        .map((node) => (node as AtRule).params.trim()),
    ),
  ];
  return [...(layers.length > 0 ? [{ kind: "text", css: `@layer ${layers.join(",")};` } as const] : []), ...planNodes(root.nodes)];
}

function planNodes(nodes: readonly ChildNode[]): StyleNode[] {
  const plan: StyleNode[] = [];
  for (const node of nodes) {
    if (node.type === "comment") {
      // Licence comments ("/*! … */") stay, as the minifier keeps them.
      if (node.text.startsWith("!")) plan.push({ kind: "text", css: node.toString() });
    } else if (node.type === "rule") plan.push(planRule(node));
    else if (node.type === "atrule") plan.push(planAtRule(node));
    else throw new Error(`unexpected ${node.type} at the top of a block: ${node.toString()}`);
  }
  return plan;
}

function planAtRule(rule: AtRule): StyleNode {
  if (rule.name === "property") return { kind: "property", css: rule.toString() };
  // Statements (`@layer a, b;`), @font-face and @keyframes apply whatever the markup.
  if (!rule.nodes || rule.name === "font-face" || rule.name === "keyframes") return { kind: "text", css: rule.toString() };
  const prelude = `@${rule.name}${rule.params ? `${rule.raws.afterName || " "}${rule.params}` : ""}`;
  return { kind: "group", prelude, children: planNodes(rule.nodes) };
}

function planRule(rule: Rule): StyleNode {
  const declarations = rule.nodes.map((node) => {
    if (node.type !== "decl") throw new Error(`nested ${node.type} in "${rule.selector}": the plan expects flattened CSS`);
    return node;
  });
  const when = selectorRequirements(rule.selector);
  const forEveryElement = when.some((tokens) => tokens.length === 0);
  if (forEveryElement && declarations.every((declaration) => declaration.prop.startsWith("--"))) {
    return { kind: "variables", selector: rule.selector, declarations: declarations.map(declarationText) };
  }
  return { kind: "rule", css: rule.toString(), when: when.map((tokens) => tokens.join(" ")) };
}

const declarationText = (declaration: CssDeclaration) =>
  `${declaration.prop}:${declaration.value}${declaration.important ? "!important" : ""}`;

/**
 * Pseudo-classes that match only where their argument does: a page without what the argument names cannot
 * match them (`:has()` looks for it among the element's relatives, which are on the page too).
 */
const MATCHING_ARGUMENT = new Set([":is", ":where", ":has", ":matches", ":-webkit-any"]);

/** Per selector of a selector list: the tokens (`.class`, `element`) a page must contain for it to match. */
export function selectorRequirements(selector: string): string[][] {
  const requirements: string[][] = [];
  selectorParser((root) => {
    for (const complex of root.nodes) requirements.push(...alternatives(complex).map((tokens) => [...tokens]));
  }).processSync(selector);
  return requirements;
}

/**
 * What a page needs for one selector to match, as alternatives (an `:is()` with a list gives one per entry):
 * its own classes and elements, and those of the arguments of `:is()`, `:where()` and `:has()`. What sits in
 * `:not()` or any other pseudo-class is not counted.
 */
function alternatives(complex: selectorParser.Selector): Set<string>[] {
  let options = [new Set<string>()];
  for (const part of complex.nodes) {
    if (part.type === "class") for (const tokens of options) tokens.add(`.${part.value}`);
    else if (part.type === "tag") for (const tokens of options) tokens.add(part.value.toLowerCase());
    else if (part.type === "pseudo" && MATCHING_ARGUMENT.has(part.value.toLowerCase()) && part.nodes.length > 0) {
      const inner = part.nodes.flatMap(alternatives);
      options = options.flatMap((tokens) => inner.map((more) => new Set([...tokens, ...more])));
    }
  }
  return options;
}
