import { env } from "cloudflare:workers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { database } from "../../../db/client.ts";
import { type ImportPlan, applyImport, jsonChunks, planImport } from "../../../db/register-import.ts";
import { fetchApp, makeLocalSigningKey } from "../../../test/admin.ts";
import { decodeEntities } from "../../../test/html.ts";
import { INBOX_BASE, inboxSuite } from "../../../test/inbox.ts";
import { guessMapping } from "./columns.ts";
import { readCsvFile } from "./register-csv.ts";
import { readRows } from "./rows.ts";

/*
 * The conflict register imported from a spreadsheet's CSV, through the Worker's app as the attorney uses it
 * (upload, the columns, the preview, the import), with real D1: a large file, bad rows that import nothing,
 * duplicates merged within the file and with the register, a second import that adds nothing, and a write
 * that fails part-way leaving nothing behind.
 */

const db = database(env.DB);
const inbox = inboxSuite();

let signedIn: { ADMIN_LOCAL_SIGNING_KEY: string };
beforeAll(async () => {
  signedIn = { ADMIN_LOCAL_SIGNING_KEY: await makeLocalSigningKey() };
});
/** The register emptied before each test, and after the last, so no other file's test finds these clients. */
const clearRegister = () =>
  env.DB.batch([
    env.DB.prepare("DELETE FROM register_parties"),
    env.DB.prepare("DELETE FROM register_matters"),
    env.DB.prepare("DELETE FROM register_clients"),
  ]);
beforeEach(clearRegister);
afterAll(clearRegister);

const IMPORT = "/admin/register/import";

/** A form post as the inbox's pages send it: multipart, from this site. */
function post(path: string, fields: Record<string, string | File>): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetchApp(`${INBOX_BASE}${path}`, { method: "POST", headers: { origin: INBOX_BASE }, body }, signedIn);
}

const upload = (text: string | Uint8Array<ArrayBuffer>, name = "clients.csv") =>
  post(IMPORT, { file: new File([text], name, { type: "text/csv" }) });

/** What a page's form (the one posting to `action`) sends: its hidden fields and each select's chosen option. */
function formOf(html: string, action: string): Record<string, string> {
  const form = new RegExp(`<form [^>]*action="${action}"[^>]*>([\\s\\S]*?)</form>`).exec(html)?.[1];
  if (form === undefined) throw new Error(`no form posting to ${action}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g))
    fields[name!] = decodeEntities(value!);
  for (const [, name, options] of form.matchAll(/<select [^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const chosen = [...options!.matchAll(/<option ([^>]*)>/g)].find(([, attributes]) => attributes!.includes('selected=""'));
    fields[name!] = (chosen && /value="([^"]*)"/.exec(chosen[1]!)?.[1]) ?? "";
  }
  return fields;
}

const counts = async () => {
  const row = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM register_clients) AS clients, (SELECT count(*) FROM register_matters) AS matters,
      (SELECT count(*) FROM register_parties) AS parties,
      (SELECT count(*) FROM admin_activity WHERE action = 'register-imported') AS logged`,
  ).first<{ clients: number; matters: number; parties: number; logged: number }>();
  return row!;
};

/** The notice an action's redirect carries to its page. */
const noticeOf = (response: Response) =>
  decodeURIComponent(/inbox-notice=([^;]*)/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? "");

/** The file run through every step: upload, the guessed columns, the preview, the import (posted even when the preview offers none). */
async function importThrough(text: string, name = "clients.csv") {
  const mapping = await (await upload(text, name)).text();
  const preview = await (await post(`${IMPORT}/preview`, formOf(mapping, `${IMPORT}/preview`))).text();
  const confirm = preview.includes(`action="${IMPORT}/confirm"`)
    ? formOf(preview, `${IMPORT}/confirm`)
    : formOf(preview, `${IMPORT}/mapping`);
  return { preview: decodeEntities(preview), done: await post(`${IMPORT}/confirm`, confirm) };
}

