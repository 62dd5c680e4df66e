/**
 * Crash recovery for graphile-worker: a job locked by a worker whose process died would stay
 * locked for hours. Every worker process records a heartbeat for each of its workers; each tick it
 * also releases the locks of workers whose heartbeat is older than `deadAfterMs`, so another
 * process runs their jobs again (the job task is safe to run twice).
 */
import type { Database } from '../db/database.ts';
import type { WorkerEvents } from 'graphile-worker';
import { recordHeartbeats, removeHeartbeats, unlockDeadWorkers } from './data/workers.ts';

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
    if (alive.size) await recordHeartbeats(db, [...alive]);
    await unlockDeadWorkers(db, options.deadAfterMs / 1000);
  }
  const timer = setInterval(() => tick().catch(onError), options.heartbeatMs);
  timer.unref();
  void tick().catch(onError);
  return async () => {
    clearInterval(timer);
    if (alive.size) await removeHeartbeats(db, [...alive]).catch(onError);
  };
}
