import { site } from "../../content/index.ts";
import { oneLine } from "../../queue/one-line.ts";
import type { Env } from "../../env.ts";
import { logText } from "../../log-text.ts";
import { safeAddress } from "../../queue/mail-parts.ts";
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
 * Whether a booking's change reaches the client at `email` (src/queue/booking-mail.ts sends it when the practice
 * mails clients and the address can be written in a header): what the inbox tells the attorney was sent.
 */
export const bookingMailReaches = (env: Pick<Env, "CLIENT_MAIL_FROM">, email: string): boolean => canMailClients(env) && safeAddress(email);

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
    // A link's secret has no business in a reason; should one ever echo it, logText cuts it.
    console.error(`Inbox: a letter to a client could not be sent: ${logText(error instanceof Error ? error.message : String(error))}`);
    return false;
  }
}
