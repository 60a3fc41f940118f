import { type Context, Hono } from "hono";
import { database } from "../../db/client.ts";
import { partyNames } from "../../db/conflict-names.ts";
import { isDay } from "../../db/days.ts";
import {
  type ClientFields,
  type MatterFields,
  type PartyFields,
  REGISTER_TEXT_MAX,
  addClient,
  addMatter,
  addParty,
  clientHistory,
  clientOfMatter,
  clientRecord,
  editClient,
  editMatter,
  editParty,
  listClients,
  placeOfParty,
} from "../../db/register.ts";
import { matterStatuses, partyRoles } from "../../db/schema.ts";
import { partyFields } from "./RegisterFields.tsx";
import type { AdminEnv } from "../gate.ts";
import { redirectWithNotice, takeNotice } from "../shared/one-time-notice.ts";
import { RegisterClientPage } from "./RegisterClientPage.tsx";
import { RegisterPage } from "./RegisterPage.tsx";
import { UUID } from "../shared/inquiry-routes.ts";
import { renderAdminPage, renderNotFound } from "../shared/render.tsx";

/**
 * /admin/register: the conflict register. The list of clients (`?after=<id>` pages on), a client added with a
 * first matter (`POST /clients`), a client's page (`/clients/:id`) where the client is corrected, matters are
 * added and changed, and parties added and corrected. Each change is in the activity log under its client
 * (src/db/register.ts); a refused form shows again with what was typed and why.
 */
export const registerRoutes = new Hono<AdminEnv>();

const TITLE = "Clients & matters";
const ID = `{${UUID}}`;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const clientPath = (id: string) => `/admin/register/clients/${id}`;

/** The posted form's text fields, trimmed. */
async function posted(c: Context<AdminEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).flatMap(([name, value]) => (typeof value === "string" ? [[name, value.trim()]] : [])));
}

type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

function readClient(form: Record<string, string>): Read<ClientFields> {
  if (!form.name) return { ok: false, problem: "Give the client's name." };
  if (form.name.length > REGISTER_TEXT_MAX) return { ok: false, problem: `A name is at most ${REGISTER_TEXT_MAX} characters.` };
  if (form.email && !EMAIL.test(form.email)) return { ok: false, problem: `“${form.email}” is not an e-mail address.` };
  return { ok: true, value: { name: form.name, email: form.email || null } };
}

function readMatter(form: Record<string, string>): Read<MatterFields> {
  const status = matterStatuses.find((known) => known === form.status);
  if (!form.title) return { ok: false, problem: "Say what the matter is about." };
  if (!status) return { ok: false, problem: "Choose whether the matter is current or closed." };
  for (const [field, label] of [
    ["openedOn", "opened"],
    ["closedOn", "closed"],
  ] as const)
    if (form[field] && !isDay(form[field])) return { ok: false, problem: `The day it ${label} is not a date.` };
  if (form.closedOn && status === "current")
    return { ok: false, problem: "A current matter has no closing day: choose Closed, or leave the day out." };
  if (form.openedOn && form.closedOn && form.closedOn < form.openedOn) return { ok: false, problem: "The matter closes after it opens." };
  return {
    ok: true,
    value: {
      title: form.title,
      reference: form.reference || null,
      status,
      openedOn: form.openedOn || null,
      closedOn: form.closedOn || null,
    },
  };
}

/** The names typed per role, one per line (or separated by semicolons), as an inquiry's parties are read. */
const partiesOf = (form: Record<string, string>): PartyFields[] =>
  partyRoles.flatMap((role) => partyNames(form[partyFields[role]] ?? null).map((name) => ({ name, role })));

function readParty(form: Record<string, string>): Read<PartyFields> {
  const role = partyRoles.find((known) => known === form.role);
  if (!form.name) return { ok: false, problem: "Give the name of the person or organization." };
  if (!role) return { ok: false, problem: "Choose the party's role." };
  return { ok: true, value: { name: form.name, role } };
}

const actor = (c: Context<AdminEnv>) => ({ by: c.var.adminEmail, now: new Date() });

registerRoutes.get("/", async (c) => {
  const db = database(c.env.DB);
  const afterId = c.req.query("after");
  const afterClient = afterId ? (await clientRecord(db, afterId))?.client : undefined;
  const page = await listClients(db, { after: afterClient && { name: afterClient.name, id: afterClient.id } });
  return renderAdminPage(
    c,
    TITLE,
    <RegisterPage
      clients={page.clients}
      next={page.more ? page.clients.at(-1)?.id : undefined}
      paged={afterClient !== undefined}
      notice={takeNotice(c, "/admin/register")}
    />,
  );
});

