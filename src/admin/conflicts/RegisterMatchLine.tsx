import { type RegisterMatch, roleLabels } from "../../db/register.ts";
import { standaloneLink } from "../shared/fields.ts";

/** What a register entry is, in the attorney's words: "Current client", "Adverse party in “Ortiz mural” (closed)". */
export function registerEntryKind(match: RegisterMatch): string {
  if (match.kind === "client")
    return { current: "Current client", former: "Former client", "no-matter": "Client, no matter recorded" }[match.standing];
  return `${roleLabels[match.role]} in “${match.matterTitle}” (${match.matterStatus}), a matter of ${match.clientName}`;
}

/** One register entry a check or search found: what it is, its client's page, and why it matched. */
export function RegisterMatchLine({ match, reason }: { match: RegisterMatch; reason: string }) {
  return (
    <li className="py-2 text-sm">
      <span className="min-w-0 break-words">
        <a href={`/admin/register/clients/${match.clientId}`} className={`${standaloneLink} font-semibold`}>
          {match.name}
        </a>
        {match.kind === "client" && match.email && <span className="text-muted">{` · ${match.email}`}</span>}
        <span className="block">{`${registerEntryKind(match)}. Matched: ${reason}.`}</span>
      </span>
    </li>
  );
}
