import { describe, expect, it } from "vitest";
import {
  type CsvRecord,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_ROWS_MAX,
  decodeCsvFile,
  parseCsv,
  problemText,
  readCsvFile,
} from "./register-csv.ts";
import { guessMapping, missingFields } from "./columns.ts";
import { parseDate, parseStatus, readRows } from "./rows.ts";

/*
 * The conflict register's import file as spreadsheets and practice-management systems write it: RFC 4180
 * CSV, its records by the line they start on, the columns guessed from the header, and each bad row named
 * by its line in plain words.
 */

const records = (text: string) => {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(problemText(parsed.problem));
  return parsed.records;
};

describe("parsing CSV", () => {
  it("reads fields separated by commas, records by line breaks, each with the line it starts on", () => {
    expect(records("a,b,c\n1,2,3\n")).toEqual([
      { line: 1, fields: ["a", "b", "c"] },
      { line: 2, fields: ["1", "2", "3"] },
    ]);
    expect(records("a,,c,")).toEqual([{ line: 1, fields: ["a", "", "c", ""] }]);
  });

  it("keeps a quoted comma, a doubled quote and a quoted line break inside their field", () => {
    expect(records('name,notes\n"Acme, Inc.","The ""Frame"" gallery"\n"Ada\nLovelace",x\n')).toEqual([
      { line: 1, fields: ["name", "notes"] },
      { line: 2, fields: ["Acme, Inc.", 'The "Frame" gallery'] },
      { line: 3, fields: ["Ada\nLovelace", "x"] },
    ]);
  });

  it("counts a quoted line break as a line, so later records keep the lines an editor shows", () => {
    const text = 'h1,h2\n"one\ntwo\nthree",x\nnext,y\r\n"a\r\nb",z\rlast,w';
    expect(records(text).map((record) => record.line)).toEqual([1, 2, 5, 6, 8]);
    expect(records(text)[3]!.fields[0]).toBe("a\nb");
  });

  it("takes Windows (CRLF), Unix (LF) and old Mac (CR) line endings alike", () => {
    const expected = [
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["1", "2"] },
      { line: 3, fields: ["3", "4"] },
    ];
    expect(records("a,b\r\n1,2\r\n3,4\r\n")).toEqual(expected);
    expect(records("a,b\n1,2\n3,4\n")).toEqual(expected);
    expect(records("a,b\r1,2\r3,4\r")).toEqual(expected);
  });

  it("drops a UTF-8 byte order mark, so the first header is read as written", () => {
    expect(records("\uFEFFClient,Matter\r\nZoë,Lease\r\n")[0]!.fields).toEqual(["Client", "Matter"]);
    const bytes = new TextEncoder().encode("\uFEFFClient,Matter\r\nZoë,Lease\r\n");
    const decoded = decodeCsvFile(bytes.buffer as ArrayBuffer);
    expect(decoded.ok && decoded.text.startsWith("Client")).toBe(true);
  });

  it("names the line where a quoted field that never ends begins", () => {
    const parsed = parseCsv('a,b\n1,2\n3,"four\n5,6\n7,8\n');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && problemText(parsed.problem)).toMatch(/^Line 3: a quoted field starts here and never ends/);
  });

  it("keeps a stray quote inside an unquoted field, as spreadsheets read it", () => {
    expect(records('a,b\n5" screen,x\n')[1]!.fields).toEqual(['5" screen', "x"]);
  });
});

describe("reading an import file", () => {
  it("refuses a file that is not UTF-8, with how to save one", () => {
    const latin1 = new Uint8Array([0x5a, 0x6f, 0xeb, 0x2c, 0x61, 0x0a]);
    const decoded = decodeCsvFile(latin1.buffer);
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.problem.message).toContain("CSV UTF-8");
  });

  it("refuses an empty file, a header alone, too many rows and too large a file, each saying so", () => {
    const problem = (text: string) => {
      const read = readCsvFile(text);
      return read.ok ? undefined : problemText(read.problem);
    };
    expect(problem("")).toBe("The file is empty.");
    expect(problem("\n\r\n")).toBe("The file is empty.");
    expect(problem("Client,Matter\n")).toBe("The file has a header row but no rows under it.");
    expect(problem(`Client,Matter\n${"a,b\n".repeat(IMPORT_ROWS_MAX + 1)}`)).toMatch(
      /^The file has 10,001 rows; one import takes up to 10,000\./,
    );
    expect(problem(`Client,Matter\n${"x".repeat(IMPORT_FILE_MAX_BYTES)}\n`)).toMatch(/^The file is larger than 2 MB\./);
  });

  it("takes the first line as the header and leaves blank lines out, their lines still counted", () => {
    const read = readCsvFile(" Client , Matter \n\nAda,Lease\n,\nGrace,Patent\n");
    expect(read.ok && read.file.header).toEqual(["Client", "Matter"]);
    expect(read.ok && read.file.records.map((record) => record.line)).toEqual([3, 5]);
  });
});

