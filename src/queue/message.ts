/**
 * What the contact-notifications queue carries, nothing personal: the inquiry to notify the practice of
 * (put there by the API and the sweep), or the week whose digest to send (by the Monday cron). Its own
 * module, so the Worker's Env and the consumer both import it without importing each other.
 */
export interface SubmissionMessage {
  readonly submissionId: string;
}

export interface DigestMessage {
  readonly digestWeek: string;
}

export type NotificationMessage = SubmissionMessage | DigestMessage;
