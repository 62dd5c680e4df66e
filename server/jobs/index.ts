/** Every graphile-worker task, one file each; the task list and the crontab come from their declarations. */
import type { TaskList } from 'graphile-worker';
import type { Services } from '../context.ts';
import deliverWebhook from './deliver-webhook.ts';
import purgeExpired from './purge-expired.ts';
import resetBillingPeriods from './reset-billing-periods.ts';
import runTextJob from './run-text-job.ts';
import { toWorkerTask } from './task.ts';

export { deliverWebhook, runTextJob };

export function buildTaskList(services: Services): TaskList {
  return {
    [runTextJob.name]: toWorkerTask(services, runTextJob),
    [deliverWebhook.name]: toWorkerTask(services, deliverWebhook),
    [purgeExpired.name]: toWorkerTask(services, purgeExpired),
    [resetBillingPeriods.name]: toWorkerTask(services, resetBillingPeriods),
  };
}

/** graphile-worker crontab lines of the scheduled tasks (?max=1: one try, the next tick retries). */
export const CRONTAB = [purgeExpired, resetBillingPeriods].map((task) => `${task.cron} ${task.name} ?max=1`).join('\n');
