import type { Trigger } from "./trigger.ts";

/** `load`: at once, as the page is shown. */
const onLoad: Trigger = (_root, start) => {
  start();
  return () => {};
};

export default onLoad;
