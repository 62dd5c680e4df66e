/**
 * Crash recovery for graphile-worker: a job locked by a worker whose process died would stay
 * locked for hours. Every worker process records a heartbeat for each of its workers; each tick it
 * also releases the locks of workers whose heartbeat is older than `deadAfterMs`, so another
 * process runs their jobs again (the job task is safe to run twice).
 */
import type { Database } from '../db/database.ts';
import type { WorkerEvents } from 'graphile-worker';

export interface LivenessOptions { heartbeatMs: number; deadAfterMs: number }

export function trackWorkerLiveness(db: Database, events: WorkerEvents, options: LivenessOptions, onError: (error: Error) => void): () => Promise<void> {
  // graphile-worker 0.17 locks jobs in the name of the worker pool (its local queue), older paths in
  // the name of a worker: both ids get heartbeats.
  const alive = new Set<string>();
  events.on('pool:create', ({ workerPool }) => {
    alive.add(workerPool.id);
    void tick().catch(onError); // at once, before the pool takes its first job
  });
  events.on('pool:release', ({ workerPool }) => alive.delete(workerPool.id));
  events.on('worker:create', ({ worker }) => alive.add(worker.workerId));
  events.on('worker:stop', ({ worker }) => alive.delete(worker.workerId));

  async function tick() {
    if (alive.size) {
      await db.query(
        'insert into worker_heartbeats (worker_id, seen_at) select unnest($1::text[]), now() on conflict (worker_id) do update set seen_at = excluded.seen_at',
        [[...alive]],
      );
    }
    await db.query(
      `with dead as (delete from worker_heartbeats where seen_at < now() - make_interval(secs => $1) returning worker_id)
       select graphile_worker.force_unlock_workers(array_agg(worker_id)) from dead having count(*) > 0`,
      [options.deadAfterMs / 1000],
    );
  }
  const timer = setInterval(() => tick().catch(onError), options.heartbeatMs);
  timer.unref();
  void tick().catch(onError);
  return async () => {
    clearInterval(timer);
    if (alive.size) await db.query('delete from worker_heartbeats where worker_id = any($1::text[])', [[...alive]]).catch(onError);
  };
}
