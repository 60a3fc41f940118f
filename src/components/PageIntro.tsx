import type { ReactNode } from "react";
import type { RouteEntry } from "../routes/table.ts";
import { Breadcrumb } from "./Breadcrumb.tsx";

/** The top of an inner page: breadcrumb (none in the editor's previews), the page's one h1 and an optional lead paragraph. */
export function PageIntro({
  route,
  heading,
  lead,
  children,
}: {
  route?: RouteEntry;
  heading: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-line bg-paper-deep">
      <div className="mx-auto max-w-6xl space-y-5 px-4 py-12 sm:px-6 md:py-16">
        {route && <Breadcrumb route={route} />}
        <h1 className="max-w-3xl font-serif text-4xl font-semibold tracking-tight text-balance md:text-5xl">{heading}</h1>
        {lead && <p className="max-w-2xl text-lg leading-relaxed text-muted">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
