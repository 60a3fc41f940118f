/**
 * Pictures for tests and measurements, made with sharp when they are needed rather than kept as files: a
 * made-up subject (a light head-and-shoulders shape on a warm backdrop, no one's likeness) with texture at
 * several scales (as cloth, skin and a backdrop have) and a sensor's fine grain, so that its variants weigh
 * about what a photograph's would (a 960 px wide JPEG of it: about 90 KB; AVIF, 60 KB).
 */
import sharp from "sharp";

export type TestFormat = "jpeg" | "png" | "webp" | "avif" | "gif";

/** A `width`×`height` picture in `format`; `seed` varies it, so two pictures are two files. */
export async function testPicture(width: number, height: number, format: TestFormat = "jpeg", seed = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let noise = seed * 2654435761;
  const random = () => {
    noise = (noise * 1103515245 + 12345) >>> 0;
    return (noise >>> 16) / 65536;
  };
  const head = { x: width / 2, y: height * 0.38, r: Math.min(width, height) * 0.2 };
  // Texture: value noise at cells of 96, 24 and 6 pixels (the sizes of folds, weave and pores at this scale).
  const octaves = [96, 24, 6].map((cell) => {
    const columns = Math.ceil(width / cell) + 2;
    const grid = Float32Array.from({ length: columns * (Math.ceil(height / cell) + 2) }, random);
    return { cell, columns, grid };
  });
  const texture = (x: number, y: number) =>
    octaves.reduce((sum, { cell, columns, grid }, level) => {
      const gx = x / cell;
      const gy = y / cell;
      const [ix, iy] = [Math.floor(gx), Math.floor(gy)];
      const [fx, fy] = [gx - ix, gy - iy];
      const at = (cx: number, cy: number) => grid[cy * columns + cx]!;
      const top = at(ix, iy) * (1 - fx) + at(ix + 1, iy) * fx;
      const bottom = at(ix, iy + 1) * (1 - fx) + at(ix + 1, iy + 1) * fx;
      return sum + (top * (1 - fy) + bottom * fy - 0.5) * [40, 26, 30][level]!;
    }, 0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x - head.x) / head.r;
      const dy = (y - head.y) / (head.r * 1.2);
      const inHead = dx * dx + dy * dy < 1;
      const shoulders = y > height * 0.62 && Math.abs(x - width / 2) < width * (0.18 + (y / height - 0.62) * 0.9);
      const light = 0.55 + 0.45 * (1 - y / height) * (0.6 + 0.4 * Math.sin((x / width) * Math.PI));
      const grain = (random() - 0.5) * 14 + texture(x, y);
      const [r, g, b] = inHead ? [226, 196, 172] : shoulders ? [40, 64, 78] : [196 * light, 168 * light, 136 * light];
      const at = (y * width + x) * 3;
      pixels[at] = Math.max(0, Math.min(255, r + grain + seed));
      pixels[at + 1] = Math.max(0, Math.min(255, g + grain));
      pixels[at + 2] = Math.max(0, Math.min(255, b + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format, format === "avif" ? { effort: 0 } : {})
    .toBuffer();
}
