import type { CheckView, FoundEntry, FoundInquiry } from "../../db/conflict-check.ts";
import { ARRIVAL_CHECKER, CHECK_MATCHES_PER_NAME } from "../../db/conflict-check.ts";
import { type ConflictPart, matchReasons } from "../../db/conflict-names.ts";
import { checkOutcome } from "../shared/copy.ts";
import { RegisterMatchLine } from "./RegisterMatchLine.tsx";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { isoTime, seattleTime } from "../shared/format.ts";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { IntakeBadge } from "../shared/IntakeBadge.tsx";
import { standaloneLink } from "../shared/fields.ts";

/** Where a search matched, in words. */
export const partLabels: Record<ConflictPart, string> = {
  name: "the sender's name",
  email: "the sender's e-mail",
  organization: "the organization",
  party: "another party",
};

/** What each name of the inquiry is, in words. */
const nameKinds: Record<ConflictPart, string> = {
  name: "Sender",
  email: "E-mail",
  organization: "Organization",
  party: "Other party",
};

/**
 * One conflict check's findings, grouped by the name searched. The inquiry itself, which every search of its
 * own names finds, is left out and said so: only the other inquiries matter.
 */
export function CheckResults({ view, submissionId, headingLevel = 3 }: { view: CheckView; submissionId: string; headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="mt-4 space-y-5">
      {view.names.map((name) => {
        const others = name.found.filter((found) => found.id !== submissionId);
        return (
          <section key={`${name.part}:${name.text}`} aria-label={`${nameKinds[name.part]}: ${name.text}`}>
            <Heading className="font-semibold break-words">
              {`${nameKinds[name.part]}: “${name.text}”`}
              <span className="font-normal text-muted">{` · ${foundInWords(others.length, name.more, name.register.length, name.registerMore, view.check.registerNames !== null)}`}</span>
            </Heading>
            {others.length + name.register.length > 0 && (
              <ul className="mt-2 divide-y divide-line border-t border-b border-line">
                {name.register.map((entry) => (
                  <Entry key={`${entry.kind}:${entry.id}`} entry={entry} searched={name.text} />
                ))}
                {others.map((found) => (
                  <Found key={found.id} found={found} searched={name.text} />
                ))}
              </ul>
            )}
            {name.more && (
              <form method="post" action="/admin/conflicts" className="mt-2">
                <HiddenFields fields={{ q: name.text }} />
                <p className="text-sm text-muted">
                  {`More than ${CHECK_MATCHES_PER_NAME} inquiries match this name; the newest are listed. `}
                  <button type="submit" className={standaloneLink}>
                    See every match on the conflict check page
                  </button>
                </p>
              </form>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** "2 other inquiries, 1 register entry" — what one name's search found. */
function foundInWords(inquiries: number, moreInquiries: boolean, entries: number, moreEntries: boolean, register: boolean): string {
  const inquiryWords =
    inquiries === 0
      ? "no inquiry but this one"
      : `${inquiries}${moreInquiries ? " or more" : ""} other ${inquiries === 1 ? "inquiry" : "inquiries"}`;
  if (!register) return inquiryWords;
  const entryWords = entries === 0 ? "nothing in the register" : `${entries}${moreEntries ? " or more" : ""} in the register`;
  return `${entryWords}; ${inquiryWords}`;
}

/**
 * Why a name matched, in words: "same name", "unaccented, suffix dropped". An inquiry's line names the part
 * it matched ("the organization") already, so the reason does not repeat it.
 */
export const reasonsOf = (searched: string, found: string, part: ConflictPart) =>
  matchReasons(searched, found, part)
    .filter((reason) => reason !== "organization")
    .join(", ");

function Entry({ entry, searched }: { entry: FoundEntry; searched: string }) {
  if (!entry.now) return <li className="py-2 text-sm text-muted">A register entry removed since the check (retention).</li>;
  const part: ConflictPart = entry.now.kind === "client" && searched.includes("@") ? "email" : "name";
  return <RegisterMatchLine match={entry.now} reason={reasonsOf(searched, entry.now.name, part)} />;
}

function Found({ found, searched }: { found: FoundInquiry; searched: string }) {
  const where = `Matched ${found.parts.map((part) => partLabels[part]).join(", ")}`;
  if (!found.now) return <li className="py-2 text-sm text-muted">An inquiry deleted since the check. {where}.</li>;
  const part = found.parts[0] ?? "name";
  const text = part === "organization" ? (found.now.organization ?? "") : found.now.name;
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-2 text-sm">
      <span className="min-w-0 break-words">
        <a href={`/admin/submissions/${found.id}`} className={`${standaloneLink} font-semibold`}>
          {found.now.name}
        </a>
        <span className="text-muted">
          {` · ${found.now.email}`}
          {found.now.organization && ` · ${found.now.organization}`}
        </span>
        <span className="block">{`An earlier inquiry. ${where}: ${reasonsOf(searched, text, part)}.`}</span>
      </span>
      <span className="flex flex-wrap items-center gap-2">
        <time dateTime={isoTime(found.now.createdAt)} className="text-muted">
          {seattleTime(found.now.createdAt)}
        </time>
        <IntakeBadge state={found.now.intakeState} />
        {found.now.messageErased && <span className="text-muted">message erased</span>}
      </span>
    </li>
  );
}

/** "Checked Nov 5, 2026, 10:02 AM by …: 2 possible matches." */
export function checkSummary(view: CheckView): string {
  const { check } = view;
  const who = check.by === ARRIVAL_CHECKER ? "as it arrived" : `by ${check.by}`;
  return `Checked ${seattleTime(check.at)} ${who}: ${checkOutcome(check)}.`;
}

/** The check button: every name at once, recorded once however often the form is sent. */
export function CheckForm({ submissionId, again }: { submissionId: string; again: boolean }) {
  return (
    <form method="post" action={`/admin/submissions/${submissionId}/check`} className="mt-4">
      <HiddenFields fields={{ token: crypto.randomUUID() }} />
      <button type="submit" className={buttonClass(again ? "secondary" : "primary")}>
        {again ? "Check all names again" : "Check all names"}
      </button>
    </form>
  );
}
