CREATE TABLE `conflict_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`submission_id` text NOT NULL,
	`at` integer NOT NULL,
	`by` text NOT NULL,
	`names` text NOT NULL,
	`results` text NOT NULL,
	`match_count` integer NOT NULL,
	`form_token` text,
	FOREIGN KEY (`submission_id`) REFERENCES `contact_submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conflict_checks_submission_idx` ON `conflict_checks` (`submission_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `conflict_checks_form_idx` ON `conflict_checks` (`submission_id`,`form_token`);--> statement-breakpoint
CREATE TABLE `inquiry_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`submission_id` text NOT NULL,
	`at` integer NOT NULL,
	`author` text NOT NULL,
	`text` text NOT NULL,
	`form_token` text,
	FOREIGN KEY (`submission_id`) REFERENCES `contact_submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inquiry_notes_submission_idx` ON `inquiry_notes` (`submission_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `inquiry_notes_form_idx` ON `inquiry_notes` (`submission_id`,`form_token`);--> statement-breakpoint
CREATE TABLE `intake_counts` (
	`state` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `heard` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `intake_check_id` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `engaged_at` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `declined_at` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `decline_letter_sent_on` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `follow_up_on` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `source_page` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `landing_page` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `referrer_host` text;--> statement-breakpoint
CREATE INDEX `contact_submissions_source_page_idx` ON `contact_submissions` (`source_page`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contact_submissions_landing_page_idx` ON `contact_submissions` (`landing_page`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contact_submissions_referrer_idx` ON `contact_submissions` (`referrer_host`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contact_submissions_follow_up_idx` ON `contact_submissions` (`follow_up_on`,`created_at`,`id`) WHERE "contact_submissions"."follow_up_on" is not null;--> statement-breakpoint
CREATE INDEX `admin_activity_action_idx` ON `admin_activity` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `admin_activity_actor_idx` ON `admin_activity` (`actor`,`id`);--> statement-breakpoint
-- A decline recorded before the letter had its own step never said whether the letter went out: it waits
-- for "I have sent it" (with the day it was sent) like any decline written since.
UPDATE `contact_submissions` SET `intake_state` = 'declining', `declined_at` = `intake_changed_at` WHERE `intake_state` = 'declined';--> statement-breakpoint
-- Engaged inquiries keep when they became so, for the digest's sources (earlier ones closed since are not known).
UPDATE `contact_submissions` SET `engaged_at` = `intake_changed_at` WHERE `intake_state` = 'engaged';--> statement-breakpoint
-- The count per intake state, from the inquiries as they are, then kept by triggers (src/db/schema.ts, intakeCounts).
INSERT INTO `intake_counts` (`state`, `count`) SELECT `intake_state`, count(*) FROM `contact_submissions` GROUP BY `intake_state`;--> statement-breakpoint
CREATE TRIGGER `intake_counts_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `intake_counts` (`state`, `count`) VALUES (NEW.`intake_state`, 1)
    ON CONFLICT (`state`) DO UPDATE SET `count` = `count` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `intake_counts_delete` AFTER DELETE ON `contact_submissions` BEGIN
  UPDATE `intake_counts` SET `count` = `count` - 1 WHERE `state` = OLD.`intake_state`;
END;--> statement-breakpoint
CREATE TRIGGER `intake_counts_update` AFTER UPDATE OF `intake_state` ON `contact_submissions`
  WHEN OLD.`intake_state` IS NOT NEW.`intake_state` BEGIN
  UPDATE `intake_counts` SET `count` = `count` - 1 WHERE `state` = OLD.`intake_state`;
  INSERT INTO `intake_counts` (`state`, `count`) VALUES (NEW.`intake_state`, 1)
    ON CONFLICT (`state`) DO UPDATE SET `count` = `count` + 1;
END;
