import { conflictKeys } from "./conflict-names.ts";

/*
 * The stored search keys of the conflict register's names, the same form as an inquiry's
 * (src/db/conflict-names.ts), so one search finds a name in either.
 */

/** A client's keys: its name, and its address when known. */
export const clientKeys = (client: { readonly name: string; readonly email?: string | null }): string =>
  conflictKeys({ name: client.name, email: client.email ?? "", organization: null, parties: null });

/** A party's keys: its name. */
export const partyKeys = (name: string): string => conflictKeys({ name, email: "", organization: null, parties: null });
