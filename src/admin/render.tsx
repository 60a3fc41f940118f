import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { database } from "../db/client.ts";
import { countFailed } from "../db/inbox.ts";
import { AdminDocument } from "./components/AdminDocument.tsx";
import type { AdminEnv } from "./gate.ts";

/** Answers with an inbox page: static HTML (nothing hydrates), in the inbox's document. */
export async function renderAdminPage(c: Context<AdminEnv>, title: string, body: ReactNode, status: ContentfulStatusCode = 200) {
  const failedCount = await countFailed(database(c.env.DB));
  const html = renderToStaticMarkup(
    <AdminDocument title={title} adminEmail={c.var.adminEmail} failedCount={failedCount}>
      {body}
    </AdminDocument>,
  );
  return c.html(`<!doctype html>${html}`, status);
}
