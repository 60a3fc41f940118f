-- Engagement letters first: a backup restores tables in the order they were created, a letter before its events.
CREATE TABLE `engagement_letters` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text,
	`version` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`client_name` text NOT NULL,
	`client_email` text NOT NULL,
	`field_values` text NOT NULL,
	`letter_text` text NOT NULL,
	`letter_sha256` text NOT NULL,
	`disclosure_text` text NOT NULL,
	`disclosure_sha256` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`changed_at` integer NOT NULL,
	`signed_at` integer,
	`signed_name` text,
	`pdf_key` text,
	`pdf_sha256` text,
	`pdf_stored_at` integer,
	FOREIGN KEY (`submission_id`) REFERENCES `contact_submissions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `engagement_letters_token_hash_unique` ON `engagement_letters` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `engagement_letters_version_idx` ON `engagement_letters` (`submission_id`,`version`);--> statement-breakpoint
CREATE INDEX `engagement_letters_status_idx` ON `engagement_letters` (`status`,`changed_at`);--> statement-breakpoint
CREATE INDEX `engagement_letters_changed_idx` ON `engagement_letters` (`changed_at`);--> statement-breakpoint
CREATE TABLE `engagement_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`letter_id` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	`email` text NOT NULL,
	`detail` text,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	FOREIGN KEY (`letter_id`) REFERENCES `engagement_letters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `engagement_events_seq_idx` ON `engagement_events` (`letter_id`,`seq`);--> statement-breakpoint
-- The record is append-only: an event is never changed (src/db/engagements.ts verifies the chain of hashes that
-- would show it if it were). A letter's text, disclosure, hashes, link and identity never change; its signature
-- and its PDF are written once.
CREATE TRIGGER `engagement_events_append_only` BEFORE UPDATE ON `engagement_events` BEGIN
  SELECT RAISE(ABORT, 'engagement_events is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `engagement_letters_fixed` BEFORE UPDATE OF `id`, `version`, `kind`, `title`, `client_name`, `client_email`,
  `field_values`, `letter_text`, `letter_sha256`, `disclosure_text`, `disclosure_sha256`, `token_hash`, `expires_at`, `created_at`,
  `created_by` ON `engagement_letters` BEGIN
  SELECT RAISE(ABORT, 'an engagement letter as sent never changes');
END;--> statement-breakpoint
CREATE TRIGGER `engagement_letters_signed_once` BEFORE UPDATE OF `signed_at`, `signed_name`, `pdf_key`, `pdf_sha256`, `pdf_stored_at`
  ON `engagement_letters`
  WHEN (OLD.`signed_at` IS NOT NULL AND NEW.`signed_at` IS NOT OLD.`signed_at`)
    OR (OLD.`signed_name` IS NOT NULL AND NEW.`signed_name` IS NOT OLD.`signed_name`)
    OR (OLD.`pdf_sha256` IS NOT NULL AND (NEW.`pdf_sha256` IS NOT OLD.`pdf_sha256` OR NEW.`pdf_key` IS NOT OLD.`pdf_key`)) BEGIN
  SELECT RAISE(ABORT, 'an engagement letter''s signature and signed PDF are written once');
END;
