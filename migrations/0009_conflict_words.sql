CREATE TABLE `conflict_words` (
	`word` text NOT NULL,
	`source` text NOT NULL,
	`entry_id` text NOT NULL,
	PRIMARY KEY(`word`, `source`, `entry_id`)
) WITHOUT ROWID;--> statement-breakpoint
-- Written by hand: the conflict index (src/db/schema.ts, conflictWords), written by triggers from each
-- entry's stored keys ("| ada lovelace | ada example |": words of letters and digits between spaces, entries
-- between bars, so the keys read as a JSON array once the bars and spaces are replaced), then filled from the
-- rows already stored. WITHOUT ROWID: the table is its primary key, one B-tree.

CREATE TRIGGER `conflict_words_inquiry_insert` AFTER INSERT ON `contact_submissions` WHEN NEW.`conflict_keys` IS NOT NULL BEGIN
  INSERT OR IGNORE INTO `conflict_words` (`word`, `source`, `entry_id`) SELECT `value`, 'inquiry', NEW.`id` FROM json_each('["' || replace(replace(trim(NEW.`conflict_keys`, '| '), ' | ', ' '), ' ', '","') || '"]') WHERE `value` <> '';
END;--> statement-breakpoint
CREATE TRIGGER `conflict_words_inquiry_delete` AFTER DELETE ON `contact_submissions` WHEN OLD.`conflict_keys` IS NOT NULL BEGIN
  DELETE FROM `conflict_words` WHERE `source` = 'inquiry' AND `entry_id` = OLD.`id` AND `word` IN (SELECT `value` FROM json_each('["' || replace(replace(trim(OLD.`conflict_keys`, '| '), ' | ', ' '), ' ', '","') || '"]'));
END;--> statement-breakpoint
CREATE TRIGGER `conflict_words_inquiry_keys` AFTER UPDATE OF `conflict_keys` ON `contact_submissions` BEGIN
  DELETE FROM `conflict_words` WHERE `source` = 'inquiry' AND `entry_id` = OLD.`id` AND `word` IN (SELECT `value` FROM json_each('["' || replace(replace(trim(OLD.`conflict_keys`, '| '), ' | ', ' '), ' ', '","') || '"]'));
  INSERT OR IGNORE INTO `conflict_words` (`word`, `source`, `entry_id`) SELECT `value`, 'inquiry', NEW.`id` FROM json_each('["' || replace(replace(trim(NEW.`conflict_keys`, '| '), ' | ', ' '), ' ', '","') || '"]') WHERE `value` <> '';
END;--> statement-breakpoint
CREATE TRIGGER `conflict_words_client_insert` AFTER INSERT ON `register_clients` WHEN NEW.`keys` IS NOT NULL BEGIN
  INSERT OR IGNORE INTO `conflict_words` (`word`, `source`, `entry_id`) SELECT `value`, 'client', NEW.`id` FROM json_each('["' || replace(replace(trim(NEW.`keys`, '| '), ' | ', ' '), ' ', '","') || '"]') WHERE `value` <> '';
END;--> statement-breakpoint
CREATE TRIGGER `conflict_words_client_delete` AFTER DELETE ON `register_clients` WHEN OLD.`keys` IS NOT NULL BEGIN
  DELETE FROM `conflict_words` WHERE `source` = 'client' AND `entry_id` = OLD.`id` AND `word` IN (SELECT `value` FROM json_each('["' || replace(replace(trim(OLD.`keys`, '| '), ' | ', ' '), ' ', '","') || '"]'));
END;--> statement-breakpoint
CREATE TRIGGER `conflict_words_client_keys` AFTER UPDATE OF `keys` ON `register_clients` BEGIN
  DELETE FROM `conflict_words` WHERE `source` = 'client' AND `entry_id` = OLD.`id` AND `word` IN (SELECT `value` FROM json_each('["' || replace(replace(trim(OLD.`keys`, '| '), ' | ', ' '), ' ', '","') || '"]'));
  INSERT OR IGNORE INTO `conflict_words` (`word`, `source`, `entry_id`) SELECT `value`, 'client', NEW.`id` FROM json_each('["' || replace(replace(trim(NEW.`keys`, '| '), ' | ', ' '), ' ', '","') || '"]') WHERE `value` <> '';
END;--> statement-breakpoint
CREATE TRIGGER `conflict_words_party_insert` AFTER INSERT ON `register_parties` WHEN NEW.`keys` IS NOT NULL BEGIN
  INSERT OR IGNORE INTO `conflict_words` (`word`, `source`, `entry_id`) SELECT `value`, 'party', NEW.`id` FROM json_each('["' || replace(replace(trim(NEW.`keys`, '| '), ' | ', ' '), ' ', '","') || '"]') WHERE `value` <> '';
END;--> statement-breakpoint
CREATE TRIGGER `conflict_words_party_delete` AFTER DELETE ON `register_parties` WHEN OLD.`keys` IS NOT NULL BEGIN
  DELETE FROM `conflict_words` WHERE `source` = 'party' AND `entry_id` = OLD.`id` AND `word` IN (SELECT `value` FROM json_each('["' || replace(replace(trim(OLD.`keys`, '| '), ' | ', ' '), ' ', '","') || '"]'));
END;--> statement-breakpoint
CREATE TRIGGER `conflict_words_party_keys` AFTER UPDATE OF `keys` ON `register_parties` BEGIN
  DELETE FROM `conflict_words` WHERE `source` = 'party' AND `entry_id` = OLD.`id` AND `word` IN (SELECT `value` FROM json_each('["' || replace(replace(trim(OLD.`keys`, '| '), ' | ', ' '), ' ', '","') || '"]'));
  INSERT OR IGNORE INTO `conflict_words` (`word`, `source`, `entry_id`) SELECT `value`, 'party', NEW.`id` FROM json_each('["' || replace(replace(trim(NEW.`keys`, '| '), ' | ', ' '), ' ', '","') || '"]') WHERE `value` <> '';
END;--> statement-breakpoint
INSERT OR IGNORE INTO `conflict_words` (`word`, `source`, `entry_id`)
  SELECT `words`.`value`, 'inquiry', `entries`.`id` FROM `contact_submissions` AS `entries`, json_each('["' || replace(replace(trim(`entries`.`conflict_keys`, '| '), ' | ', ' '), ' ', '","') || '"]') AS `words`
  WHERE `entries`.`conflict_keys` IS NOT NULL AND `words`.`value` <> '';--> statement-breakpoint
INSERT OR IGNORE INTO `conflict_words` (`word`, `source`, `entry_id`)
  SELECT `words`.`value`, 'client', `entries`.`id` FROM `register_clients` AS `entries`, json_each('["' || replace(replace(trim(`entries`.`keys`, '| '), ' | ', ' '), ' ', '","') || '"]') AS `words`
  WHERE `entries`.`keys` IS NOT NULL AND `words`.`value` <> '';--> statement-breakpoint
INSERT OR IGNORE INTO `conflict_words` (`word`, `source`, `entry_id`)
  SELECT `words`.`value`, 'party', `entries`.`id` FROM `register_parties` AS `entries`, json_each('["' || replace(replace(trim(`entries`.`keys`, '| '), ' | ', ' '), ' ', '","') || '"]') AS `words`
  WHERE `entries`.`keys` IS NOT NULL AND `words`.`value` <> '';
