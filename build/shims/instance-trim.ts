/**
 * mimetext's browser build reaches String.prototype.trim through @babel/runtime-corejs3, which brings 28 KiB
 * of core-js polyfills for browsers without it. workerd has it natively: in the Worker build this module
 * stands in for that helper (see vite.config.ts), with the same contract: the instance's own `trim`.
 */
export default function trimOf(value: string): () => string {
  return value.trim;
}
