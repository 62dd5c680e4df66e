/**
 * graphile-worker tasks, each declared once with a zod payload schema. Every task is safe to run
 * twice: job state transitions are conditional updates and refunds are idempotent.
 */
import type { JobHelpers, Task, TaskList } from 'graphile-worker';
import { z } from 'zod';
import { resetDueBillingPeriods } from '../platform/credits.ts';
import { purgeExpiredIdempotencyRecords } from '../platform/idempotency.ts';
import { completeJob, enqueue, failJob, jobBody, loadJob, purgeExpiredJobs, startJob } from '../platform/jobs.ts';
import { attemptWebhook, WEBHOOK_MAX_ATTEMPTS } from '../platform/webhooks.ts';
import { runTextOperation } from '../operations/text.ts';
import type { Services } from '../services.ts';

function task<S extends z.ZodType>(schema: S, run: (payload: z.infer<S>, helpers: JobHelpers) => Promise<void>): Task {
  return async (payload, helpers) => run(schema.parse(payload), helpers);
}

export function buildTaskList(services: Services): TaskList {
  const { db } = services;
  return {
    run_job: task(z.object({ jobId: z.string().uuid() }), async ({ jobId }, helpers) => {
      const job = await startJob(db, jobId);
      if (!job) return; // already final: a duplicate run
      try {
        const body = await runTextOperation({ services, userId: job.user_id, taskId: job.id, charges: job.charges, jobId: job.id }, job.operation, job.input, job.word_count);
        await completeJob(db, job, body, services.clock());
      } catch (error) {
        const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
        helpers.logger.error(`job ${jobId} attempt ${helpers.job.attempts} failed: ${(error as Error).message}`);
        if (!lastAttempt) throw error; // graphile-worker retries it
        await failJob(db, job, 'Processing failed; the credits were refunded.', services.clock());
      }
    }),

    deliver_webhook: task(z.object({ jobId: z.string().uuid(), attempt: z.number().int().min(1) }), async ({ jobId, attempt }) => {
      const job = await loadJob(db, jobId);
      if (!job?.callback_url) return;
      const result = await attemptWebhook(
        { url: job.callback_url, webhookId: `msg_${job.id}`, body: JSON.stringify(jobBody(job)), secret: job.webhook_secret ?? undefined },
        { allowPrivate: services.config.ALLOW_PRIVATE_CALLBACKS },
        services.webhookTimeoutMs,
      );
      await db.transaction(async (tx) => {
        await tx.query(
          'insert into webhook_attempts (job_id, attempt, attempted_at, status_code, error, duration_ms, ok) values ($1, $2, $3, $4, $5, $6, $7)',
          [jobId, attempt, result.at, result.statusCode, result.error, result.durationMs, result.ok],
        );
        // Retries are our own schedule (graphile-worker's backoff is fixed), with the same webhook-id.
        if (!result.ok && attempt < WEBHOOK_MAX_ATTEMPTS) {
          await enqueue(tx, 'deliver_webhook', { jobId, attempt: attempt + 1 }, { jobKey: `webhook:${jobId}`, maxAttempts: 1, runAt: new Date(Date.now() + services.webhookRetryDelayMs(attempt)) });
        }
      });
    }),

    purge_expired: task(z.unknown(), async () => {
      await purgeExpiredJobs(db, services.clock());
      await purgeExpiredIdempotencyRecords(db);
    }),

    reset_billing_periods: task(z.unknown(), async () => {
      await resetDueBillingPeriods(db, services.clock());
    }),
  };
}

/** Cron: purge expired results every 5 minutes, start due billing periods hourly. */
export const CRONTAB = ['*/5 * * * * purge_expired ?max=1', '7 * * * * reset_billing_periods ?max=1'].join('\n');

