import { buttonClass } from "../../components/ButtonLink.tsx";
import { monthsInWords } from "../../content/durations.ts";
import { site } from "../../content/index.ts";
import type { ClientSummary } from "../../db/register.ts";
import { Notice } from "../shared/Notice.tsx";
import { ClientFieldset, MatterFieldset } from "./RegisterFields.tsx";
import { pageHeading, standaloneLink } from "../shared/fields.ts";

export interface RegisterPageProps {
  readonly clients: readonly ClientSummary[];
  /** The id of the last client listed, when more follow. */
  readonly next?: string;
  /** The page shown is not the first. */
  readonly paged: boolean;
  readonly notice?: string;
  /** What the add form was refused for, with what was typed. */
  readonly refused?: { readonly problem: string; readonly typed: Readonly<Record<string, string>> };
}

const matterCount = (count: number, kind: string) => (count === 1 ? `1 ${kind} matter` : `${count} ${kind} matters`);

/**
 * The conflict register: the practice's clients by name, each with how many matters it has, current and
 * closed; a client added here with a first matter, or many imported from a spreadsheet. Every conflict check
 * and search covers it.
 */
export function RegisterPage({ clients, next, paged, notice, refused }: RegisterPageProps) {
  return (
    <>
      <h1 className={pageHeading}>Clients & matters</h1>
      {notice && <Notice className="pt-6">{notice}</Notice>}
      <p className="mt-4 max-w-3xl leading-relaxed">
        The conflict register: every client, each of their matters, and the people and organizations on each. Every conflict check covers
        it, as well as past inquiries. An inquiry marked engaged adds its client here. A client stays on the register until{" "}
        {monthsInWords(site.retention.registerMonthsAfterClose)} after their last matter closes.
      </p>
      <p className="mt-4 flex flex-wrap gap-4">
        <a href="#add-client" className={buttonClass()}>
          Add a client
        </a>
        <a href="/admin/register/import" className={buttonClass("secondary")}>
          Import from a spreadsheet
        </a>
      </p>
      {clients.length === 0 && !paged ? (
        <p className="mt-10 text-lg text-muted">
          No clients yet. Add them one at a time below, or import the list from a spreadsheet or your practice-management system.
        </p>
      ) : (
        <ul className="mt-8 divide-y divide-line border-t border-b border-line">
          {clients.map((client) => (
            <li key={client.id} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-3">
              <span className="min-w-0 break-words">
                <a href={`/admin/register/clients/${client.id}`} className={`${standaloneLink} font-semibold`}>
                  {client.name}
                </a>
                {client.email && <span className="text-muted">{` · ${client.email}`}</span>}
              </span>
              <span className="text-sm text-muted">
                {client.currentMatters + client.closedMatters === 0
                  ? "No matter recorded"
                  : [
                      client.currentMatters > 0 && matterCount(client.currentMatters, "current"),
                      client.closedMatters > 0 && matterCount(client.closedMatters, "closed"),
                    ]
                      .filter(Boolean)
                      .join(", ")}
              </span>
            </li>
          ))}
        </ul>
      )}
      {(paged || next) && (
        <nav aria-label="Pages" className="mt-6">
          <ul className="flex flex-wrap gap-4">
            {paged && (
              <li>
                <a href="/admin/register" className={buttonClass("secondary")}>
                  First page
                </a>
              </li>
            )}
            {next && (
              <li>
                <a href={`/admin/register?after=${next}`} className={buttonClass("secondary")}>
                  Next page
                </a>
              </li>
            )}
          </ul>
        </nav>
      )}
      <section id="add-client" aria-labelledby="add-client-heading" className="mt-12 max-w-3xl scroll-mt-24">
        <h2 id="add-client-heading" className="font-serif text-2xl font-semibold tracking-tight">
          Add a client
        </h2>
        {refused && (
          <Notice tone="error" className="pt-4">
            {refused.problem}
          </Notice>
        )}
        <form method="post" action="/admin/register/clients" className="mt-4 space-y-6">
          <ClientFieldset typed={refused?.typed} />
          <MatterFieldset typed={refused?.typed} withParties legend="Their first matter (optional)" />
          <button type="submit" className={buttonClass()}>
            Add the client
          </button>
        </form>
      </section>
    </>
  );
}
