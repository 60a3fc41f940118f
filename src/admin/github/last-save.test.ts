import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../env.ts";
import { accessTeam } from "../../test/access-team.ts";
import { developerWordsIn } from "../../test/developer-words.ts";
import { fetchApp } from "../../test/admin.ts";
import { type EditorKeys, editorKeys, stubbedGithub } from "../../test/github-app.ts";
import type { GithubStub, StubCheckRun } from "../../test/github-stub.ts";
import { visibleText } from "../../test/visible-text.ts";
import { seattleTime } from "../shared/format.ts";
import { LOCAL_DEVELOPER_EMAIL } from "../local-signer.ts";
import { coAuthorTrailer } from "./graphql-rules.ts";

/*
 * The first screen's line on her last save (last-save.ts): live, being checked, not published with the
 * content check's lines, waiting for the operator, and "ask your operator" when GitHub refuses (the App
 * without Checks: read) or cannot be reached; with GitHub stubbed at the network edge (src/test/github-stub.ts).
 * Reading it changes nothing, and no token reaches the page.
 */

const ORIGIN = "http://localhost:8787";
const ARTICLE = "content/articles/licensing-a-mural.md";
const HEADLINE = "Update Article “licensing-a-mural”";

let keys: EditorKeys;
let stub: GithubStub;
let settings: Partial<Env>;
/** The same GitHub at a new origin: nothing the Worker cached for the last one is used. */
let moved: () => Partial<Env>;
/** Whether GitHub's origin answers at all (false: the network fails, as when GitHub is down). */
let reachable: boolean;

