import { type Trigger, onFirstInteraction } from "./trigger.ts";

/** How close to the viewport a `visible` island starts: early enough to be live when it scrolls in. */
const visibleMargin = "200px 0px";

/** `visible`: when the island comes near the viewport, or on the first interaction with it, whichever first. */
const onVisible: Trigger = (root, start) => {
  const disarmInteraction = onFirstInteraction(root, start);
  // Without IntersectionObserver, a `visible` island starts at once.
  if (!("IntersectionObserver" in window)) {
    start();
    return disarmInteraction;
  }
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
    rootMargin: visibleMargin,
  });
  // The island's root is `display: contents`, which has no box to observe; its first child has.
  observer.observe(root.firstElementChild ?? root);
  return () => {
    disarmInteraction();
    observer.disconnect();
  };
};

export default onVisible;
