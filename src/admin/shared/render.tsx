import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { lastFinishedRun } from "../../db/backups.ts";
import { database } from "../../db/client.ts";
import { countFailed } from "../../db/inbox.ts";
import { AdminDocument } from "./AdminDocument.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";
import type { AdminEnv } from "../gate.ts";

/**
 * Answers with an inbox page: static HTML (nothing hydrates), in the inbox's document, with a warning in the
 * header while notifications have failed and the last backup in the footer. `scripts` are this site's scripts that enhance the page.
 */
export async function renderAdminPage(
  c: Context<AdminEnv>,
  title: string,
  body: ReactNode,
  status: ContentfulStatusCode = 200,
  scripts: readonly string[] = [],
) {
  const db = database(c.env.DB);
  const [failedCount, lastBackup] = await Promise.all([countFailed(db), lastFinishedRun(db)]);
  // The inbox app sees its requests without the /admin it is mounted at.
  const path = `/admin${c.req.path === "/" ? "" : c.req.path}`.replace(/\/$/, "") || "/admin";
  const html = renderToStaticMarkup(
    <AdminDocument
      title={title}
      path={path}
      adminEmail={c.var.adminEmail}
      failedCount={failedCount}
      lastBackup={lastBackup}
      scripts={scripts}
    >
      {body}
    </AdminDocument>,
  );
  return c.html(`<!doctype html>${html}`, status);
}

/** The inbox's 404: an address it does not know, or a record that is not there (any more). */
export const renderNotFound = (c: Context<AdminEnv>) => renderAdminPage(c, "Not found", <NotFoundPage />, 404);
