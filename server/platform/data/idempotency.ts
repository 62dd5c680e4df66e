/** Idempotency records as rows: one per (user, operation, key), with the first response once stored. */
import type { Queryable } from '../../db/database.ts';

export interface StoredResponse { status: number; body: unknown }

interface Scope { userId: number; operation: string; key: string; fingerprint: string }

/** Claims the key: a new row, or one older than the window taken over; false when another holds it. */
export async function claimKey(db: Queryable, scope: Scope, windowSeconds: number): Promise<boolean> {
  const claimed = await db.query(
    `insert into idempotency_records (user_id, operation, key, request_hash) values ($1, $2, $3, $4)
     on conflict (user_id, operation, key) do update
       set request_hash = excluded.request_hash, response_status = null, response_body = null, created_at = now()
       where idempotency_records.created_at < now() - make_interval(secs => $5)
     returning 1`,
    [scope.userId, scope.operation, scope.key, scope.fingerprint, windowSeconds],
  );
  return claimed.length > 0;
}

/** The key's record: the request's fingerprint, and its response once stored (null until then). */
export async function findRecord(db: Queryable, scope: Scope): Promise<{ request_hash: string; response_status: number | null; response_body: unknown } | undefined> {
  const [record] = await db.query<{ request_hash: string; response_status: number | null; response_body: unknown }>(
    'select request_hash, response_status, response_body from idempotency_records where user_id = $1 and operation = $2 and key = $3',
    [scope.userId, scope.operation, scope.key],
  );
  return record;
}

export async function storeResponse(db: Queryable, scope: Scope, response: StoredResponse): Promise<void> {
  await db.query(
    'update idempotency_records set response_status = $4, response_body = $5 where user_id = $1 and operation = $2 and key = $3',
    [scope.userId, scope.operation, scope.key, response.status, JSON.stringify(response.body)],
  );
}

/** Lets the key go (its work failed), so that a retry runs again. */
export async function releaseKey(db: Queryable, scope: Scope): Promise<void> {
  await db.query('delete from idempotency_records where user_id = $1 and operation = $2 and key = $3', [scope.userId, scope.operation, scope.key]);
}

export async function deleteRecordsBefore(db: Queryable, now: Date, ageSeconds: number): Promise<void> {
  await db.query('delete from idempotency_records where created_at < $2::timestamptz - make_interval(secs => $1)', [ageSeconds, now]);
}
