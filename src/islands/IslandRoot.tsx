import { type ReactNode, useEffect } from "react";

/**
 * The root of every island, on the server and in the browser alike (so both trees, and their ids, match).
 * In the browser it reports when hydration has committed.
 */
export function IslandRoot({ children, onHydrated }: { children: ReactNode; onHydrated?: () => void }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return children;
}
