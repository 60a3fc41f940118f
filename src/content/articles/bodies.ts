/**
 * Article bodies keyed by slug. Kept apart from ./index.ts so that only the article page loads them.
 */
import type { Block } from "../blocks.ts";
import { body as fiveClausesArtistContract } from "./5-clauses-artist-contract.ts";
import { body as howToLicenseArtwork } from "./how-to-license-artwork.ts";
import { body as lawAsCreativeTool } from "./law-as-creative-tool.ts";

export const articleBodies: Record<string, readonly Block[]> = {
  "5-clauses-artist-contract": fiveClausesArtistContract,
  "how-to-license-artwork": howToLicenseArtwork,
  "law-as-creative-tool": lawAsCreativeTool,
};
