/*
 * Colour arithmetic for checks that run inside the page (WCAG contrast). Functions handed to page.evaluate
 * cannot close over imports, so this installs the tools on `window` before the page loads:
 * `await page.addInitScript(installColour)`, then in the page `(window as ColourWindow).colour`.
 */

export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

export interface ColourWindow {
  readonly colour: {
    /** Any CSS colour as 0–255 sRGB with alpha 0–1 (the canvas resolves color-mix, oklab and the rest). */
    rgba(color: string): Rgba;
    /** The opaque colour behind an element: its and its ancestors' backgrounds, composited over white. */
    backgroundOf(start: Element | null): Rgba;
    /** WCAG contrast ratio of two opaque colours, 1 to 21. */
    contrast(one: Rgba, other: Rgba): number;
  };
}

export function installColour() {
  const canvas = new OffscreenCanvas(1, 1).getContext("2d", { willReadFrequently: true })!;
  const rgba = (color: string): Rgba => {
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = "#000";
    canvas.fillStyle = color;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
    return { r: r!, g: g!, b: b!, a: a! / 255 };
  };
  const backgroundOf = (start: Element | null): Rgba => {
    const layers: Rgba[] = [];
    for (let node = start; node; node = node.parentElement) {
      const layer = rgba(getComputedStyle(node).backgroundColor);
      if (layer.a > 0) layers.push(layer);
      if (layer.a >= 1) break;
    }
    return layers.reduceRight(
      (below, above) => ({
        r: above.r * above.a + below.r * (1 - above.a),
        g: above.g * above.a + below.g * (1 - above.a),
        b: above.b * above.a + below.b * (1 - above.a),
        a: 1,
      }),
      { r: 255, g: 255, b: 255, a: 1 },
    );
  };
  const luminance = ({ r, g, b }: Rgba) => {
    const channel = (value: number) => ((value /= 255) <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const contrast = (one: Rgba, other: Rgba) => {
    const [light, dark] = [luminance(one), luminance(other)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  };
  (window as unknown as { colour: ColourWindow["colour"] }).colour = { rgba, backgroundOf, contrast };
}
