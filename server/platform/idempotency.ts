/**
 * Idempotency-Key for grammar and plagiarism (spec: Idempotency). Keyed by (user, operation, key):
 * the first request with a key runs and its response is stored; the same key with the same text
 * within 5 minutes replays it (header Idempotent-Replayed: true) without charging; with another text
 * it is 409. A duplicate that arrives while the first is still running waits for it, then replays.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_CHARS as MAX_KEY_LENGTH } from '../../contract/catalogue.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from './errors.ts';

export const IDEMPOTENCY_WINDOW_SECONDS = 300;
const WAIT_FOR_IN_FLIGHT_MS = 120_000;

export interface StoredResponse { status: number; body: unknown }

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
    const claimed = await db.query(
      `insert into idempotency_records (user_id, operation, key, request_hash) values ($1, $2, $3, $4)
       on conflict (user_id, operation, key) do update
         set request_hash = excluded.request_hash, response_status = null, response_body = null, created_at = now()
         where idempotency_records.created_at < now() - make_interval(secs => $5)
       returning 1`,
      [scope.userId, scope.operation, scope.key, scope.fingerprint, IDEMPOTENCY_WINDOW_SECONDS],
    );
    if (claimed.length) break;

    const [existing] = await db.query(
      'select request_hash, response_status, response_body from idempotency_records where user_id = $1 and operation = $2 and key = $3',
      [scope.userId, scope.operation, scope.key],
    );
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
    await db.query(
      'update idempotency_records set response_status = $4, response_body = $5 where user_id = $1 and operation = $2 and key = $3',
      [scope.userId, scope.operation, scope.key, response.status, JSON.stringify(response.body)],
    );
  };
  try {
    const response = await work(record);
    if (!recorded) await record(response);
    return { ...response, replayed: false };
  } catch (error) {
    await db.query('delete from idempotency_records where user_id = $1 and operation = $2 and key = $3', [scope.userId, scope.operation, scope.key]);
    throw error;
  }
}

export async function purgeExpiredIdempotencyRecords(db: Database, now: Date): Promise<void> {
  await db.query('delete from idempotency_records where created_at < $2::timestamptz - make_interval(secs => $1)', [IDEMPOTENCY_WINDOW_SECONDS * 2, now]);
}
