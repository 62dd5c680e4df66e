/**
 * How a graphile-worker task is declared: one file per task under jobs/ with its name, zod payload,
 * attempts and handler. The task list and the crontab are built from these declarations
 * (jobs/index.ts); enqueueing goes through platform/queue.ts with the same declaration.
 */
import type { JobHelpers, Task } from 'graphile-worker';
import type { z } from 'zod';
import type { Services } from '../context.ts';
import type { QueuedTask } from '../platform/queue.ts';

export interface TaskDef<P> extends QueuedTask<P> {
  /** A crontab schedule (minute hour day month weekday) for tasks the worker runs on its own. */
  cron?: string;
  /** Every task is safe to run twice: state changes are conditional and refunds idempotent. */
  handle(services: Services, payload: P, helpers: JobHelpers): Promise<void>;
}

export function defineTask<S extends z.ZodType>(def: TaskDef<z.infer<S>> & { payload: S }): TaskDef<z.infer<S>> {
  return def;
}

/** The graphile-worker function of a declared task: the payload is parsed by its schema first. */
export function toWorkerTask<P>(services: Services, def: TaskDef<P>): Task {
  return async (payload, helpers) => def.handle(services, def.payload.parse(payload), helpers);
}
