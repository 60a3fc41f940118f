import { site } from "../../content/index.ts";
import { oneLine } from "../../queue/one-line.ts";
import type { Env } from "../../env.ts";
import { logText } from "../../log-text.ts";
import type { Letter } from "./mail-links.ts";

/*
 * A letter the attorney sends to a client from the inbox (the consultation offer): plain text, from
 * CLIENT_MAIL_FROM through the CLIENT_EMAIL binding (Cloudflare Email Service), Reply-To the practice's own
 * address, so the answer reaches her and not the sending address. Empty CLIENT_MAIL_FROM: the practice does
 * not send to clients, and the inbox offers the link to copy instead.
 */

/** Whether the practice can send to clients (docs/operators.md, "Mail to clients"). */
export const canMailClients = (env: Pick<Env, "CLIENT_MAIL_FROM">): boolean => env.CLIENT_MAIL_FROM.trim() !== "";

/**
 * Sends the letter to `to`; true when the binding took it. A failure is logged on one line (its reason, never
 * the letter, which holds the client's private link) and answered false: nothing is recorded as sent.
 */
export async function sendLetter(env: Pick<Env, "CLIENT_EMAIL" | "CLIENT_MAIL_FROM">, to: string, letter: Letter): Promise<boolean> {
  try {
    await env.CLIENT_EMAIL.send({
      from: { name: site.practiceName, email: env.CLIENT_MAIL_FROM.trim() },
      to,
      replyTo: { name: site.practiceName, email: site.email },
      subject: oneLine(letter.subject),
      text: letter.body.replace(/\r\n?/g, "\n"),
    });
    return true;
  } catch (error) {
    // A link's secret has no business in a reason; should one ever echo it, it is cut before the line is written.
    const reason = (error instanceof Error ? error.message : String(error)).replace(/[A-Za-z0-9_-]{43}/g, "…");
    console.error(`Inbox: a letter to a client could not be sent: ${logText(reason)}`);
    return false;
  }
}
