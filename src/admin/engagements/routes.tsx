import { type Context, Hono } from "hono";
import { site } from "../../content/index.ts";
import { database } from "../../db/client.ts";
import { partyNames } from "../../db/conflict-names.ts";
import { createEngagementLetter, engagementLettersOfInquiry, engagementState, letterMatter } from "../../db/engagements.ts";
import { type InboxSubmission, findInboxSubmission } from "../../db/inbox.ts";
import type { EngagementLetter } from "../../db/schema.ts";
import { sha256Hex } from "../../engagement/chain.ts";
import type { AdminEnv } from "../gate.ts";
import { audit } from "../shared/audit.ts";
import { canMailClients, sendLetter } from "../shared/client-mail.ts";
import { SUBMISSION, backToInquiry } from "../shared/inquiry-routes.ts";
import { longDay, offerExpiry } from "../shared/link-days.ts";
import { renderAdminPage, renderNotFound } from "../shared/render.tsx";
import { COPY_SCRIPT } from "../shared/scripts.ts";
import { inquiryOf } from "./Inquiry.tsx";
import { LinkPage } from "./LinkPage.tsx";
import { PreparePage } from "./PreparePage.tsx";
import { PreviewPage } from "./PreviewPage.tsx";
import {
  type EngagementForm,
  engagementFormOf,
  engagementLink,
  engagementLinkValidDays,
  invitationLetter,
  mayPrepareEngagement,
  prefilledValues,
  prepareEngagement,
  problemText,
  templateOf,
} from "./prepare.ts";

/**
 * An inquiry's engagement letter prepared and sent, mounted beside its page at /admin/submissions/:id:
 * `GET …/engagement` prepares one (the template, its fields, the matter), `POST …/engagement/preview` shows
 * it as the client will read it (or the form again, as typed, with why), `…/engagement/edit` goes back to the
 * form, and `…/engagement/send` makes the version and its link (`how`: e-mailed from the practice, or shown
 * once to copy; the secret is in that answer alone). A version's record, its PDF and withdrawing it are
 * record-routes.tsx. Each change is in the activity log.
 */
export const engagementRoutes = new Hono<AdminEnv>();

/** The version out (its link open or paper asked for), which a new one replaces. */
const versionOut = (list: readonly EngagementLetter[], now: Date) =>
  list.find((letter) => ["sent", "opened", "consented", "paper-requested"].includes(engagementState(letter, now)))?.version;

/** The form as it starts: the last version's values and matter, else the fields prefilled and the organization as the matter. */
function startingForm(submission: InboxSubmission, kind: string | undefined, latest: EngagementLetter | undefined): EngagementForm {
  const template = templateOf(kind ?? latest?.kind);
  const parties = partyNames(submission.parties).map((name) => ({ name, role: "" as const }));
  const base = template ? prefilledValues(template, submission) : {};
  if (!latest || !template) return { kind: template?.kind ?? "", values: base, title: submission.organization ?? "", parties };
  const earlier = JSON.parse(latest.fieldValues) as Record<string, string>;
  const values = Object.fromEntries(Object.keys(base).map((name) => [name, earlier[name] ?? base[name]!]));
  const matter = letterMatter(latest);
  const roleOf = (name: string) => matter?.parties.find((party) => party.name === name)?.role ?? "";
  return {
    kind: template.kind,
    values,
    title: matter?.title ?? submission.organization ?? "",
    parties: parties.map((party) => ({ ...party, role: roleOf(party.name) })),
  };
}

/** The inquiry to prepare a letter for, and its letters; undefined when there is no such inquiry. */
async function loadInquiry(c: Context<AdminEnv>, now: Date) {
  const db = database(c.env.DB);
  const submission = await findInboxSubmission(db, c.req.param("id") ?? "", now);
  if (!submission) return undefined;
  return { db, submission, letters: await engagementLettersOfInquiry(db, submission.id) };
}

