/** A worker thread drawing share cards into the cache (cards.ts gives each worker its share). */
import { workerData } from "node:worker_threads";
import { type CardFont, drawCard } from "./card-drawing.ts";
import type { CardDrawing } from "./cards.ts";
import { keepCard } from "./cards.ts";

const { fonts, drawings } = workerData as { fonts: CardFont[]; drawings: CardDrawing[] };
for (const drawing of drawings) keepCard(drawing.file, await drawCard(drawing.face, drawing.cover, fonts));
