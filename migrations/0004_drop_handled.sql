ALTER TABLE `contact_submissions` DROP COLUMN `handled_at`;--> statement-breakpoint
ALTER TABLE `contact_submissions` DROP COLUMN `handled_by`;