ALTER TABLE `conflict_checks` ADD `compared_names` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `cleared_reason` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `declined_from` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `decline_letter` text;