const CLIO_FILE = [
  "\uFEFFDisplay Number,Client,Description,Status,Open Date,Close Date,Adverse Party,Related Parties,Responsible Attorney",
  '00012-Ada,"Lovelace, Ada",Engine patent,Open,01/15/2024,,"Babbage, Charles; Menabrea","Analytical Society",J. Doe',
  '00013-Ada,"Lovelace, Ada","Notes on the ""Sketch""",Closed,2019/02/01,3/4/2020,"Taylor\r\nWheatstone",,J. Doe',
  "00014,Studio North LLC,Lease review,Pending,2024-06-01,,,,J. Doe",
  "",
].join("\r\n");

describe("the import, step by step", () => {
  it("asks for a CSV file in a multipart form, saying which columns work", async () => {
    const response = await fetchApp(`${INBOX_BASE}${IMPORT}`, {}, signedIn);
    expect(response.status).toBe(200);
    const html = decodeEntities(await response.text());
    expect(html).toMatch(/<form [^>]*action="\/admin\/register\/import" enctype="multipart\/form-data"/i);
    expect(html).toContain('accept=".csv,text/csv"');
    expect(html).toMatch(/<label for="import-file"[^>]*>CSV file<\/label>/);
    expect(html).toContain("Clio");
  });

  it("guesses the columns of a Clio export with a BOM and CRLF, and shows its first rows by line", async () => {
    const response = await upload(CLIO_FILE);
    expect(response.status).toBe(200);
    const html = await response.text();
    const fields = formOf(html, `${IMPORT}/preview`);
    expect(fields).toMatchObject({
      fileName: "clients.csv",
      "column-clientName": "1",
      "column-matterTitle": "2",
      "column-matterReference": "0",
      "column-status": "3",
      "column-openedOn": "4",
      "column-closedOn": "5",
      "column-adverseParties": "6",
      "column-relatedParties": "7",
      "column-clientEmail": "",
    });
    expect(fields.csv).toContain("Studio North LLC");
    const text = decodeEntities(html);
    expect(text).toContain("<legend");
    expect(text).toMatch(/<th scope="col"[^>]*>Responsible Attorney<\/th>/);
    // Line 3 holds a quoted line break: the next row starts on line 5.
    expect(text).toMatch(/<th scope="row"[^>]*>5<\/th>/);
  });

  it("previews what will be added, then imports it all with its history, and says so once on the register", async () => {
    const mapping = await (await upload(CLIO_FILE)).text();
    const previewResponse = await post(`${IMPORT}/preview`, formOf(mapping, `${IMPORT}/preview`));
    expect(previewResponse.status).toBe(200);
    const previewHtml = await previewResponse.text();
    const preview = decodeEntities(previewHtml);
    expect(preview).toContain("The import will add 2 clients, 3 matters and 5 parties");
    expect(preview).toContain("As on line 2");
    expect(await counts()).toMatchObject({ clients: 0, matters: 0, parties: 0 });

    const done = await post(`${IMPORT}/confirm`, formOf(previewHtml, `${IMPORT}/confirm`));
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/register");
    expect(noticeOf(done)).toBe("Imported: 2 clients, 3 matters, 5 parties added.");
    expect(await inbox.shownAfter(done)).toContain("Imported: 2 clients, 3 matters, 5 parties added.");
    expect(await counts()).toEqual({ clients: 2, matters: 3, parties: 5, logged: 3 });

    const ada = await env.DB.prepare("SELECT * FROM register_clients WHERE name = ?")
      .bind("Lovelace, Ada")
      .first<{ id: string; keys: string; created_by: string }>();
    expect(ada).toMatchObject({ keys: "| lovelace ada |", created_by: "developer@localhost" });
    const matters = await env.DB.prepare(
      "SELECT title, reference, status, opened_on, closed_on FROM register_matters WHERE client_id = ? ORDER BY reference",
    )
      .bind(ada!.id)
      .all();
    expect(matters.results).toEqual([
      { title: "Engine patent", reference: "00012-Ada", status: "current", opened_on: "2024-01-15", closed_on: null },
      { title: 'Notes on the "Sketch"', reference: "00013-Ada", status: "closed", opened_on: "2019-02-01", closed_on: "2020-03-04" },
    ]);
    const parties = await env.DB.prepare("SELECT name, role, keys FROM register_parties ORDER BY name").all();
    expect(parties.results).toEqual([
      { name: "Analytical Society", role: "related", keys: "| analytical society |" },
      { name: "Babbage, Charles", role: "adverse", keys: "| babbage charles |" },
      { name: "Menabrea", role: "adverse", keys: "| menabrea |" },
      { name: "Taylor", role: "adverse", keys: "| taylor |" },
      { name: "Wheatstone", role: "adverse", keys: "| wheatstone |" },
    ]);

    const history = await env.DB.prepare(
      "SELECT actor, register_client_id AS client, detail FROM admin_activity WHERE action = 'register-imported' ORDER BY id",
    ).all<{ actor: string; client: string | null; detail: string }>();
    expect(history.results).toContainEqual({
      actor: "developer@localhost",
      client: ada!.id,
      detail: "Imported from clients.csv, lines 2 and 3: client added with 2 matters and 5 parties.",
    });
    expect(history.results.filter((entry) => entry.client === null)).toEqual([
      expect.objectContaining({ detail: "clients.csv: 3 rows; added 2 clients, 3 matters and 5 parties" }),
    ]);
  });

  it("asks again for the columns when a required one is not chosen", async () => {
    const fields = formOf(await (await upload(CLIO_FILE)).text(), `${IMPORT}/preview`);
    const response = await post(`${IMPORT}/preview`, { ...fields, "column-clientName": "" });
    expect(response.status).toBe(422);
    const html = decodeEntities(await response.text());
    expect(html).toContain("Choose a column for each required field");
    expect(html).toContain("Client's name: choose the column that holds it.");
    expect((await post(`${IMPORT}/confirm`, { ...fields, "column-clientName": "" })).status).toBe(422);
    expect(await counts()).toMatchObject({ clients: 0 });
  });

  it("refuses no file, a file that is not UTF-8 and an unterminated quote, saying why", async () => {
    const none = await post(IMPORT, {});
    expect(none.status).toBe(422);
    expect(decodeEntities(await none.text())).toContain("Choose a CSV file to import.");
    const latin1 = await upload(new Uint8Array([0x43, 0x6c, 0x69, 0x65, 0x6e, 0x74, 0x0a, 0x5a, 0x6f, 0xeb, 0x0a]));
    expect(latin1.status).toBe(422);
    expect(decodeEntities(await latin1.text())).toContain("The file is not UTF-8 text.");
    const open = await upload('Client,Matter\r\nAda,Lease\r\n"Grace,Patent\r\n');
    expect(decodeEntities(await open.text())).toContain("Line 3: a quoted field starts here and never ends");
  });
});

