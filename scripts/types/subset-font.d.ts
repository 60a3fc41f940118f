/** The part of subset-font (HarfBuzz in WebAssembly) the build uses; the package ships no types. */
declare module "subset-font" {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "woff" | "woff2";
      /** OpenType feature tags to keep; every other feature (and the glyphs only it reaches) is dropped. */
      keepFeatures?: string[];
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
      /** Table tags to leave out, besides those HarfBuzz drops itself. */
      dropTables?: string[];
    },
  ): Promise<Uint8Array>;
}