/** Why a letter cannot be prepared for the inquiry now, or undefined. */
function refusedFor(submission: InboxSubmission, letters: readonly EngagementLetter[]): string | undefined {
  if (letters.some((letter) => letter.status === "signed"))
    return "This inquiry's engagement letter is signed already: a new one cannot replace it.";
  if (!mayPrepareEngagement(submission))
    return "An engagement letter is prepared from a cleared inquiry, and this one has moved on: its intake is no longer “conflict cleared”.";
  return undefined;
}

/** "Prepare the engagement letter": the template (?kind=), its fields, the matter; from a cleared inquiry only. */
engagementRoutes.get(`${SUBMISSION}/engagement`, async (c) => {
  const now = new Date();
  const found = await loadInquiry(c, now);
  if (!found) return renderNotFound(c);
  const { submission, letters } = found;
  if (refusedFor(submission, letters))
    return backToInquiry(
      c,
      submission.id,
      letters.some((letter) => letter.status === "signed") ? "engagement-signed-already" : "engagement-refused",
    );
  const kind = c.req.query("kind");
  const form = startingForm(submission, kind, kind && kind !== letters[0]?.kind ? undefined : letters[0]);
  const template = templateOf(form.kind);
  return renderAdminPage(
    c,
    `Engagement letter for ${submission.name}`,
    <PreparePage
      inquiry={inquiryOf(submission)}
      template={template}
      form={form}
      problems={kind !== undefined && !template ? [problemText({ problem: "unknown-template" })] : []}
      replacing={versionOut(letters, now)}
    />,
    kind !== undefined && !template ? 422 : 200,
  );
});

/** The form again, as typed, with why it was refused (422). */
function showForm(
  c: Context<AdminEnv>,
  submission: InboxSubmission,
  form: EngagementForm,
  problems: readonly string[],
  replacing?: number,
) {
  return renderAdminPage(
    c,
    `Engagement letter for ${submission.name}`,
    <PreparePage inquiry={inquiryOf(submission)} template={templateOf(form.kind)} form={form} problems={problems} replacing={replacing} />,
    problems.length > 0 ? 422 : 200,
  );
}

/** Reads the posted form, and prepares the letter from it or says why not. */
async function preparedFrom(c: Context<AdminEnv>, now: Date) {
  const found = await loadInquiry(c, now);
  if (!found) return undefined;
  const form = engagementFormOf(await c.req.parseBody());
  const refused = refusedFor(found.submission, found.letters);
  const result = prepareEngagement(form, found.submission, now);
  const problems = [...(refused ? [refused] : []), ...(result.ok ? [] : result.problems.map(problemText))];
  return { ...found, form, result, problems, replacing: versionOut(found.letters, now) };
}

/** The preview page, or the form with its problems. */
async function preview(c: Context<AdminEnv>, now: Date, error?: string) {
  const found = await preparedFrom(c, now);
  if (!found) return renderNotFound(c);
  const { submission, form, result, problems, replacing } = found;
  if (!result.ok || problems.length > 0) return showForm(c, submission, form, problems, replacing);
  const { prepared } = result;
  return renderAdminPage(
    c,
    `Preview: ${prepared.template.title}`,
    <PreviewPage
      inquiry={inquiryOf(submission)}
      form={form}
      prepared={prepared}
      letterSha256={await sha256Hex(prepared.letterText)}
      subject={prepared.template.subject}
      sendFrom={canMailClients(c.env) ? c.env.CLIENT_MAIL_FROM.trim() : undefined}
      replyTo={site.email}
      error={error}
      replacing={replacing}
      lastDay={longDay(offerExpiry(now, engagementLinkValidDays()).lastDay)}
    />,
    error ? 422 : 200,
  );
}

/** "Preview": the letter exactly as the client will read it; refused input comes back as typed, with why. */
engagementRoutes.post(`${SUBMISSION}/engagement/preview`, (c) => preview(c, new Date()));

