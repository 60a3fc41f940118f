/*
 * The browser entry, and the only script every page loads (about 2 KiB gzip): it waits for each island's
 * trigger (src/islands/triggers.ts), and only then fetches React and the island's own chunk and hydrates
 * it. A page nobody touches runs no React at all; its server HTML already works without it.
 */
import type { ComponentType } from "react";
import type { IslandName } from "./islands/index.ts";
import { islandLoaders } from "./islands/loaders.ts";
import type { HydrationTrigger } from "./islands/triggers.ts";

/** Events that start an `interaction` island (and a `visible` one before it is seen). */
const interactions = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/** Dispatched on `document`, hydrates every island now (browser tests do, before they interact). */
const hydrateAllEvent = "hydrate-islands";

/** How close to the viewport a `visible` island starts: early enough to be live when it scrolls in. */
const visibleMargin = "200px 0px";

interface PendingIsland {
  /** Starts hydration (once). */
  readonly start: () => void;
  /** Resolves when React has committed the island, however it was started. */
  readonly hydrated: Promise<void>;
}

/**
 * Prepares one island: records what the visitor does to it before React takes over, and hydrates it when
 * its trigger fires.
 */
function prepareIsland(root: HTMLElement): PendingIsland {
  const name = root.dataset.island as IslandName;
  const trigger = (root.dataset.hydrate ?? "load") as HydrationTrigger;
  const zone = root.closest<HTMLElement>("[data-island-zone]") ?? root;

  // A button of the island clicked before hydration did nothing; it is clicked again once React listens.
  // Links and submit buttons are left alone: the browser has already followed or posted them.
  let clicked: HTMLButtonElement | undefined;
  const recordClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button && root.contains(button) && button.type === "button" && !button.disabled) clicked = button;
  };
  root.addEventListener("click", recordClick, true);

  let started: Promise<void> | undefined;
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const hydrated = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  const start = () => {
    started ??= hydrate().then(resolve, reject);
  };
  const onInteraction = () => start();
  const observer =
    trigger === "visible" && "IntersectionObserver" in window
      ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), { rootMargin: visibleMargin })
      : undefined;

  async function hydrate() {
    for (const type of interactions) zone.removeEventListener(type, onInteraction, true);
    observer?.disconnect();
    const load = islandLoaders[name];
    if (!load) throw new Error(`unknown island "${name}"`);
    const [{ hydrateIsland }, island] = await Promise.all([import("./islands/hydrate.tsx"), load()]);
    const props = JSON.parse(root.dataset.props ?? "{}") as object;
    // From here on React sees every event itself (it replays those that arrive while it hydrates).
    root.removeEventListener("click", recordClick, true);
    const typed = typedValues(root);
    await hydrateIsland(root, name, island.default as ComponentType<object>, props);
    root.dataset.hydrated = "";
    handTypedValuesToReact(typed);
    // Ark's components track focus themselves (an accordion header only toggles once it has seen focus):
    // tell them where focus already is.
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== root && root.contains(focused)) {
      focused.dispatchEvent(new FocusEvent("focusin", { bubbles: true, composed: true }));
    }
    if (clicked?.isConnected) clicked.click();
  }

  if (trigger === "load") start();
  else {
    for (const type of interactions) zone.addEventListener(type, onInteraction, { capture: true, passive: true });
    // The island's root is `display: contents`, which has no box to observe; its first child has.
    observer?.observe(root.firstElementChild ?? root);
    // Without IntersectionObserver, a `visible` island starts at once.
    if (trigger === "visible" && !observer) start();
  }
  return { start, hydrated };
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Fields whose value the visitor changed before hydration (they differ from the server's value). */
function typedValues(root: HTMLElement): { field: Field; value: string }[] {
  return Array.from(root.querySelectorAll<Field>("input, textarea"))
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
}

/**
 * React hydrates a controlled field without reading what was typed into it, so its state still holds the
 * server's value. For each such field, this makes React's change tracking see the typed value as new and
 * fires the input event its onChange listens to (the same technique testing libraries use).
 */
function handTypedValuesToReact(typed: { field: Field; value: string }[]) {
  for (const { field, value } of typed) {
    // Through the element's own `value` property, which React tracks…
    field.value = field.defaultValue;
    // …then through the prototype's setter, which it does not, so the input event reads as a change.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

// The 404 page is marked by the server; the spec asks for the attempted path in the console.
if (document.body.dataset.notFound !== undefined) {
  console.error("404 Error: User attempted to access non-existent route:", window.location.pathname);
}

const islands = Array.from(document.querySelectorAll<HTMLElement>("[data-island]"), prepareIsland);

document.addEventListener(hydrateAllEvent, () => islands.forEach((island) => island.start()));

Promise.all(islands.map((island) => island.hydrated))
  .then(() => {
    // Every island is live, however each was started: lets tests (and styles, if ever needed) know it.
    document.documentElement.dataset.hydrated = "true";
  })
  .catch((error: unknown) => console.error("Could not start the page's interactive parts", error));
