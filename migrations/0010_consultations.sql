-- Tables in the order their foreign keys need: a restore writes them in this order (src/queue/backup).
CREATE TABLE `booking_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`kinds` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`expires_at` integer NOT NULL,
	`sent_at` integer,
	`sent_to` text,
	`withdrawn_at` integer,
	FOREIGN KEY (`submission_id`) REFERENCES `contact_submissions`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `booking_offers_token_hash_unique` ON `booking_offers` (`token_hash`);--> statement-breakpoint
CREATE INDEX `booking_offers_submission_idx` ON `booking_offers` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`offer_id` text NOT NULL,
	`submission_id` text NOT NULL,
	`kind` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`client_zone` text NOT NULL,
	`status` text NOT NULL,
	`sequence` integer NOT NULL,
	`created_at` integer NOT NULL,
	`changed_at` integer NOT NULL,
	`mailed_sequence` integer,
	`reminder_for` integer,
	`reminder_claimed_at` integer,
	`reminded_for` integer,
	FOREIGN KEY (`offer_id`) REFERENCES `booking_offers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_id`) REFERENCES `contact_submissions`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_offer_id_unique` ON `bookings` (`offer_id`);--> statement-breakpoint
CREATE INDEX `bookings_start_idx` ON `bookings` (`start_at`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_submission_idx` ON `bookings` (`submission_id`);--> statement-breakpoint
CREATE TABLE `booking_minutes` (
	`minute` integer PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `booking_minutes_booking_idx` ON `booking_minutes` (`booking_id`);--> statement-breakpoint
CREATE TABLE `busy_times` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`note` text,
	`created_by` text
);--> statement-breakpoint
CREATE INDEX `busy_times_end_idx` ON `busy_times` (`end_at`,`start_at`);--> statement-breakpoint
CREATE TABLE `calendar_feed_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`revoked_at` integer
);--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feed_keys_token_hash_unique` ON `calendar_feed_keys` (`token_hash`);--> statement-breakpoint
CREATE TABLE `calendar_reads` (
	`id` integer PRIMARY KEY NOT NULL,
	`read_at` integer,
	`failed_at` integer,
	`failure` text,
	`busy_times` integer
);
