ALTER TABLE `bookings` ADD `cancelled_by` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancel_reason` text;--> statement-breakpoint
-- An engagement letter's event is removed only with its letter: retention deletes a letter past its period and
-- the foreign key's cascade takes its events (the letter row is gone by then); any other deletion is refused, so
-- the record shows a removal as the chain of hashes does a change.
CREATE TRIGGER `engagement_events_kept` BEFORE DELETE ON `engagement_events`
  WHEN EXISTS (SELECT 1 FROM `engagement_letters` WHERE `id` = OLD.`letter_id`) BEGIN
  SELECT RAISE(ABORT, 'an engagement letter''s events are removed only with the letter');
END;
