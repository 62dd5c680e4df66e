/** graphile-worker's workers as rows: a heartbeat per live worker, and the locks of dead ones released. */
import type { Queryable } from '../../db/database.ts';

export async function recordHeartbeats(db: Queryable, workerIds: string[]): Promise<void> {
  await db.query(
    'insert into worker_heartbeats (worker_id, seen_at) select unnest($1::text[]), now() on conflict (worker_id) do update set seen_at = excluded.seen_at',
    [workerIds],
  );
}

/** Forgets the workers not seen for `deadAfterSeconds` and releases the jobs they had locked. */
export async function unlockDeadWorkers(db: Queryable, deadAfterSeconds: number): Promise<void> {
  await db.query(
    `with dead as (delete from worker_heartbeats where seen_at < now() - make_interval(secs => $1) returning worker_id)
     select graphile_worker.force_unlock_workers(array_agg(worker_id)) from dead having count(*) > 0`,
    [deadAfterSeconds],
  );
}

export async function removeHeartbeats(db: Queryable, workerIds: string[]): Promise<void> {
  await db.query('delete from worker_heartbeats where worker_id = any($1::text[])', [workerIds]);
}
