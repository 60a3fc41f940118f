/**
 * GitHub's App manifest flow, served on this machine (127.0.0.1, a free port): its page posts the App's
 * manifest to GitHub, where the operator confirms; GitHub sends the browser back with a code, which
 * `POST /app-manifests/{code}/conversions` turns into the App (id, slug, client ID, private key).
 * https://docs.github.com/en/apps/sharing-github-apps/registering-a-github-app-from-a-manifest
 */
import { randomBytes } from "node:crypto";
import { type Server, createServer } from "node:http";

export interface Manifest {
  readonly name: string;
  readonly url: string;
  readonly hook_attributes: { readonly url: string; readonly active: boolean };
  readonly redirect_url: string;
  readonly public: boolean;
  readonly default_permissions: Readonly<Record<string, string>>;
  readonly default_events: readonly string[];
}

const html = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${html(title)}</title><body style="font:16px/1.5 system-ui;max-width:40em;margin:3em auto">${body}</body></html>`;

/** The browser's part: the page that sends the manifest, and GitHub's return with the code. */
export class AppFlow {
  readonly #state = randomBytes(16).toString("hex");
  #server?: Server;
  #created?: (code: string) => void;
  readonly created: Promise<string>;
  url = "";

  constructor() {
    this.created = new Promise((resolve) => (this.#created = resolve));
  }

  async start(
    manifest: (base: string) => Manifest,
    owner: { readonly login: string; readonly organization: boolean },
    web = "https://github.com",
  ) {
    this.#server = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const send = (status: number, html: string, headers: Record<string, string> = {}) => {
        response.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
        response.end(html);
      };
      if (url.pathname === "/") {
        const action = `${web}${owner.organization ? `/organizations/${owner.login}` : ""}/settings/apps/new?state=${this.#state}`;
        return send(
          200,
          page(
            "Create the site editor's GitHub App",
            `<h1>The site editor's GitHub App</h1><p>GitHub will show the App's name and permissions (Contents: read and write, Checks: read). Confirm with <b>Create GitHub App</b>; if the name is taken, change it there.</p><form method="post" action="${html(action)}"><input type="hidden" name="manifest" value="${html(JSON.stringify(manifest(this.url)))}"><button>Continue to GitHub</button></form>`,
          ),
        );
      }
      if (url.pathname === "/created" && url.searchParams.get("state") === this.#state && url.searchParams.get("code")) {
        this.#created?.(url.searchParams.get("code")!);
        return send(200, page("App created", "<h1>App created</h1><p>Return to the terminal: it names the next step.</p>"));
      }
      send(404, page("Not here", "<p>Nothing here.</p>"));
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, "127.0.0.1", resolve));
    const address = this.#server.address();
    this.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
    return this.url;
  }

  close() {
    this.#server?.close();
  }
}
