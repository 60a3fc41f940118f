/*
 * The browser entry, and the only script every page loads (about 2 KiB gzip): it waits for each island's
 * trigger (src/islands/triggers.ts), and only then fetches React and the island's own chunk and hydrates
 * it. A page nobody touches runs no React at all; its server HTML already works without it. A prerendered
 * page does nothing until it is shown (src/islands/activation.ts).
 */
import type { ComponentType } from "react";
import { whenShown } from "./islands/activation.ts";
import type { IslandName } from "./islands/index.ts";
import { islandLoaders } from "./islands/loaders.ts";
import type { HydrationTrigger } from "./islands/triggers.ts";

/** Events that start an `interaction` island (and a `visible` one before it is seen). */
const interactions = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/**
 * Dispatched on `document`, hydrates every island that applies now, and any other as soon as it comes to
 * apply (browser tests do, before they interact).
 */
const hydrateAllEvent = "hydrate-islands";

/** How close to the viewport a `visible` island starts: early enough to be live when it scrolls in. */
const visibleMargin = "200px 0px";

interface PendingIsland {
  /** Asks for hydration: it starts at once where the island applies, else as soon as it comes to apply. */
  readonly start: () => void;
  /** Whether the island applies at the current width (see `islandMedia` in src/islands/triggers.ts). */
  readonly applies: () => boolean;
  /** Whether React has committed the island. */
  readonly live: () => boolean;
}

/**
 * Keys an island's components act on that the browser does nothing lasting with on a button or link
 * (opening a menu, moving between headers or pages). Enter and Space are not among them: on a button they
 * make a click, which is replayed as such, and on a link or in a form the browser has already acted.
 */
const replayedKeys = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "Escape"]);

/** Something the visitor did to an island before React listened, to be done again once it does. */
type EarlyAction = { readonly click: HTMLButtonElement } | { readonly key: KeyboardEventInit; readonly target: HTMLElement };

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Records what the visitor does to an island before it is live: in order, the clicks on its buttons and its
 * key presses until React listens (`reactListens`, just before hydration; from then on React handles them,
 * hydrating at once if one arrives), and the text of each field typed into until `stop`, after hydration:
 * React's change tracking misses text typed while it hydrates. Links and submit buttons are left alone: the
 * browser has already followed or posted them.
 */
function recordEarlyActions(root: HTMLElement) {
  const actions: EarlyAction[] = [];
  const typed = new Map<Field, string>();
  let reactListens = false;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!reactListens && button && button.type === "button" && !button.disabled) actions.push({ click: button });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target;
    if (reactListens || !(target instanceof HTMLElement) || !replayedKeys.has(event.key) || target.closest("input, textarea, select"))
      return;
    const { key, code, location, repeat, shiftKey, ctrlKey, altKey, metaKey } = event;
    actions.push({ target, key: { key, code, location, repeat, shiftKey, ctrlKey, altKey, metaKey } });
  };
  const onInput = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) typed.set(field, field.value);
  };
  const listeners = [
    ["click", onClick],
    ["keydown", onKeyDown],
    ["input", onInput],
  ] as const;
  for (const [type, listener] of listeners) root.addEventListener(type, listener as EventListener, true);
  return {
    actions,
    typed,
    reactListens: () => void (reactListens = true),
    stop: () => {
      for (const [type, listener] of listeners) root.removeEventListener(type, listener as EventListener, true);
    },
  };
}

/** Lets what the last action started (Ark sends its events in microtasks, React renders in a task) settle. */
const settle = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * Does again, in order, what the visitor did before React listened: clicks each button, and presses each key
 * on its element if that still has focus (a key acts on the focused element only).
 */
async function replay(actions: readonly EarlyAction[]) {
  for (const action of actions) {
    await settle();
    if ("click" in action) {
      if (action.click.isConnected && !action.click.disabled) action.click.click();
    } else if (document.activeElement === action.target) {
      action.target.dispatchEvent(new KeyboardEvent("keydown", { ...action.key, bubbles: true, cancelable: true, composed: true }));
    }
  }
}