describe("a file with bad rows", () => {
  const file = [
    "Client,Email,Matter,Status,Opened,Adverse parties",
    "Ada Lovelace,ada@example.com,Engine patent,Open,2024-01-15,Babbage",
    ',,"Lease,\nrenewal",Open,,',
    "Grace Hopper,grace@,Compiler,Open,,",
    "Studio North,,Lease,Dormant,31/02/2024,",
    "Northwind,,Supply contract,Closed,2024-01-01,Acme",
  ].join("\n");

  it("imports nothing and names each bad line, counting quoted line breaks", async () => {
    const fields = formOf(await (await upload(file)).text(), `${IMPORT}/preview`);
    const preview = await post(`${IMPORT}/preview`, fields);
    expect(preview.status).toBe(422);
    const html = decodeEntities(await preview.text());
    expect(html).toContain("Nothing can be imported yet: 3 lines of clients.csv have problems");
    expect(html).toContain("Line 3: the client's name is empty.");
    expect(html).toContain("Line 5: “grace@” is not an e-mail address.");
    expect(html).toContain("Line 6: “Dormant” is not a status: write current or closed.");
    expect(html).toContain("Line 6: the opened date “31/02/2024” is not a date.");
    expect(html).not.toContain(`action="${IMPORT}/confirm"`);

    // The confirmation posted anyway (a stale page, a hand-made form) imports nothing either.
    const confirmed = await post(`${IMPORT}/confirm`, fields);
    expect(confirmed.status).toBe(422);
    expect(await counts()).toEqual({ clients: 0, matters: 0, parties: 0, logged: 0 });
  });
});

