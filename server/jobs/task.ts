/**
 * How a graphile-worker task is declared: one file per task under jobs/ (file, export and task
 * name the same word: run-text-job.ts, runTextJob, 'run_text_job') with its name, zod payload,
 * attempts and handler. The task list, graphile-worker's `GraphileWorker.Tasks` and the crontab
 * are built from these declarations (jobs/index.ts); enqueueing goes through platform/data/queue.ts
 * with the same declaration.
 */
import type { JobHelpers, Task } from 'graphile-worker';
import type { z } from 'zod';
import type { Services } from '../context.ts';
import type { QueuedTask } from '../platform/data/queue.ts';

export interface TaskDef<N extends string, P> extends QueuedTask<P> {
  name: N;
  /** A crontab schedule (minute hour day month weekday) for tasks the worker runs on its own. */
  cron?: string;
  /** Every task is safe to run twice: state changes are conditional and refunds idempotent. */
  handle(services: Services, payload: P, helpers: JobHelpers): Promise<void>;
}

export function defineTask<N extends string, S extends z.ZodType>(def: TaskDef<N, z.infer<S>> & { payload: S }): TaskDef<N, z.infer<S>> {
  return def;
}

/** The graphile-worker function of a declared task: the payload is parsed by its schema first. */
export function toWorkerTask<N extends string, P>(services: Services, def: TaskDef<N, P>): Task {
  return async (payload, helpers) => def.handle(services, def.payload.parse(payload), helpers);
}
