/**
 * How the Worker tells its queues apart. Each environment of wrangler.toml names its own notification queue
 * (contact-notifications, contact-notifications-preview), and its dead-letter queue is that name with this
 * suffix; the consumer reads the suffix, so every environment's dead letters are recognised
 * (scripts/wrangler-environments.test.ts holds wrangler.toml to it).
 */
export const DEAD_LETTER_SUFFIX = "-dlq";

export const isDeadLetterQueue = (queue: string) => queue.endsWith(DEAD_LETTER_SUFFIX);
