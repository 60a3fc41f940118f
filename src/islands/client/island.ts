import type { ComponentType } from "react";
import type { IslandName } from "../index.ts";
import { type HydrationTrigger, islands } from "../registry.ts";
import { handTypedValuesToReact, recordEarlyActions, replay } from "./early-input.ts";
import { loadWholeStylesheet } from "./stylesheet.ts";
import onInteraction from "./triggers/interaction.ts";
import onLoad from "./triggers/load.ts";
import type { Trigger } from "./triggers/trigger.ts";
import onVisible from "./triggers/visible.ts";

const triggers: Record<HydrationTrigger, Trigger> = { load: onLoad, visible: onVisible, interaction: onInteraction };

export interface PendingIsland {
  /** Asks for hydration: it starts at once where the island applies, else as soon as it comes to apply. */
  readonly start: () => void;
  /** Whether the island applies at the current width (its record's media query, if any). */
  readonly applies: () => boolean;
  /** Whether React has committed the island. */
  readonly live: () => boolean;
}

/**
 * Prepares one island the server marked with data-island: records what the visitor does to it before React
 * takes over, and hydrates it when its trigger fires, where it applies. `onChange` is called whenever the
 * island goes live or starts or stops applying.
 */
export function prepareIsland(root: HTMLElement, onChange: () => void): PendingIsland {
  const name = root.dataset.island as IslandName;
  const media = root.dataset.media ? window.matchMedia(root.dataset.media) : undefined;
  const applies = () => media?.matches ?? true;
  const early = recordEarlyActions(root);

  let requested = false;
  let started = false;
  let disarm = () => {};
  const start = () => {
    requested = true;
    if (!applies()) return;
    if (started) return;
    started = true;
    hydrate()
      .then(onChange)
      .catch((error: unknown) => console.error("Could not start the page's interactive parts", error));
  };
  media?.addEventListener("change", () => {
    if (requested) start();
    onChange();
  });

  async function hydrate() {
    disarm();
    const record = islands[name];
    if (!record) throw new Error(`unknown island "${name}"`);
    const [{ hydrateIsland }, island] = await Promise.all([import("../hydrate.tsx"), record.load(), loadWholeStylesheet()]);
    const props = JSON.parse(root.dataset.props ?? "{}") as object;
    // From here on React sees every event itself (it hydrates at once to handle one that arrives meanwhile).
    early.reactListens();
    await hydrateIsland(root, name, island.default as ComponentType<object>, props);
    early.stop();
    root.dataset.hydrated = "";
    handTypedValuesToReact(early.typed);
    // Ark's components track focus themselves (an accordion header only toggles once it has seen focus):
    // tell them where focus already is.
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== root && root.contains(focused)) {
      focused.dispatchEvent(new FocusEvent("focusin", { bubbles: true, composed: true }));
    }
    await replay(early.actions);
  }

  disarm = triggers[(root.dataset.hydrate ?? "load") as HydrationTrigger](root, start);
  return { start, applies, live: () => root.dataset.hydrated !== undefined };
}
