/**
 * graphile-worker's queue as the platform writes to it: the one typed enqueue of a declared task
 * (its name, payload schema and attempts come from its declaration in server/jobs/), one job or
 * many in one statement, on the caller's transaction, so the jobs exist exactly when the
 * transaction commits. Every payload is parsed by the task's schema before it is queued.
 */
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import type { QueueStats } from '../../metrics/registry.ts';

/** What the queue needs of a task's declaration. */
export interface QueuedTask<P> {
  name: string;
  payload: z.ZodType<P>;
  maxAttempts: number;
  /** A job key makes a second enqueue of the same job replace the first (graphile-worker job_key). */
  jobKey?(payload: P): string;
}

const ADD_JOBS = {
  name: 'add-jobs',
  text: `select count(graphile_worker.add_job($1, p.payload, job_key := p.job_key, max_attempts := $2, run_at := $3))::int as queued
         from unnest($4::json[], $5::text[]) as p(payload, job_key)`,
};

/** Queues one job of `task` per payload. */
export async function enqueueAll<P>(tx: Queryable, task: QueuedTask<P>, payloads: P[], options: { runAt?: Date } = {}): Promise<void> {
  const parsed = payloads.map((payload) => task.payload.parse(payload));
  await tx.query(ADD_JOBS, [task.name, task.maxAttempts, options.runAt ?? null, parsed.map((p) => JSON.stringify(p)), parsed.map((p) => task.jobKey?.(p) ?? null)]);
}

export function enqueue<P>(tx: Queryable, task: QueuedTask<P>, payload: P, options: { runAt?: Date } = {}): Promise<void> {
  return enqueueAll(tx, task, [payload], options);
}

/** When the still-queued jobs of `task` with these job keys run next (a key not queued has no row). */
export async function queuedRuns(db: Queryable, task: QueuedTask<unknown>, keys: string[]): Promise<{ key: string; run_at: Date }[]> {
  if (!keys.length) return [];
  return db.query<{ key: string; run_at: Date }>('select key, run_at from graphile_worker.jobs where task_identifier = $1 and key = any($2::text[])', [task.name, keys]);
}

/** A job to queue when something else happens (a job's end queues its webhook), as data. */
export interface FollowUp<P = unknown> {
  task: QueuedTask<P>;
  payload: P;
}

/**
 * The queue per task for the metrics: jobs ready (due, unlocked, attempts left), scheduled (due
 * later), running (locked) and failed (out of attempts), and how long the oldest ready job has been
 * due. Read at scrape time, so it gives up after `timeoutMs` (the statement, and the wait for a
 * connection when the pool is busy) rather than hold the scrape or a connection.
 */
export async function queueStats(db: Database, timeoutMs: number): Promise<QueueStats[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the queue was not read within ${timeoutMs} ms`)), timeoutMs);
  });
  const read = db.transaction(async (tx) => {
    await tx.query(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
    return tx.query<QueueStats>(
      `select task_identifier as task,
              count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now())::int as "ready",
              count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now())::int as "scheduled",
              count(*) filter (where locked_at is not null)::int as "running",
              count(*) filter (where locked_at is null and attempts >= max_attempts)::int as "failed",
              coalesce(extract(epoch from now() - min(run_at) filter (where locked_at is null and attempts < max_attempts and run_at <= now())), 0)::float8 as "oldestReadySeconds"
       from graphile_worker.jobs group by task_identifier`,
    );
  });
  read.catch(() => {}); // a read that loses the race is dropped; its error was already answered by the timeout
  try {
    return await Promise.race([read, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
