import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { contactFields } from "../contact/fields.ts";

/** Where a submission's notification e-mail stands. */
export const notificationStatuses = ["pending", "sent", "failed"] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

const requiredText = () => text().notNull();
/** NULL when the visitor left the field empty. */
const optionalText = () => text();

/** A column per contact field (src/contact/fields.ts), named as the field. */
type FieldColumns = {
  [F in (typeof contactFields)[number] as F["name"]]: F["required"] extends true
    ? ReturnType<typeof requiredText>
    : ReturnType<typeof optionalText>;
};
const fieldColumns = Object.fromEntries(
  contactFields.map((field) => [field.name, field.required ? requiredText() : optionalText()]),
) as FieldColumns;

/** One message sent through the contact form. */
export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    /** Random UUID, made before the insert so the queue message can name the row. */
    id: text("id").primaryKey(),
    ...fieldColumns,
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    notificationStatus: text("notification_status", { enum: notificationStatuses }).notNull().default("pending"),
    /** Delivery attempts made by the queue consumer. */
    notificationAttempts: integer("notification_attempts").notNull().default(0),
    /** When the e-mail went out; set once, which makes sending idempotent. */
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
    /** While a consumer is sending this row's e-mail, no other delivery of the message may send it. */
    notificationLeaseUntil: integer("notification_lease_until", { mode: "timestamp_ms" }),
    /** Last time the row was put on the queue (by the API or the sweep); NULL if that failed. */
    queuedAt: integer("queued_at", { mode: "timestamp_ms" }),
    /** Why the last attempt failed; never holds the message itself. */
    notificationError: text("notification_error"),
    /** When a delivery last claimed the row; with queued_at, the row's last sign of life (see db/delivery.ts). */
    notificationLastAttemptAt: integer("notification_last_attempt_at", { mode: "timestamp_ms" }),
    /** When the attorney marked the inquiry handled in the inbox; NULL while it is open. */
    handledAt: integer("handled_at", { mode: "timestamp_ms" }),
    /** Who marked it handled (the Access identity's e-mail). */
    handledBy: text("handled_by"),
  },
  (table) => [
    // The inbox pages newest first by (created_at, id); filtered by status, the same order.
    index("contact_submissions_created_idx").on(table.createdAt, table.id),
    index("contact_submissions_status_idx").on(table.notificationStatus, table.createdAt, table.id),
    // Privacy requests match addresses case-insensitively.
    index("contact_submissions_email_idx").on(sql`${table.email} collate nocase`),
  ],
);

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type NewContactSubmission = typeof contactSubmissions.$inferInsert;
