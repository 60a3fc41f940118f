/**
 * Hostile and malformed requests for the reliability run. Each says what a correct server does with it:
 * "stored" (odd but valid, e.g. markup or SQL-looking text, which must be kept verbatim), "refused" (a 4xx)
 * or "dropped" (a bot's post: answered as accepted, kept nowhere). Every address that could be stored uses
 * the run's own domain, so the run can count rows.
 */
import { type ContactField, contactFieldNames, contactLimits, fieldSpecs } from "../../src/contact/fields.ts";

export type Expected = "stored" | "refused" | "dropped";

export interface HostileRequest {
  readonly label: string;
  readonly method?: string;
  readonly contentType: string;
  readonly body: string;
  readonly expect: Expected;
}

const FIELDS = contactFieldNames;
/** The fields of one line (every field but the texts of several lines), where line breaks reach e-mail headers. */
const LINE_FIELDS = fieldSpecs.filter((field) => field.kind !== "text").map((field) => field.name);
const isOptional = (field: ContactField) => !fieldSpecs.find((spec) => spec.name === field)!.required;
const OPTIONAL_FIELDS = FIELDS.filter(isOptional);

export function hostileRequests(domain: string): HostileRequest[] {
  let n = 0;
  const email = () => `hostile-${++n}@${domain}`;
  /** A valid post: every field filled with something plain of its kind. */
  const valid = () =>
    Object.fromEntries(
      fieldSpecs.map((field) => [
        field.name,
        field.kind === "email" ? email() : field.kind === "text" ? "A valid message." : `Valid ${field.inboxLabel}`,
      ]),
    ) as Record<ContactField, string>;
  const outcome = (accept: boolean | "dropped"): Expected => (accept === "dropped" ? "dropped" : accept ? "stored" : "refused");
  const json = (label: string, body: unknown, accept: boolean | "dropped"): HostileRequest => ({
    label,
    contentType: "application/json",
    body: JSON.stringify(body),
    expect: outcome(accept),
  });
  const raw = (label: string, contentType: string, body: string, accept = false, method?: string): HostileRequest => ({
    label,
    contentType,
    body,
    expect: outcome(accept),
    ...(method ? { method } : {}),
  });
  const requests: HostileRequest[] = [];

  // Broken JSON
  const brokenJson = [
    '{"name": "Ada",',
    "{'name': 'Ada'}",
    '{"name": NaN}',
    '{name: "Ada"}',
    '{"name": "Ada",}',
    "",
    " ",
    "{",
    "}",
    "[",
    '{"a":1}}',
    '"just a string"',
    "null",
    "true",
    "123",
    "[]",
    "\uFEFF{}",
    '{"name": "\\x41"}',
    '{"name": "\\u12"}',
    `${"[".repeat(5000)}${"]".repeat(5000)}`,
  ];
  requests.push(...brokenJson.map((body, i) => raw(`broken-json-${i}`, "application/json", body)));

  // Wrong types in every field
  const wrongValues: unknown[] = [42, true, null, ["Ada"], { first: "Ada" }, 1e308];
  for (const field of FIELDS)
    for (const value of wrongValues) {
      // An absent or null optional field is simply "not given".
      const accept = isOptional(field) && value === null;
      requests.push(json(`wrong-type-${field}-${JSON.stringify(value)}`, { ...valid(), [field]: value }, accept));
    }

  // Empty and whitespace-only fields: an empty optional field is "not given"; the rest are required
  for (const field of FIELDS)
    for (const [i, value] of ["", "   ", "\t\n\u00A0"].entries())
      requests.push(json(`empty-${field}-${i}`, { ...valid(), [field]: value }, isOptional(field)));

  // Huge fields and bodies
  for (const field of FIELDS) {
    requests.push(
      json(`huge-${field}-20k`, { ...valid(), [field]: field === "email" ? `${"a".repeat(20_000)}@${domain}` : "x".repeat(20_000) }, false),
    );
    requests.push(
      json(
        `huge-${field}-limit-plus-one`,
        {
          ...valid(),
          [field]: field === "email" ? `${"a".repeat(250)}@${domain}` : "y".repeat(contactLimits[field] + 1),
        },
        false,
      ),
    );
  }
  requests.push(json("huge-body-100k", { ...valid(), message: "z".repeat(100_000) }, false));
  requests.push(json("huge-message-at-limit", { ...valid(), message: "m".repeat(5000) }, true));
  requests.push(json("huge-many-keys", { ...valid(), ...Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])) }, true));

  // Unicode edge cases: valid text is kept; malformed text is refused
  const goodUnicode = [
    "Zoë Ōtani",
    "山田 太郎",
    "Ada 🎨🖼️",
    "مريم",
    "Ñandú Ångström",
    "e\u0301\u0301\u0301",
    "Name\u00A0with\u00A0nbsp",
    "𝕬𝖉𝖆",
    "Ĳ Œ ß",
  ];
  requests.push(...goodUnicode.map((name, i) => json(`unicode-ok-${i}`, { ...valid(), name, message: `Message ${name}` }, true)));
  for (const field of OPTIONAL_FIELDS)
    requests.push(...goodUnicode.map((text, i) => json(`unicode-ok-${field}-${i}`, { ...valid(), [field]: text }, true)));
  // An emoji sequence held together by zero-width joiners: kept in a text of several lines, refused in a field
  // of one line, where zero-width characters could make two names that look alike differ (src/contact/schema.ts).
  const joined = "👩\u200D👩\u200D👧\u200D👦 family";
  for (const field of fieldSpecs)
    requests.push(json(`unicode-joined-${field.name}`, { ...valid(), [field.name]: joined }, field.kind === "text"));
  const lone = ["\uD800", "\uDFFF", "a\uDC00b", "\uD83D"];
  requests.push(...lone.map((text, i) => json(`unicode-lone-surrogate-name-${i}`, { ...valid(), name: `Bad${text}` }, false)));
  requests.push(...lone.map((text, i) => json(`unicode-lone-surrogate-message-${i}`, { ...valid(), message: `Bad${text}` }, false)));
  requests.push(json("unicode-email-idn", { ...valid(), email: `zoë@${domain}` }, false));
  requests.push(json("unicode-whitespace-only-name", { ...valid(), name: "\u2003\u2002\u3000" }, false));

  // Null bytes and control characters
  for (const field of FIELDS) {
    requests.push(json(`null-byte-${field}`, { ...valid(), [field]: field === "email" ? `nul\u0000@${domain}` : "nul\u0000byte" }, false));
    requests.push(
      json(`control-char-${field}`, { ...valid(), [field]: field === "email" ? `bell\u0007@${domain}` : "bell\u0007char" }, false),
    );
    requests.push(json(`del-char-${field}`, { ...valid(), [field]: field === "email" ? `del\u007f@${domain}` : "del\u007fchar" }, false));
    requests.push(
      json(`c1-next-line-${field}`, { ...valid(), [field]: field === "email" ? `nel\u0085@${domain}` : "next\u0085line" }, false),
    );
  }
  for (const field of LINE_FIELDS.filter((field) => field !== "email"))
    requests.push(json(`line-separator-${field}`, { ...valid(), [field]: "Ada\u2028Bcc" }, false));
  requests.push(raw("null-byte-form", "application/x-www-form-urlencoded", `name=Ada%00&email=${encodeURIComponent(email())}&message=hi`));
  requests.push(raw("null-byte-key", "application/json", `{"na\\u0000me": "Ada", "email": "${email()}", "message": "hi"}`));

  // Header injection
  const injections = [
    "\r\nBcc: victim@example.com",
    "\nBcc: victim@example.com",
    "\rBcc: victim@example.com",
    "%0d%0aBcc: victim@example.com",
    "\r\n\r\n<html>body</html>",
  ];
  for (const field of LINE_FIELDS)
    injections.forEach((injection, i) => {
      const encodedOnly = injection.startsWith("%");
      const value = field === "email" ? `ok-${i}-${field}@${domain}${injection}` : `Ada${injection}`;
      // "%0d%0a" is only text in JSON: harmless in a name, but not a valid address.
      requests.push(json(`header-injection-${field}-${i}`, { ...valid(), [field]: value }, encodedOnly && field !== "email"));
    });
  requests.push(
    raw(
      "header-injection-form",
      "application/x-www-form-urlencoded",
      `name=Ada%0d%0aBcc:%20x@example.com&email=${encodeURIComponent(email())}&message=hi`,
    ),
  );
  requests.push(json("message-may-hold-line-breaks", { ...valid(), message: "Line one\r\nBcc: not a header here\r\nLine three" }, true));

  // Markup: stored verbatim, escaped wherever it is shown
  requests.push(json("markup-script-name", { ...valid(), name: `<script>alert("x")</script> Mallory` }, true));
  const markup = [
    `<img src=x onerror=alert(1)>`,
    `"><svg onload=alert(1)>`,
    "<b>bold</b>",
    "<!-- comment -->",
    "<iframe src=javascript:alert(1)>",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as typed
    "{{7*7}} ${7*7}",
    "<style>*{display:none}</style>",
    "&lt;already escaped&gt;",
    "javascript:alert(1)",
    "<a href='//evil.example'>link</a>",
  ];
  requests.push(
    ...markup.map((text, i) =>
      json(`markup-${i}`, { ...valid(), message: text, ...Object.fromEntries(OPTIONAL_FIELDS.map((field) => [field, text])) }, true),
    ),
  );
  requests.push(...markup.map((text, i) => json(`markup-name-${i}`, { ...valid(), name: text }, true)));

  // SQL-looking text: parameters, never statements
  const sql = [
    "'; DROP TABLE contact_submissions; --",
    "1' OR '1'='1",
    '"; DELETE FROM contact_submissions WHERE 1=1; --',
    "Robert'); DROP TABLE students;--",
    "' UNION SELECT * FROM sqlite_master --",
    "0x27 OR 1=1",
    "%27%20OR%201%3D1",
    "admin'--",
  ];
  requests.push(...sql.map((text, i) => json(`sql-name-${i}`, { ...valid(), name: text }, true)));
  requests.push(...sql.map((text, i) => json(`sql-message-${i}`, { ...valid(), message: text }, true)));
  for (const field of OPTIONAL_FIELDS)
    requests.push(...sql.map((text, i) => json(`sql-${field}-${i}`, { ...valid(), [field]: text }, true)));
  requests.push(json("sql-in-email-local-part", { ...valid(), email: `o'brien-${++n}@${domain}` }, true));

  // Wrong content types
  const body = JSON.stringify(valid());
  for (const type of [
    "text/plain",
    "text/html",
    "application/xml",
    "application/javascript",
    "image/png",
    "application/octet-stream",
    "application/jsonx",
    "",
    "application/x-json",
    "text/json",
  ])
    requests.push(raw(`content-type-${type || "none"}`, type, body));
  requests.push(raw("content-type-form-with-json-body", "application/x-www-form-urlencoded", body));
  requests.push(raw("content-type-multipart-without-boundary", "multipart/form-data", body));
  requests.push(raw("content-type-json-charset", "application/json; charset=utf-8", JSON.stringify(valid()), true));
  requests.push(raw("content-type-json-latin1", "application/json; charset=iso-8859-1", JSON.stringify(valid())));
  requests.push(
    raw("content-type-form-latin1", "application/x-www-form-urlencoded; charset=windows-1252", new URLSearchParams(valid()).toString()),
  );
  requests.push(raw("content-type-json-uppercase", "APPLICATION/JSON", JSON.stringify(valid()), true));
  requests.push(raw("content-type-form-valid", "application/x-www-form-urlencoded", new URLSearchParams(valid()).toString(), true));

  // Wrong methods
  for (const method of ["GET", "PUT", "PATCH", "DELETE", "OPTIONS"])
    requests.push(raw(`method-${method}`, "application/json", method === "GET" ? "" : body, false, method));

  // Object-shape oddities
  requests.push(json("shape-array-of-submissions", [valid(), valid()], false));
  requests.push(
    raw(
      "shape-proto-pollution",
      "application/json",
      `{"__proto__": {"admin": true}, "name": "Ada", "email": "${email()}", "message": "hi"}`,
      true,
    ),
  );
  requests.push(
    raw(
      "shape-constructor-key",
      "application/json",
      `{"constructor": {"prototype": {"x": 1}}, "name": "Ada", "email": "${email()}", "message": "hi"}`,
      true,
    ),
  );
  requests.push(
    raw("shape-duplicate-keys", "application/json", `{"name": "", "name": "Ada", "email": "${email()}", "message": "hi"}`, true),
  );
  requests.push(json("shape-nested-fields", { submission: valid() }, false));
  requests.push(json("shape-id-and-status-ignored", { ...valid(), id: "chosen-id", notification_status: "sent", created_at: 0 }, true));
  requests.push(json("shape-honeypot-filled", { ...valid(), website: "https://spam.example" }, "dropped"));

  return requests;
}
