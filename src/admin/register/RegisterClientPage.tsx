import { BreakableAddress } from "../../components/BreakableAddress.tsx";
import { Section } from "../shared/Section.tsx";
import { BackLink } from "../shared/BackLink.tsx";
import { When } from "../shared/When.tsx";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { type ClientRecord, roleLabels } from "../../db/register.ts";
import type { ActivityEntry } from "../../db/schema.ts";
import { Notice } from "../shared/Notice.tsx";
import { ClientFieldset, MatterFieldset, PartyFields } from "./RegisterFields.tsx";
import { pageHeading, standaloneLink } from "../shared/fields.ts";
import { activityLabels } from "../shared/copy.ts";

export interface RegisterClientPageProps {
  readonly record: ClientRecord;
  readonly history: readonly ActivityEntry[];
  readonly notice?: string;
  /** A form refused, which part of the page it belongs to, and why. */
  readonly refused?: { readonly part: string; readonly problem: string };
}

const detailsClass = "mt-4 rounded-lg border border-line p-4 [&>summary]:cursor-pointer [&>summary]:font-semibold [&>summary]:min-h-6";

/** A matter's line of facts: "Matter number 2024-031 · current · opened 2024-03-05". */
function matterFacts(matter: ClientRecord["matters"][number]): string {
  return [
    matter.reference && `Matter number ${matter.reference}`,
    matter.status === "current" ? "Current" : "Closed",
    matter.openedOn && `opened ${matter.openedOn}`,
    matter.closedOn && `closed ${matter.closedOn}`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * One client of the register: who they are, each matter with its people and organizations (each can be
 * corrected; nothing is deleted, a matter closes), a matter added, and the client's history from the
 * activity log.
 */
export function RegisterClientPage({ record, history, notice, refused }: RegisterClientPageProps) {
  const { client, matters } = record;
  const problem = (part: string) =>
    refused?.part === part && (
      <Notice tone="error" className="pt-4">
        {refused.problem}
      </Notice>
    );
  return (
    <>
      <BackLink href="/admin/register">Clients & matters</BackLink>
      <h1 className={`${pageHeading} mt-2 break-words`}>{client.name}</h1>
      {client.email && (
        <p className="mt-2 text-muted">
          <BreakableAddress address={client.email} />
        </p>
      )}
      {notice && <Notice className="pt-6">{notice}</Notice>}
      {client.fromSubmissionId && (
        <p className="mt-4">
          Added when{" "}
          <a href={`/admin/submissions/${client.fromSubmissionId}`} className={standaloneLink}>
            their inquiry
          </a>{" "}
          was marked engaged.
        </p>
      )}
      <details className={detailsClass} open={refused?.part === "client"}>
        <summary>Correct the name or e-mail</summary>
        {problem("client")}
        <form method="post" action={`/admin/register/clients/${client.id}`} className="mt-4 space-y-4">
          <ClientFieldset typed={{ name: client.name, email: client.email ?? "" }} id="edit-client" />
          <button type="submit" className={buttonClass("secondary")}>
            Save the client
          </button>
        </form>
      </details>

      <Section id="matters" heading="Matters" className="mt-10" anchored={false}>
        {matters.length === 0 && <p className="mt-4 text-muted">No matter recorded yet.</p>}
        {matters.map((matter) => (
          <article key={matter.id} aria-labelledby={`matter-${matter.id}`} className="mt-6 border-t border-line pt-4">
            <h3 id={`matter-${matter.id}`} className="text-lg font-semibold break-words">
              {matter.title}
            </h3>
            <p className="text-sm text-muted">{matterFacts(matter)}</p>
            {matter.parties.length === 0 ? (
              <p className="mt-2 text-sm text-muted">No other party recorded.</p>
            ) : (
              <ul className="mt-3 space-y-2">
                {matter.parties.map((party) => (
                  <li key={party.id} className="text-sm">
                    <span className="font-medium break-words">{party.name}</span>
                    <span className="text-muted">{` · ${roleLabels[party.role]}`}</span>
                    <details className="mt-1 [&>summary]:cursor-pointer [&>summary]:min-h-6 [&>summary]:text-accent">
                      <summary>Correct</summary>
                      <form method="post" action={`/admin/register/parties/${party.id}`} className="mt-2 space-y-3">
                        <PartyFields id={`party-${party.id}`} typed={{ name: party.name, role: party.role }} />
                        <button type="submit" className={buttonClass("secondary")}>
                          Save the party
                        </button>
                      </form>
                    </details>
                  </li>
                ))}
              </ul>
            )}
            {problem(`matter-${matter.id}`)}
            <details className={detailsClass} open={refused?.part === `matter-${matter.id}`}>
              <summary>Add a person or organization</summary>
              <form method="post" action={`/admin/register/matters/${matter.id}/parties`} className="mt-4 space-y-4">
                <PartyFields id={`new-party-${matter.id}`} />
                <button type="submit" className={buttonClass("secondary")}>
                  Add to the matter
                </button>
              </form>
            </details>
            <details className={detailsClass}>
              <summary>Change the matter (close it, correct it)</summary>
              <form method="post" action={`/admin/register/matters/${matter.id}`} className="mt-4 space-y-4">
                <MatterFieldset
                  id={`edit-${matter.id}`}
                  legend="The matter"
                  required
                  typed={{
                    title: matter.title,
                    reference: matter.reference ?? "",
                    status: matter.status,
                    openedOn: matter.openedOn ?? "",
                    closedOn: matter.closedOn ?? "",
                  }}
                />
                <button type="submit" className={buttonClass("secondary")}>
                  Save the matter
                </button>
              </form>
            </details>
          </article>
        ))}
      </Section>

      <Section id="add-matter" heading="Add a matter" className="mt-10 max-w-3xl" anchored={false}>
        {problem("new-matter")}
        <form method="post" action={`/admin/register/clients/${client.id}/matters`} className="mt-4 space-y-6">
          <MatterFieldset legend="The matter" withParties required />
          <button type="submit" className={buttonClass()}>
            Add the matter
          </button>
        </form>
      </Section>

      <Section id="history" heading="History" className="mt-12" anchored={false}>
        {history.length === 0 ? (
          <p className="mt-4 text-muted">Nothing recorded yet.</p>
        ) : (
          <ol className="mt-4 divide-y divide-line border-t border-b border-line">
            {history.map((entry) => (
              <li key={entry.id} className="py-3 text-sm">
                <p className="font-medium">{activityLabels[entry.action]}</p>
                {entry.detail && <p className="break-words">{entry.detail}</p>}
                <p className="text-muted">
                  <When date={entry.at} />, <BreakableAddress address={entry.actor} />
                </p>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}
