/**
 * graphile-worker's queue as the platform writes to it: a typed enqueue of a declared task (its
 * name, payload schema and attempts come from its declaration in server/jobs/), on the caller's
 * transaction, so the job exists exactly when the transaction commits.
 */
import type { z } from 'zod';
import type { Queryable } from '../db/database.ts';

/** What the queue needs of a task's declaration. */
export interface QueuedTask<P> {
  name: string;
  payload: z.ZodType<P>;
  maxAttempts: number;
  /** A job key makes a second enqueue of the same job replace the first (graphile-worker job_key). */
  jobKey?(payload: P): string;
}

export async function enqueue<P>(tx: Queryable, task: QueuedTask<P>, payload: P, options: { runAt?: Date } = {}): Promise<void> {
  await tx.query('select graphile_worker.add_job($1, $2::json, job_key := $3, max_attempts := $4, run_at := $5)', [
    task.name,
    JSON.stringify(task.payload.parse(payload)),
    task.jobKey?.(payload) ?? null,
    task.maxAttempts,
    options.runAt ?? null,
  ]);
}
