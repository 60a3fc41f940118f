import { describe, expect, it } from "vitest";
import { cutStylesheet, prepare } from "../src/page-styles/cut.ts";
import { planStylesheet, selectorRequirements } from "./page-styles.ts";

/** The rules of `css` a page with `html` gets. */
const cut = (css: string, html: string) => cutStylesheet(prepare(JSON.parse(JSON.stringify(planStylesheet(css)))), html);

describe("a page's inlined stylesheet", () => {
  it("keeps the rules whose classes and elements are all in the markup, in the sheet's order", () => {
    const css = ".a{color:red}.b{color:blue}p.a{margin:0}table{border:0}.a .c{padding:0}";
    expect(cut(css, '<p class="a">x</p>')).toBe(".a{color:red}p.a{margin:0}");
    expect(cut(css, '<div class="c a"><table class="b"></table></div>')).toBe(".a{color:red}.b{color:blue}table{border:0}.a .c{padding:0}");
  });

  it("reads Tailwind's escaped class names and React's escaped attributes", () => {
    const css = String.raw`.md\:flex{display:flex}.\[\&_p\]\:mt-2 p{margin-top:.5rem}.w-1\/2{width:50%}`;
    expect(cut(css, '<div class="md:flex [&amp;_p]:mt-2"><p>x</p></div>')).toBe(
      String.raw`.md\:flex{display:flex}.\[\&_p\]\:mt-2 p{margin-top:.5rem}`,
    );
  });

  it("keeps a rule when any selector of its list can match", () => {
    expect(cut("h1,.title{font-weight:700}", '<h2 class="title"></h2>')).toBe("h1,.title{font-weight:700}");
  });

  it("counts what the arguments of :is(), :where() and :has() name, never what sits inside :not()", () => {
    expect(selectorRequirements(".a:not(.b)")).toEqual([[".a"]]);
    expect(selectorRequirements(".group-hover\\:x:is(:where(.group):hover *)")).toEqual([[".group-hover:x", ".group"]]);
    expect(selectorRequirements(":where(.space-y-4 > :not(:last-child))")).toEqual([[".space-y-4"]]);
    expect(selectorRequirements(":is(.prose ul, .prose ol) ::marker")).toEqual([
      [".prose", "ul"],
      [".prose", "ol"],
    ]);
    const css = ".a:not(.b){color:red}.c:has(.d){color:blue}:where(.e>:not(:last-child)){margin:0}";
    expect(cut(css, '<p class="a c"></p>')).toBe(".a:not(.b){color:red}");
    expect(cut(css, '<p class="a c e"><i class="d"></i></p>')).toBe(css);
  });

  it("keeps @media and @layer blocks only with something in them", () => {
    const css = "@layer base{p{margin:0}}@layer utilities{.a{color:red}@media (width>=48rem){.b{color:blue}}}";
    expect(cut(css, '<div class="a"></div>')).toBe("@layer base,utilities;@layer utilities{.a{color:red}}");
    expect(cut(css, '<p class="b"></p>')).toBe(
      "@layer base,utilities;@layer base{p{margin:0}}@layer utilities{@media (width>=48rem){.b{color:blue}}}",
    );
  });

  it("states the layers' order first, so the whole sheet loaded later cannot reorder them", () => {
    expect(cut("@layer components{.card{padding:1rem}}@layer utilities{.p-2{padding:.5rem}}", '<div class="p-2"></div>')).toBe(
      "@layer components,utilities;@layer utilities{.p-2{padding:.5rem}}",
    );
  });

  it("keeps the theme variables and @property rules the kept rules use, following variables through variables", () => {
    const css =
      ":root,:host{--color-ink:#111;--color-unused:#222;--font-sans:Inter;--default-font-family:var(--font-sans)}" +
      '@property --tw-font-weight{syntax:"*";inherits:false}@property --tw-shadow{syntax:"*";inherits:false}' +
      "html{font-family:var(--default-font-family)}.text-ink{color:var(--color-ink)}.font-semibold{--tw-font-weight:600;font-weight:600}.shadow{box-shadow:var(--tw-shadow)}";
    expect(cut(css, '<html><p class="text-ink font-semibold"></p></html>')).toBe(
      ':root,:host{--color-ink:#111;--font-sans:Inter;--default-font-family:var(--font-sans)}@property --tw-font-weight{syntax:"*";inherits:false}' +
        "html{font-family:var(--default-font-family)}.text-ink{color:var(--color-ink)}.font-semibold{--tw-font-weight:600;font-weight:600}",
    );
  });

  it("keeps @font-face, @keyframes and the licence comment on every page", () => {
    const css = "/*! tailwindcss */@font-face{font-family:X;src:url(x.woff2)}@keyframes spin{to{rotate:360deg}}.spin{animation:spin 1s}";
    expect(cut(css, "<p></p>")).toBe("/*! tailwindcss */@font-face{font-family:X;src:url(x.woff2)}@keyframes spin{to{rotate:360deg}}");
  });

  it("refuses nested CSS, which it cannot cut", () => {
    expect(() => planStylesheet(".a{color:red;&:hover{color:blue}}")).toThrow(/nested rule in ".a"/);
  });
});
