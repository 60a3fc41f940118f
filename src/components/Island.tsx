import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { IslandRoot } from "../islands/IslandRoot.tsx";
import { type IslandComponent, type IslandName, type IslandProps, islandIdPrefix } from "../islands/index.ts";
import { type HydrationTrigger, islandRecords } from "../islands/registry.ts";

/**
 * Server side of an island: renders the component as a separate React root (so its ids do not depend
 * on where it sits in the page) and records its props for the browser, which hydrates it when its trigger
 * fires, where it applies (src/islands/registry.ts, src/client.tsx).
 */
export function Island<N extends IslandName>(props: {
  name: N;
  component: IslandComponent<N>;
  props: IslandProps<N>;
  className?: string;
  /** When this page needs the island sooner than its record's trigger. */
  trigger?: HydrationTrigger;
}) {
  const Component = props.component as ComponentType<object>;
  const html = renderToString(
    <IslandRoot>
      <Component {...props.props} />
    </IslandRoot>,
    { identifierPrefix: islandIdPrefix(props.name) },
  );
  return (
    <div
      className={props.className ?? "contents"}
      data-island={props.name}
      data-props={JSON.stringify(props.props)}
      data-hydrate={props.trigger ?? islandRecords[props.name].trigger}
      data-media={islandRecords[props.name].media}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
