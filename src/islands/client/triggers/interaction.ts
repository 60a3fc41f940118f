import { type Trigger, onFirstInteraction } from "./trigger.ts";

/** `interaction`: on the first pointer, touch, focus or key event in the island's zone. */
const onInteraction: Trigger = (root, start) => onFirstInteraction(root, start);

export default onInteraction;
