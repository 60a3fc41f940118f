/*
 * What the visitor does to an island before React listens is kept and done again once it does: clicks on
 * its buttons and the keys its components act on, in order, and the text typed into its fields.
 */

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
export function recordEarlyActions(root: HTMLElement) {
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
export async function replay(actions: readonly EarlyAction[]) {
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
 * React hydrates a controlled field without reading what was typed into it (before hydration, or while it
 * ran: its change tracking starts from the field's text then), so its state still holds the server's value.
 * For each field typed into, this puts the typed text back (hydration may have reset a text area), makes
 * React's change tracking see it as new, and fires the input event its onChange listens to (the same
 * technique testing libraries use).
 */
export function handTypedValuesToReact(typed: ReadonlyMap<Field, string>) {
  for (const [field, value] of typed) {
    // Through the element's own `value` property, which React tracks…
    field.value = field.defaultValue;
    // …then through the prototype's setter, which it does not, so the input event reads as a change.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
