import { env } from "cloudflare:workers";
import PostalMime from "postal-mime";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pages } from "../content/index.ts";
import { database } from "../db/client.ts";
import { exportSubmissionsFrom } from "../db/privacy.ts";
import { buildNotificationEmail } from "../queue/email.ts";
import { fetchApp, makeLocalSigningKey } from "../test/admin.ts";
import { decodeEntities, fetchPath } from "../test/html.ts";
import { allSubmissions, clearSubmissions } from "../test/submissions.ts";
import { type ContactField, fieldSpecs } from "./fields.ts";

/*
 * Each field of the one field list (./fields.ts) reaches every place a field belongs: the form, the API and
 * the stored row, the notification e-mail, the inbox and the privacy export. Nothing here names a field:
 * the `extra-field` project of vitest.config.ts runs this file again with one more field added to a copy of
 * the list, and it must pass unchanged.
 */

/** A value of each field that no other field holds, so each can be found where it lands. */
const filled = Object.fromEntries(
  fieldSpecs.map((field) => [
    field.name,
    field.kind === "email" ? `every-${field.name}@example.com` : `Every ${field.name} value ${field.kind}`,
  ]),
) as Record<ContactField, string>;

let signedIn: Record<string, string>;
beforeAll(async () => {
  signedIn = { ADMIN_LOCAL_SIGNING_KEY: await makeLocalSigningKey() };
});
beforeEach(() => clearSubmissions());

const postContact = () =>
  fetchPath("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost" },
    body: JSON.stringify(filled),
  });

describe.each(fieldSpecs.map((field) => [field.name, field] as const))("the %s field", (name, field) => {
  it("is in the form, with its label and limit, as content/pages/contact.yaml words it", async () => {
    const html = decodeEntities(await (await fetchPath("/contact")).text());
    const control = new RegExp(`<(input|textarea)[^>]*\\bname="${name}"[^>]*>`).exec(html);
    expect(control, `a control named ${name}`).not.toBeNull();
    expect(control![0]).toContain(`maxLength="${field.maxLength}"`);
    expect(control![1]).toBe(field.kind === "text" ? "textarea" : "input");
    expect(html).toContain(`>${pages.contact.fields[name].label}</label>`);
    if (field.required) expect(control![0]).toContain('aria-required="true"');
  });

  it("is accepted by the API and stored in its own column", async () => {
    expect((await postContact()).status).toBe(201);
    const [row] = await allSubmissions();
    expect((row as Record<string, unknown>)[name]).toBe(filled[name]);
  });

  it("is in the notification e-mail, under the inbox's word for it", async () => {
    expect((await postContact()).status).toBe(201);
    const [row] = await allSubmissions();
    const mail = await PostalMime.parse(buildNotificationEmail(row!, { from: "site@example.com", to: "inbox@example.com" }));
    // One line ("Name: Ada"), or a text of several lines under its own line ("Message:").
    expect(mail.text!.replace(/\r\n/g, "\n")).toContain(`${field.inboxLabel}:${field.kind === "text" ? "\n" : " "}${filled[name]}`);
    expect(mail.html).toContain(field.inboxLabel);
  });

  it("is on the inquiry's page in the inbox, and in the privacy export", async () => {
    expect((await postContact()).status).toBe(201);
    const [row] = await allSubmissions();
    const html = decodeEntities(await (await fetchApp(`http://localhost:8787/admin/submissions/${row!.id}`, {}, signedIn)).text());
    expect(html).toContain(filled[name]);
    if (name !== "name") expect(html).toContain(field.inboxLabel);
    const exported = await exportSubmissionsFrom(database(env.DB), filled.email, new Date());
    expect(exported.submissions[0]).toMatchObject({ [name]: filled[name] });
  });
});

describe("the field list", () => {
  it("is the one this project of the tests was built with", () => {
    // The extra-field project adds "referral" (src/test/extra-field); the others see the list as it is.
    expect(fieldSpecs.map((field) => field.name as string).includes("referral")).toBe(env.EXTRA_CONTACT_FIELD === "referral");
  });
});