beforeAll(async () => {
  keys = await editorKeys();
});

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  reachable = true;
  ({ stub, settings, moved } = stubbedGithub({ [ARTICLE]: "---\ntitle: A mural\n---\n" }, keys, () => reachable));
  stub.checks = "read";
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A save through the editor by `email` (the App's bot, her trailer), with CI's check runs on it. */
async function saved(runs: readonly StubCheckRun[], email = LOCAL_DEVELOPER_EMAIL, headline = HEADLINE) {
  const oid = await stub.commit({ headline, body: coAuthorTrailer(email) }, { [ARTICLE]: `---\ntitle: ${headline}\n---\n` });
  stub.setCheckRuns(oid, runs);
  return oid;
}

/** The first screen, as the local developer (connected to the stubbed GitHub): its HTML and visible text. */
async function firstScreen() {
  const response = await fetchApp(`${ORIGIN}/admin/content/`, {}, settings);
  const body = await response.text();
  return { status: response.status, body, text: visibleText(body) };
}

/** "Your last change (“…”, <Seattle time>)": the save's headline and time as the screen shows them. */
const yourLastChange = async (oid: string) => {
  const at = new Date((await stub.commitDate(oid))!);
  return `Your last change (“${HEADLINE}”, ${seattleTime(at)})`;
};

const passed = (name: string): StubCheckRun => ({ name, status: "completed", conclusion: "success" });
const PROBLEM = "description: must be at least 50 characters: one or two sentences for search results and shared links";

describe("the first screen says whether her last save went live", () => {
  it("live: CI's deploy job passed on it", async () => {
    const oid = await saved([passed("test"), passed("editor-check"), passed("deploy")]);
    const { status, text } = await firstScreen();
    expect(status).toBe(200);
    expect(text).toContain(`${await yourLastChange(oid)} is live.`);
  });

  it("live: a later commit on the branch, which holds her change, was deployed", async () => {
    const oid = await saved([passed("test"), { name: "deploy", status: "completed", conclusion: "cancelled" }]);
    const later = await stub.commit({ headline: "Someone else's change" }, { "content/site.yaml": "x: 1\n" });
    stub.setCheckRuns(later, [passed("test"), passed("deploy")]);
    expect((await firstScreen()).text).toContain(`${await yourLastChange(oid)} is live.`);
  });

  it("being checked: a job still running, or none started yet", async () => {
    const oid = await saved([passed("editor-check"), { name: "test", status: "in_progress" }]);
    expect((await firstScreen()).text).toContain(`${await yourLastChange(oid)} is being checked and published.`);
  });

  it("not published: the content check's lines from the failed run, to correct and save again", async () => {
    const oid = await saved([
      { name: "test", status: "completed", conclusion: "failure", annotations: [{ path: ARTICLE, message: PROBLEM }] },
      passed("editor-check"),
      { name: "deploy", status: "completed", conclusion: "skipped" },
      passed("report"),
    ]);
    const { text } = await firstScreen();
    expect(text).toContain(`${await yourLastChange(oid)} was not published.`);
    expect(text).toContain(`${ARTICLE}: ${PROBLEM}`);
    expect(text).toContain("Correct them in the editor and save again.");
    expect(text).not.toMatch(/ is live\./);
  });

  it("not published, with no line to show: a check failed, and the operator is told", async () => {
    const oid = await saved([{ name: "editor-check", status: "completed", conclusion: "failure" }, passed("test")]);
    expect((await firstScreen()).text).toContain(`${await yourLastChange(oid)} was not published: a check of the site failed.`);
  });

  it("waiting for the operator: every check passed, deploys not switched on", async () => {
    const oid = await saved([passed("test"), passed("editor-check"), { name: "deploy", status: "completed", conclusion: "skipped" }]);
    expect((await firstScreen()).text).toContain(`${await yourLastChange(oid)} has passed every check and is waiting for your operator`);
  });

  it("her own save, not another person's: nothing said when she has saved nothing lately", async () => {
    await saved([passed("deploy")], "someone-else@example.com");
    const { status, text } = await firstScreen();
    expect(status).toBe(200);
    expect(text).not.toContain("Your last change");
    expect(text).toContain("Open the editor");
  });
});

describe("when GitHub will not tell, the first screen still opens, and says to ask", () => {
  const ASK = "Whether your last change is live: ask your operator";

  it("the App without Checks: read (GitHub answers 403)", async () => {
    stub.checks = "none";
    await saved([passed("deploy")]);
    const { status, text } = await firstScreen();
    expect(status).toBe(200);
    expect(text).toContain(ASK);
    expect(text).toContain("Open the editor");
    // GitHub was asked, and refused: the line is the 403's, not a guess.
    expect(stub.requests.some((request) => request.path.includes("/check-runs") && request.credential === "installation-token")).toBe(true);
  });

  it("GitHub unreachable", async () => {
    await saved([passed("deploy")]);
    reachable = false;
    const { status, text } = await firstScreen();
    expect(status).toBe(200);
    expect(text).toContain(ASK);
  });

  it("the App's installation refused", async () => {
    await saved([passed("deploy")]);
    stub.refuseTokens = 1;
    const { status, text } = await firstScreen();
    expect(status).toBe(200);
    expect(text).toContain(ASK);
  });
});

describe("reading it", () => {
  it("changes nothing: GETs only, besides minting the token; no commit; no token on the page", async () => {
    await saved([{ name: "test", status: "completed", conclusion: "failure", annotations: [{ path: ARTICLE, message: PROBLEM }] }]);
    const head = await stub.head();
    const { body } = await firstScreen();
    expect(body).toContain("was not published");
    for (const request of stub.requests)
      expect(request.method === "GET" || /\/access_tokens$/.test(request.path), `${request.method} ${request.path}`).toBe(true);
    expect(await stub.head()).toBe(head);
    expect(stub.tokens.length).toBeGreaterThan(0);
    for (const token of stub.tokens) expect(body).not.toContain(token);
  });

  it("is kept briefly: a reload within the half minute asks for the branch's commits only; a new save is seen at once", async () => {
    await saved([passed("deploy")]);
    await firstScreen();
    const checkReads = () => stub.requests.filter((request) => request.path.includes("/check-runs")).length;
    const asked = checkReads();
    expect((await firstScreen()).text).toContain("is live.");
    expect(checkReads()).toBe(asked);
    await saved([{ name: "test", status: "in_progress" }], LOCAL_DEVELOPER_EMAIL, "Update Article “another”");
    expect((await firstScreen()).text).toContain("“Update Article “another””");
    expect(checkReads()).toBeGreaterThan(asked);
  });
});

describe("in production (through Access), every state in her words", () => {
  const ALLOWED = "attorney@example.com";

  it("uses no developer word on the first screen, whatever the state", async () => {
    const team = await accessTeam(ALLOWED);
    const states: [string, () => Promise<unknown>][] = [
      ["live", () => saved([passed("deploy")], ALLOWED)],
      [
        "failed",
        () =>
          saved(
            [{ name: "test", status: "completed", conclusion: "failure", annotations: [{ path: ARTICLE, message: PROBLEM }] }],
            ALLOWED,
          ),
      ],
      ["pending", () => saved([{ name: "test", status: "queued" }], ALLOWED)],
      ["held", () => saved([passed("test")], ALLOWED)],
      ["unknown", async () => (stub.checks = "none")],
    ];
    for (const [state, arrange] of states) {
      // A fresh GitHub origin per state: nothing kept from the last.
      settings = moved();
      stub.checks = "read";
      await arrange();
      const response = await team.fetchAdmin("/admin/content/", settings, await team.token());
      const body = await response.text();
      expect(response.status, state).toBe(200);
      expect(body, state).toContain(`data-last-save="${state}"`);
      expect(developerWordsIn(visibleText(body)), state).toEqual([]);
    }
  });
});
