/**
 * Idempotency-Key for grammar and plagiarism (spec: Idempotency). Keyed by (user, operation, key):
 * the first request with a key runs and its response is stored; the same key with the same text
 * within IDEMPOTENCY_WINDOW_MINUTES replays it (header Idempotent-Replayed: true) without charging; with another text
 * it is 409. A duplicate that arrives while the first is still running waits for it, then replays.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_CHARS as MAX_KEY_LENGTH, IDEMPOTENCY_WINDOW_MINUTES } from '../../contract/catalogue.ts';
import type { Database } from '../db/database.ts';
import { claimKey, deleteRecordsBefore, findRecord, releaseKey, storeResponse, type StoredResponse } from './data/idempotency.ts';
import { ApiError } from './errors.ts';

const IDEMPOTENCY_WINDOW_SECONDS = IDEMPOTENCY_WINDOW_MINUTES * 60;
const WAIT_FOR_IN_FLIGHT_MS = 120_000;

export type { StoredResponse } from './data/idempotency.ts';

export function validateIdempotencyKey(key: string | undefined): string | undefined {
  if (key === undefined || key === '') return undefined;
  if ([...key].length > MAX_KEY_LENGTH) throw new ApiError('invalid_idempotency_key', `Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters.`, { limit: MAX_KEY_LENGTH, actual: [...key].length });
  return key;
}

export function requestFingerprint(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/**
 * Runs `work` once per (user, operation, key) within the window. Returns the response and whether
 * it is a replay. A charged `work` stores its response with `record` before it returns, inside its
 * charged scope, so that a response that cannot be stored is refunded like any other failure; one
 * that did not is recorded here. When `work` throws, the key is released so that a retry runs again.
 */
export async function withIdempotency(
  db: Database,
  scope: { userId: number; operation: string; key: string; fingerprint: string },
  work: (record: (response: StoredResponse) => Promise<void>) => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  const deadline = Date.now() + WAIT_FOR_IN_FLIGHT_MS;
  for (;;) {
    // Claim the key: a new row, or an expired one taken over.
    if (await claimKey(db, scope, IDEMPOTENCY_WINDOW_SECONDS)) break;

    const existing = await findRecord(db, scope);
    if (!existing) continue; // released meanwhile: claim again
    if (existing.request_hash !== scope.fingerprint) {
      throw new ApiError('idempotency_key_reuse', 'This Idempotency-Key was already used with a different request.');
    }
    if (existing.response_status !== null) return { status: existing.response_status, body: existing.response_body, replayed: true };
    if (Date.now() > deadline) throw new ApiError('service_unavailable', 'The first request with this Idempotency-Key is still running; retry shortly.', undefined, { 'Retry-After': '5' });
    await new Promise((r) => setTimeout(r, 50));
  }

  let recorded = false;
  const record = async (response: StoredResponse) => {
    recorded = true;
    await storeResponse(db, scope, response);
  };
  try {
    const response = await work(record);
    if (!recorded) await record(response);
    return { ...response, replayed: false };
  } catch (error) {
    await releaseKey(db, scope);
    throw error;
  }
}

export function purgeExpiredIdempotencyRecords(db: Database, now: Date): Promise<void> {
  return deleteRecordsBefore(db, now, IDEMPOTENCY_WINDOW_SECONDS * 2);
}
