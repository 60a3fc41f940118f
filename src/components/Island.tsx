import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { IslandRoot } from "../islands/IslandRoot.tsx";
import { type IslandComponent, type IslandName, type IslandProps, islandIdPrefix } from "../islands/index.ts";
import { islandMedia, islandTriggers } from "../islands/triggers.ts";

/**
 * Server side of an island: renders the component as a separate React root (so its ids do not depend
 * on where it sits in the page) and records its props for the browser, which hydrates it when its trigger
 * fires, where it applies (src/islands/triggers.ts, src/client.tsx).
 */
export function Island<N extends IslandName>(props: { name: N; component: IslandComponent<N>; props: IslandProps<N>; className?: string }) {
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
      data-hydrate={islandTriggers[props.name]}
      data-media={islandMedia[props.name]}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
