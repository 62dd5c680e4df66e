/**
 * Every graphile-worker task, one file each. graphile-worker's own `GraphileWorker.Tasks` (task
 * name → payload) is filled from their declarations, and the task list is typed as a record of
 * those names, so a declared task missing from the list (or a name without a task) does not
 * compile. The crontab comes from the declarations too.
 */
import type { Task } from 'graphile-worker';
import type { z } from 'zod';
import type { Services } from '../context.ts';
import deliverBatchWebhook from './deliver-batch-webhook.ts';
import deliverWebhook from './deliver-webhook.ts';
import purgeExpired from './purge-expired.ts';
import resetBillingPeriods from './reset-billing-periods.ts';
import runBatchItem from './run-batch-item.ts';
import runTextJob from './run-text-job.ts';
import { toWorkerTask } from './task.ts';

export { deliverBatchWebhook, deliverWebhook, runBatchItem, runTextJob };

const TASKS = [runTextJob, deliverWebhook, runBatchItem, deliverBatchWebhook, purgeExpired, resetBillingPeriods] as const;
type Declared = (typeof TASKS)[number];

/**
 * Names a task had before, still listed so that jobs queued under them before a deploy run after
 * it (a queued job keeps its task name). run_job: run_text_job until this rename; drop it once
 * `select count(*) from graphile_worker.jobs where task_identifier = 'run_job'` is 0 everywhere.
 */
const LEGACY_NAMES = { run_job: runTextJob } as const;

type TaskPayloads = { [D in Declared as D['name']]: z.input<D['payload']> } & { [L in keyof typeof LEGACY_NAMES]: z.input<(typeof LEGACY_NAMES)[L]['payload']> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- graphile-worker's own declaration-merging point
  namespace GraphileWorker {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by extension
    interface Tasks extends TaskPayloads {}
  }
}

export function buildTaskList(services: Services): { [N in keyof GraphileWorker.Tasks]: Task<N> } {
  return {
    run_text_job: toWorkerTask(services, runTextJob),
    deliver_webhook: toWorkerTask(services, deliverWebhook),
    run_batch_item: toWorkerTask(services, runBatchItem),
    deliver_batch_webhook: toWorkerTask(services, deliverBatchWebhook),
    purge_expired: toWorkerTask(services, purgeExpired),
    reset_billing_periods: toWorkerTask(services, resetBillingPeriods),
    run_job: toWorkerTask(services, LEGACY_NAMES.run_job),
  };
}

/** graphile-worker crontab lines of the scheduled tasks (?max=1: one try, the next tick retries). */
export const CRONTAB = TASKS.filter((task) => task.cron).map((task) => `${task.cron} ${task.name} ?max=1`).join('\n');
