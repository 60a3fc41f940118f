/**
 * A dynamically imported value, loaded by the first call and shared by every later one. The build splits
 * each dynamically imported module out of the Worker's start-up bundle, so an isolate that never calls the
 * loader never parses or runs that code. A failed load is not kept: the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