/** "Change something first": the form again, as the preview carried it. */
engagementRoutes.post(`${SUBMISSION}/engagement/edit`, async (c) => {
  const now = new Date();
  const found = await loadInquiry(c, now);
  if (!found) return renderNotFound(c);
  return showForm(c, found.submission, engagementFormOf(await c.req.parseBody()), [], versionOut(found.letters, now));
});

/**
 * "Send from the practice" or "Make the link to copy": the letter prepared again from what the preview carried,
 * sent only if it is still the text previewed; the version made (the one before voided by the database), then
 * the covering e-mail sent to the inquiry's address, or the link shown once. An e-mail that fails shows the
 * link to copy instead: the version stands.
 */
engagementRoutes.post(`${SUBMISSION}/engagement/send`, async (c) => {
  const now = new Date();
  const found = await preparedFrom(c, now);
  if (!found) return renderNotFound(c);
  const { db, submission, form, result, problems } = found;
  if (found.letters.some((letter) => letter.status === "signed")) return backToInquiry(c, submission.id, "engagement-signed-already");
  if (!result.ok || problems.length > 0) return showForm(c, submission, form, problems, found.replacing);
  const { prepared } = result;
  const body = await c.req.parseBody();
  const how = body.how === "send" ? "send" : "copy";
  if ((await sha256Hex(prepared.letterText)) !== body.letterSha256)
    return preview(
      c,
      now,
      "Nothing was sent: the letter changed since the preview (the day, or the practice's template). Read it again as it stands now.",
    );
  if (how === "send" && !canMailClients(c.env))
    return preview(c, now, "Nothing was sent: sending to clients is not set up. Make the link to copy instead.");

  const { expiresAt, lastDay } = offerExpiry(now, engagementLinkValidDays());
  const created = await createEngagementLetter(
    db,
    {
      submissionId: submission.id,
      kind: prepared.template.kind,
      title: prepared.template.title,
      clientName: prepared.clientName,
      clientEmail: submission.email,
      fieldValues: prepared.values,
      letterText: prepared.letterText,
      disclosureText: prepared.disclosureText,
      expiresAt,
      matter: prepared.matter,
    },
    { by: c.var.adminEmail, now },
  );
  if (created.outcome === "signed") return backToInquiry(c, submission.id, "engagement-signed-already");
  const { letter, token, voided } = created;
  const link = engagementLink(new URL(c.req.url).origin, token);
  const expires = longDay(lastDay);
  const invitation = invitationLetter(prepared.template, { name: prepared.clientName }, { url: link, expires }, now);
  const replaced = voided.length > 0 ? `; the version before it voided` : "";
  const what = `Version ${letter.version}, ${letter.title}`;
  const linkPage = (error?: string) =>
    renderAdminPage(
      c,
      `${letter.title}: the link for ${submission.name}`,
      <LinkPage inquiry={inquiryOf(submission)} letter={letter} link={link} lastDay={expires} invitation={invitation} error={error} />,
      error ? 502 : 200,
      [COPY_SCRIPT],
    );
  if (how === "send") {
    if (await sendLetter(c.env, submission.email, invitation)) {
      await audit(c, {
        action: "engagement-sent",
        submissionId: submission.id,
        detail: `${what}: e-mailed to ${submission.email}${replaced}`,
      });
      return backToInquiry(c, submission.id, "engagement-sent");
    }
    await audit(c, {
      action: "engagement-sent",
      submissionId: submission.id,
      detail: `${what}: the e-mail failed, its link shown to copy${replaced}`,
    });
    return linkPage(
      "The e-mail could not be sent, but the letter is ready: copy its link below into your own mail, or withdraw it on the inquiry's page.",
    );
  }
  await audit(c, { action: "engagement-sent", submissionId: submission.id, detail: `${what}: its link shown to copy${replaced}` });
  return linkPage();
});
