/**
 * When the SDK may try a call again, and how long it waits. Only where nothing can have been charged
 * twice: 429 with Retry-After and 503 service_unavailable (the request was refused before any
 * charge), and failures without an answer on idempotent requests (GET/DELETE, and POSTs that carry
 * an Idempotency-Key, which the server replays instead of charging again).
 */
import type { ContentIntegrityError } from './errors.ts';

export const DEFAULT_MAX_RETRIES = 2;
/** A Retry-After longer than this is not waited out: the error goes to the caller, with retryAfter. */
export const MAX_RETRY_AFTER_SECONDS = 60;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;

/** Wait before retry number `retry` (0-based) when the server named no time: 0.5, 1, 2 … 8 s, less up to half as jitter. */
export function retryBackoffMs(retry: number, random: () => number = Math.random): number {
  const full = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
  return Math.round(full * (1 - random() / 2));
}

/**
 * Milliseconds to wait before trying again after `error`, or null when the call must not be retried.
 * `idempotent`: sending the request twice cannot do (or charge) anything twice.
 */
export function retryDelayMs(error: ContentIntegrityError, idempotent: boolean, retry: number, random?: () => number): number | null {
  const serverWait = error.retryAfter !== undefined && error.retryAfter <= MAX_RETRY_AFTER_SECONDS ? error.retryAfter * 1000 : null;
  if (error.status === 429) return serverWait;
  if (error.code === 'service_unavailable') return error.retryAfter === undefined ? retryBackoffMs(retry, random) : serverWait;
  if (idempotent && (error.code === 'network_error' || error.code === 'timeout')) return retryBackoffMs(retry, random);
  return null;
}

/** The spec's polling schedule for async jobs: 2, 4, 8 … seconds, at most 30 seconds apart. */
export function jobPollDelayMs(poll: number): number {
  return Math.min(30_000, 2_000 * 2 ** poll);
}
