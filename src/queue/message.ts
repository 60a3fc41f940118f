/**
 * What the API and the sweep put on the contact-notifications queue: the row to notify about, nothing
 * personal. Its own module, so the Worker's Env and the consumer both import it without importing each other.
 */
export interface NotificationMessage {
  readonly submissionId: string;
}
