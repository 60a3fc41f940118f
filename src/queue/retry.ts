import { MAX_RETRY_DELAY_SECONDS } from "../db/delivery.ts";

/**
 * The first retry's delay from NOTIFY_RETRY_BASE_SECONDS: 30 when it is unset or not a number of seconds.
 * 0 retries at once, which local test runs use to see a notification fail all its attempts in seconds.
 */
export function retryBaseSeconds(setting: string | undefined): number {
  const seconds = Number(setting);
  return setting?.trim() && Number.isFinite(seconds) && seconds >= 0 ? seconds : 30;
}

/** Exponential backoff: base, 2×base, 4×base… capped at 15 minutes. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_SECONDS);
}
