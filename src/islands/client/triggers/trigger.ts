/**
 * How a hydration trigger arms itself on an island: it calls `start` when the island should hydrate, and
 * returns a function that disarms it (called as hydration begins, however it was started).
 */
export type Trigger = (root: HTMLElement, start: () => void) => () => void;

/** Events that start an `interaction` island (and a `visible` one before it is seen). */
const interactions = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/** Starts the island on the visitor's first pointer, touch, focus or key event in its zone; returns the disarm. */
export function onFirstInteraction(root: HTMLElement, start: () => void): () => void {
  const zone = root.closest<HTMLElement>("[data-island-zone]") ?? root;
  const onInteraction = () => start();
  for (const type of interactions) zone.addEventListener(type, onInteraction, { capture: true, passive: true });
  return () => {
    for (const type of interactions) zone.removeEventListener(type, onInteraction, true);
  };
}
