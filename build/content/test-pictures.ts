/**
 * Pictures for tests and measurements, made with sharp when they are needed rather than kept as files: a
 * made-up subject (a light head-and-shoulders shape on a warm backdrop, no one's likeness) with the soft
 * gradients and fine grain of a photograph, so that its variants weigh what a photograph's would.
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
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x - head.x) / head.r;
      const dy = (y - head.y) / (head.r * 1.2);
      const inHead = dx * dx + dy * dy < 1;
      const shoulders = y > height * 0.62 && Math.abs(x - width / 2) < width * (0.18 + (y / height - 0.62) * 0.9);
      const light = 0.55 + 0.45 * (1 - y / height) * (0.6 + 0.4 * Math.sin((x / width) * Math.PI));
      const grain = (random() - 0.5) * 18;
      const [r, g, b] = inHead ? [226, 196, 172] : shoulders ? [40, 64, 78] : [196 * light, 168 * light, 136 * light];
      const at = (y * width + x) * 3;
      pixels[at] = Math.max(0, Math.min(255, r + grain + seed));
      pixels[at + 1] = Math.max(0, Math.min(255, g + grain));
      pixels[at + 2] = Math.max(0, Math.min(255, b + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.6)
    .toFormat(format, format === "avif" ? { effort: 0 } : {})
    .toBuffer();
}