registerRoutes.post("/clients", async (c) => {
  const db = database(c.env.DB);
  const form = await posted(c);
  const client = readClient(form);
  const matter = form.title ? readMatter(form) : undefined;
  const refusal = !client.ok ? client.problem : matter && !matter.ok ? matter.problem : undefined;
  if (refusal || !client.ok || (matter && !matter.ok)) {
    const page = await listClients(db);
    return renderAdminPage(
      c,
      TITLE,
      <RegisterPage
        clients={page.clients}
        next={page.more ? page.clients.at(-1)?.id : undefined}
        paged={false}
        refused={{ problem: refusal ?? "", typed: form }}
      />,
      422,
    );
  }
  const id = await addClient(db, client.value, actor(c));
  if (matter?.ok) await addMatter(db, id, { ...matter.value, parties: partiesOf(form) }, actor(c));
  return redirectWithNotice(c, clientPath(id), matter ? "The client and their matter were added." : "The client was added.");
});

/** The client's page, with a form's refusal when there is one. */
async function clientPage(c: Context<AdminEnv>, id: string, refused?: { part: string; problem: string }) {
  const db = database(c.env.DB);
  const record = await clientRecord(db, id);
  if (!record) return renderNotFound(c);
  return renderAdminPage(
    c,
    record.client.name,
    <RegisterClientPage
      record={record}
      history={await clientHistory(db, id)}
      notice={refused ? undefined : takeNotice(c, clientPath(id))}
      refused={refused}
    />,
    refused ? 422 : 200,
  );
}

registerRoutes.get(`/clients/:id${ID}`, (c) => clientPage(c, c.req.param("id")));

registerRoutes.post(`/clients/:id${ID}`, async (c) => {
  const id = c.req.param("id");
  const client = readClient(await posted(c));
  if (!client.ok) return clientPage(c, id, { part: "client", problem: client.problem });
  if (!(await editClient(database(c.env.DB), id, client.value, actor(c)))) return renderNotFound(c);
  return redirectWithNotice(c, clientPath(id), "The client was saved.");
});

registerRoutes.post(`/clients/:id${ID}/matters`, async (c) => {
  const id = c.req.param("id");
  const form = await posted(c);
  const matter = readMatter(form);
  if (!matter.ok) return clientPage(c, id, { part: "new-matter", problem: matter.problem });
  if (!(await addMatter(database(c.env.DB), id, { ...matter.value, parties: partiesOf(form) }, actor(c)))) return renderNotFound(c);
  return redirectWithNotice(c, clientPath(id), "The matter was added.", "#matters-heading");
});

registerRoutes.post(`/matters/:id${ID}`, async (c) => {
  const db = database(c.env.DB);
  const matter = readMatter(await posted(c));
  const owner = await clientOfMatter(database(c.env.DB), c.req.param("id"));
  if (!owner) return renderNotFound(c);
  if (!matter.ok) return clientPage(c, owner, { part: `matter-${c.req.param("id")}`, problem: matter.problem });
  await editMatter(db, c.req.param("id"), matter.value, actor(c));
  return redirectWithNotice(c, clientPath(owner), "The matter was saved.", `#matter-${c.req.param("id")}`);
});

registerRoutes.post(`/matters/:id${ID}/parties`, async (c) => {
  const party = readParty(await posted(c));
  const owner = await clientOfMatter(database(c.env.DB), c.req.param("id"));
  if (!owner) return renderNotFound(c);
  if (!party.ok) return clientPage(c, owner, { part: `matter-${c.req.param("id")}`, problem: party.problem });
  await addParty(database(c.env.DB), c.req.param("id"), party.value, actor(c));
  return redirectWithNotice(c, clientPath(owner), "The party was added.", `#matter-${c.req.param("id")}`);
});

registerRoutes.post(`/parties/:id${ID}`, async (c) => {
  const db = database(c.env.DB);
  const party = readParty(await posted(c));
  const owner = await placeOfParty(db, c.req.param("id"));
  if (!owner) return renderNotFound(c);
  if (!party.ok) return clientPage(c, owner.clientId, { part: `matter-${owner.matterId}`, problem: party.problem });
  await editParty(db, c.req.param("id"), party.value, actor(c));
  return redirectWithNotice(c, clientPath(owner.clientId), "The party was saved.", `#matter-${owner.matterId}`);
});
