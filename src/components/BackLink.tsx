import type { Crumb } from "../routes/table.ts";
import { LineIcon } from "./LineIcon.tsx";

/** A quiet link to the page above this one ("Back to Services"). */
export function BackLink({ to, label }: { to: Crumb; label: string }) {
  return (
    <a
      href={to.path}
      className="group -mx-2 inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-medium text-accent underline-offset-4 hover:underline"
    >
      <LineIcon className="size-4 transition-transform group-hover:-translate-x-0.5">
        <path d="M16 10H4M9 5l-5 5 5 5" />
      </LineIcon>
      {label}
    </a>
  );
}