describe("guessing the columns", () => {
  it("recognizes Clio Manage's matter export", () => {
    const header = [
      "Display Number",
      "Client",
      "Description",
      "Status",
      "Open Date",
      "Close Date",
      "Responsible Attorney",
      "Practice Area",
    ];
    expect(guessMapping(header)).toEqual({ matterReference: 0, clientName: 1, matterTitle: 2, status: 3, openedOn: 4, closedOn: 5 });
    expect(guessMapping(["Matter Number", "Client", "Description"])).toEqual({ matterReference: 0, clientName: 1, matterTitle: 2 });
  });

  it("recognizes PracticePanther- and MyCase-like headers, whatever their case", () => {
    expect(guessMapping(["CONTACT", "matter name", "Contact E-mail", "Opposing Party", "Related Contacts", "Matter #"])).toEqual({
      clientName: 0,
      matterTitle: 1,
      clientEmail: 2,
      adverseParties: 3,
      relatedParties: 4,
      matterReference: 5,
    });
    expect(guessMapping(["Case Name", "Client", "Case Number", "Adverse Party", "Date Opened", "Date Closed", "Case Status"])).toEqual({
      matterTitle: 0,
      clientName: 1,
      matterReference: 2,
      adverseParties: 3,
      openedOn: 4,
      closedOn: 5,
      status: 6,
    });
  });

  it("uses each column once, and says which required field no column holds", () => {
    const mapping = guessMapping(["Client", "Client"]);
    expect(mapping).toEqual({ clientName: 0 });
    expect(missingFields(mapping)).toEqual(["matterTitle"]);
    expect(missingFields(guessMapping(["Notes"]))).toEqual(["clientName", "matterTitle"]);
  });
});

describe("statuses and dates", () => {
  it.each([
    ["Open", "current"],
    ["ACTIVE", "current"],
    ["Pending", "current"],
    [" current ", "current"],
    ["Closed", "closed"],
    ["archived", "closed"],
    ["Inactive", "closed"],
    ["Completed", "closed"],
  ])("reads the status %j as %s", (text, status) => {
    expect(parseStatus(text)).toBe(status);
  });

  it.each([
    ["2024-03-15", "2024-03-15"],
    ["2024-3-5", "2024-03-05"],
    ["3/5/2024", "2024-03-05"],
    ["03/15/2024", "2024-03-15"],
    ["2024/03/15", "2024-03-15"],
    ["2/29/2024", "2024-02-29"],
  ])("reads the date %j as %s", (text, date) => {
    expect(parseDate(text)).toBe(date);
  });

  it.each(["31/02/2024", "2/29/2023", "2024-13-01", "15.03.2024", "March 15, 2024", "24-03-15"])("refuses %j as a date", (text) => {
    expect(parseDate(text)).toBeUndefined();
  });
});

describe("reading rows", () => {
  const mapping = guessMapping([
    "Client",
    "Email",
    "Matter",
    "Matter Number",
    "Status",
    "Opened",
    "Closed",
    "Adverse Parties",
    "Related",
    "Client Side",
  ]);
  const row = (line: number, fields: string[]): CsvRecord => ({ line, fields });

  it("reads a row as the register holds it: trimmed, the address lower-case, parties split on semicolons and line breaks", () => {
    const { rows, problems } = readRows(
      [
        row(2, [
          "  Ada   Lovelace ",
          "Ada@Example.COM",
          "Engine\npatent",
          "M-1",
          "Archived",
          "1/5/2020",
          "2021-02-03",
          "Babbage; Menabrea\nMenabrea",
          "",
          "-",
        ]),
      ],
      mapping,
    );
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        clientName: "Ada Lovelace",
        clientEmail: "ada@example.com",
        matterTitle: "Engine patent",
        matterReference: "M-1",
        status: "closed",
        openedOn: "2020-01-05",
        closedOn: "2021-02-03",
        parties: [
          { name: "Babbage", role: "adverse" },
          { name: "Menabrea", role: "adverse" },
        ],
      },
    ]);
  });

  it("reads an empty status as current, or closed when the row gives a closed date", () => {
    const { rows } = readRows([row(2, ["A", "", "M", "", "", "", ""]), row(3, ["B", "", "M", "", "", "", "2024-01-01"])], mapping);
    expect(rows.map((each) => each.status)).toEqual(["current", "closed"]);
  });

  it("names each bad row by its line, in plain words, and leaves it out", () => {
    const { rows, problems } = readRows(
      [
        row(14, ["", "", "Lease"]),
        row(15, ["Ok Client", "", "Fine matter"]),
        row(22, ["Ada", "", "Lease", "", "", "31/02/2024"]),
        row(23, ["Ada", "not-an-address", "", "", "Dormant"]),
        row(30, ["Ada", "", "Lease", "", "", "2024-05-01", "2024-04-01"]),
        row(31, ["x".repeat(201), "", "Lease"]),
        row(32, ["Inc.", "", "Lease", "", "", "", "", "Acme; ?!"]),
      ],
      mapping,
    );
    expect(rows.map((each) => each.line)).toEqual([15]);
    expect(problems.map(problemText)).toEqual([
      "Line 14: the client's name is empty.",
      "Line 22: the opened date “31/02/2024” is not a date.",
      "Line 23: “not-an-address” is not an e-mail address.",
      "Line 23: the matter's title is empty.",
      "Line 23: “Dormant” is not a status: write current or closed.",
      "Line 30: the matter closes (2024-04-01) before it opens (2024-05-01).",
      "Line 31: the client's name is longer than 200 characters.",
      "Line 32: the client's name “Inc.” holds no name to search for.",
      "Line 32: “?!” in adverse parties holds no name to search for.",
    ]);
  });

  it("reads a field the mapping leaves out as empty", () => {
    const { rows, problems } = readRows([row(2, ["Ada", "ada@example.com", "Lease", "M-1"])], { clientName: 0, matterTitle: 2 });
    expect(problems).toEqual([]);
    expect(rows[0]).toMatchObject({ clientEmail: null, matterReference: null, status: "current", parties: [] });
  });
});
