CREATE TABLE `backup_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	`failed_at` integer,
	`failure` text,
	`step` integer DEFAULT 0 NOT NULL,
	`cursor` text NOT NULL,
	`files` text NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `backup_runs_finished` ON `backup_runs` (`finished_at`);