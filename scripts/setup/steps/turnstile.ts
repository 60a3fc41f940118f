/** The contact form's Turnstile widget for the domain: its site key into wrangler.toml, its secret for the deploy. */
import { join } from "node:path";
import { type Step, kept, made } from "../context.ts";
import { setTomlValues } from "../toml.ts";

interface Widget {
  sitekey: string;
  name: string;
  secret?: string;
}

export const turnstile: Step = {
  title: "Turnstile on the contact form",
  does: "finds or creates the Turnstile widget named after the Worker, for the domain; writes its site key (TURNSTILE_SITE_KEY) and keeps its secret for the deploy",
  async run(context) {
    const { cloudflare, worker, answers, state } = context;
    const widgets = await cloudflare.get<Widget[]>("/accounts/{account}/challenges/widgets");
    let widget = widgets.find((each) => each.name === worker);
    const created = !widget;
    widget ??= await cloudflare.post<Widget>("/accounts/{account}/challenges/widgets", {
      name: worker,
      domains: [answers.domain],
      mode: "managed",
    });
    if (!widget.secret && state.secrets.TURNSTILE_SECRET_KEY === undefined)
      widget = await cloudflare.get<Widget>(`/accounts/{account}/challenges/widgets/${widget.sitekey}`);
    if (widget.secret && state.secrets.TURNSTILE_SECRET_KEY !== widget.secret) state.setSecret("TURNSTILE_SECRET_KEY", widget.secret);
    const written = setTomlValues(join(context.root, "wrangler.toml"), "vars", { TURNSTILE_SITE_KEY: widget.sitekey });
    return created || written ? made(`widget ${widget.sitekey}`) : kept(`widget ${widget.sitekey}`);
  },
};
