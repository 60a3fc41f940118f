ALTER TABLE `engagement_letters` ADD `matter` text;--> statement-breakpoint
ALTER TABLE `engagement_letters` ADD `signed_mail_claimed_at` integer;--> statement-breakpoint
ALTER TABLE `engagement_letters` ADD `signed_mailed_at` integer;--> statement-breakpoint
ALTER TABLE `engagement_letters` ADD `signed_notice_claimed_at` integer;--> statement-breakpoint
ALTER TABLE `engagement_letters` ADD `signed_noticed_at` integer;--> statement-breakpoint
-- The matter a letter names, for the conflict register when it is signed, never changes after sending either.
DROP TRIGGER `engagement_letters_fixed`;--> statement-breakpoint
CREATE TRIGGER `engagement_letters_fixed` BEFORE UPDATE OF `id`, `version`, `kind`, `title`, `client_name`, `client_email`,
  `field_values`, `letter_text`, `letter_sha256`, `disclosure_text`, `disclosure_sha256`, `token_hash`, `expires_at`, `created_at`,
  `created_by`, `matter` ON `engagement_letters` BEGIN
  SELECT RAISE(ABORT, 'an engagement letter as sent never changes');
END;