/** A practice-management export of `rows` matters: two per client, two parties each, every line different. */
function largeFile(rows: number): string {
  const lines = ["Client,Client Email,Matter Name,Matter Number,Status,Open Date,Close Date,Opposing Party,Related Parties"];
  for (let index = 0; index < rows; index += 1) {
    const client = Math.floor(index / 2);
    lines.push(
      [
        `"Client ${client}, Holdings"`,
        `client${client}@example.com`,
        `Matter ${index} of client ${client}`,
        `M-${index}`,
        index % 3 === 0 ? "Closed" : "Open",
        `${(index % 12) + 1}/${(index % 28) + 1}/2020`,
        index % 3 === 0 ? "2023-06-30" : "",
        `"Opponent ${index}, Inc."`,
        `"Witness ${index}\r\nExpert ${index}"`,
      ].join(","),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

describe("a 5,000-row file", () => {
  it("imports every row in one go, with a history entry per client, and adds nothing the second time", async () => {
    const file = largeFile(5000);
    const { done } = await importThrough(file, "export.csv");
    expect(done.status).toBe(303);
    expect(noticeOf(done)).toBe("Imported: 2,500 clients, 5,000 matters, 15,000 parties added.");
    expect(await counts()).toEqual({ clients: 2500, matters: 5000, parties: 15000, logged: 2501 });
    const closed = await env.DB.prepare(
      "SELECT count(*) AS n FROM register_matters WHERE status = 'closed' AND closed_on = '2023-06-30'",
    ).first<{
      n: number;
    }>();
    expect(closed!.n).toBe(1667);

    const { preview, done: again } = await importThrough(file, "export.csv");
    expect(preview).toContain("Everything in this file is in the register already");
    expect(preview).toContain("There is nothing to import.");
    expect(again.status).toBe(303);
    expect(noticeOf(again)).toBe("Nothing imported: everything in export.csv is in the register already.");
    expect(await counts()).toEqual({ clients: 2500, matters: 5000, parties: 15000, logged: 2501 });
  });

  it("is written in a few statements of JSON, each far below D1's limit on a bound string", async () => {
    const read = readCsvFile(largeFile(5000));
    if (!read.ok) throw new Error(read.problem.message);
    const { rows, problems } = readRows(read.file.records, guessMapping(read.file.header));
    expect(problems).toEqual([]);
    const plan = await planImport(db, rows);
    const chunks = [plan.clients, plan.matters, plan.parties].flatMap((each) => jsonChunks(each));
    expect(chunks.length).toBeLessThan(10);
    for (const chunk of chunks) expect(new TextEncoder().encode(chunk).length).toBeLessThanOrEqual(1_000_000);
    expect(jsonChunks([{ a: 1 }, { a: 2 }, { a: 3 }], 16)).toEqual(['[{"a":1}]', '[{"a":2}]', '[{"a":3}]']);
  });
});

/** The plan of a CSV text, read with its guessed columns. */
async function planOf(text: string): Promise<ImportPlan> {
  const read = readCsvFile(text);
  if (!read.ok) throw new Error(read.problem.message);
  const { rows, problems } = readRows(read.file.records, guessMapping(read.file.header));
  expect(problems).toEqual([]);
  return planImport(db, rows);
}

const actor = { by: "attorney@example.com", now: new Date("2026-03-01T10:00:00Z"), fileName: "clients.csv" };

describe("duplicates", () => {
  it("are merged within the file and with what the register holds", async () => {
    await applyImport(
      db,
      await planOf("Client,Email,Matter,Matter Number,Adverse Party\nAda Lovelace,ada@example.com,Engine,M-1,Babbage\n"),
      actor,
    );
    const plan = await planOf(
      [
        "Client,Email,Matter,Matter Number,Adverse Party,Related Parties",
        // The register's client (no address here), its matter by number (a new title), its party, one new party.
        "ada lovelace,,Engine (renamed),m-1,Babbage; Menabrea,",
        // The register's client again, by address in another case: a new matter.
        "Ada Lovelace,ADA@example.com,Notes on the engine,,,",
        // A new client, matter and party…
        "Grace Hopper,grace@example.com,Compiler,C-1,Univac,",
        // …the same again: no address, the matter by title (one has no number), the party without its suffix.
        'GRACE HOPPER,,compiler,,"UNIVAC, Inc.",',
        // The same party in another role is another party.
        "Grace Hopper,,Compiler,,,Univac",
        // Another address: another client of the same name.
        "Grace Hopper,hopper@example.org,Compiler,C-1,,",
      ].join("\n"),
    );
    expect(plan.counts).toEqual({
      clients: { added: 2, inRegister: 1, repeated: 2 },
      matters: { added: 3, inRegister: 1, repeated: 2 },
      parties: { added: 3, inRegister: 1, repeated: 1 },
    });
    expect(plan.outcomes.map(({ line, client, matter }) => ({ line, client: client.kind, matter: matter.kind }))).toEqual([
      { line: 2, client: "register", matter: "register" },
      { line: 3, client: "register", matter: "new" },
      { line: 4, client: "new", matter: "new" },
      { line: 5, client: "line", matter: "line" },
      { line: 6, client: "line", matter: "line" },
      { line: 7, client: "new", matter: "new" },
    ]);

    await applyImport(db, plan, actor);
    expect(await counts()).toMatchObject({ clients: 3, matters: 4, parties: 4 });
    const ada = await env.DB.prepare("SELECT id FROM register_clients WHERE name = 'Ada Lovelace'").first<{ id: string }>();
    const adaHistory = await env.DB.prepare("SELECT actor, detail FROM admin_activity WHERE register_client_id = ? ORDER BY id")
      .bind(ada!.id)
      .all();
    expect(adaHistory.results).toEqual([
      { actor: "attorney@example.com", detail: "Imported from clients.csv, line 2: client added with 1 matter and 1 party." },
      { actor: "attorney@example.com", detail: "Imported from clients.csv, lines 2 and 3: 1 matter and 1 party added." },
    ]);
    const names = await env.DB.prepare("SELECT name, email FROM register_clients ORDER BY email").all();
    expect(names.results).toEqual([
      { name: "Ada Lovelace", email: "ada@example.com" },
      { name: "Grace Hopper", email: "grace@example.com" },
      { name: "Grace Hopper", email: "hopper@example.org" },
    ]);

    // The same file again adds nothing.
    const again = await planOf("Client,Email,Matter,Matter Number,Adverse Party\nAda Lovelace,ada@example.com,Engine,M-1,Babbage\n");
    expect([again.clients.length, again.matters.length, again.parties.length]).toEqual([0, 0, 0]);
  });
});

describe("a write that fails part-way", () => {
  it("leaves nothing behind in any register table or the log", async () => {
    const plan = await planOf(largeFile(200));
    // The last statement of the batch fails (a party's id given twice); the clients and matters before it are undone.
    const broken: ImportPlan = { ...plan, parties: [...plan.parties, { ...plan.parties[0]! }] };
    await expect(applyImport(db, broken, actor)).rejects.toThrow();
    expect(await counts()).toEqual({ clients: 0, matters: 0, parties: 0, logged: 0 });

    await applyImport(db, plan, actor);
    expect(await counts()).toEqual({ clients: 100, matters: 200, parties: 600, logged: 100 });
  });
});