/**
 * Prepares one island: records what the visitor does to it before React takes over, and hydrates it when
 * its trigger fires, where it applies (its media query, if any, matches). `onChange` is called whenever the
 * island goes live or starts or stops applying.
 */
function prepareIsland(root: HTMLElement, onChange: () => void): PendingIsland {
  const name = root.dataset.island as IslandName;
  const trigger = (root.dataset.hydrate ?? "load") as HydrationTrigger;
  const zone = root.closest<HTMLElement>("[data-island-zone]") ?? root;
  const media = root.dataset.media ? window.matchMedia(root.dataset.media) : undefined;
  const applies = () => media?.matches ?? true;
  const early = recordEarlyActions(root);

  let requested = false;
  let started: Promise<void> | undefined;
  const start = () => {
    requested = true;
    if (!applies()) return;
    started ??= hydrate()
      .then(onChange)
      .catch((error: unknown) => console.error("Could not start the page's interactive parts", error));
  };
  media?.addEventListener("change", () => {
    if (requested) start();
    onChange();
  });
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
    const [{ hydrateIsland }, island] = await Promise.all([import("./islands/hydrate.tsx"), load(), loadWholeStylesheet()]);
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

  if (trigger === "load") start();
  else {
    for (const type of interactions) zone.addEventListener(type, onInteraction, { capture: true, passive: true });
    // The island's root is `display: contents`, which has no box to observe; its first child has.
    observer?.observe(root.firstElementChild ?? root);
    // Without IntersectionObserver, a `visible` island starts at once.
    if (trigger === "visible" && !observer) start();
  }
  return { start, applies, live: () => root.dataset.hydrated !== undefined };
}

let wholeStylesheet: Promise<void> | undefined;

/**
 * The page's inlined styles cover its server markup only (src/page-styles). What an island renders later (a
 * toast, an error, an open menu) may need any rule of the site's stylesheet, so the whole sheet is loaded,
 * once, before the first island hydrates; it repeats the inlined rules in the same order, so nothing already
 * on screen changes. If it fails to load, the islands start all the same.
 */
function loadWholeStylesheet(): Promise<void> {
  return (wholeStylesheet ??= new Promise((resolve) => {
    const href = document.querySelector<HTMLElement>("style[data-full-stylesheet]")?.dataset.fullStylesheet;
    if (!href) return resolve();
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    document.head.appendChild(link);
  }));
}

/**
 * React hydrates a controlled field without reading what was typed into it (before hydration, or while it
 * ran: its change tracking starts from the field's text then), so its state still holds the server's value.
 * For each field typed into, this puts the typed text back (hydration may have reset a text area), makes
 * React's change tracking see it as new, and fires the input event its onChange listens to (the same
 * technique testing libraries use).
 */
function handTypedValuesToReact(typed: ReadonlyMap<Field, string>) {
  for (const [field, value] of typed) {
    // Through the element's own `value` property, which React tracks…
    field.value = field.defaultValue;
    // …then through the prototype's setter, which it does not, so the input event reads as a change.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/**
 * `<html data-hydrated="true">` while every island that applies at the current width is live, however each
 * was started: lets tests (and styles, if ever needed) know it. A window widened past a breakpoint can make
 * an island apply that is not live yet; the mark goes until it is.
 */
function markWhetherLive() {
  if (islands.every((island) => island.live() || !island.applies())) document.documentElement.dataset.hydrated = "true";
  else delete document.documentElement.dataset.hydrated;
}

let islands: PendingIsland[] = [];

// Nothing runs before the page is shown: a prerendered page waits for the visitor to follow its link.
void whenShown().then(() => {
  // The 404 page is marked by the server; the spec asks for the attempted path in the console.
  if (document.body.dataset.notFound !== undefined) {
    console.error("404 Error: User attempted to access non-existent route:", window.location.pathname);
  }
  islands = Array.from(document.querySelectorAll<HTMLElement>("[data-island]"), (root) => prepareIsland(root, markWhetherLive));
  document.addEventListener(hydrateAllEvent, () => islands.forEach((island) => island.start()));
  // A page without an island that applies (none at this width) is live as it is.
  markWhetherLive();
});
