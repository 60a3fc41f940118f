import { fetchPath } from "./html.ts";

/** A valid inquiry, for the tests of the contact API's guards. */
export const validContact = { name: "Ada Lovelace", email: "ada@example.com", organization: "", message: "Hello there." };

/** Posts a JSON body to the contact API as a new visitor, without following a redirect. */
export const postContact = (body: unknown, headers: Record<string, string> = {}) =>
  fetchPath("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    redirect: "manual",
  });
