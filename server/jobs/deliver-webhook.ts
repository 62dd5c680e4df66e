/**
 * deliver_webhook: one POST of a finished job's body to its callback_url. The delivery owns its
 * whole life: send, record the attempt, and schedule the next one (our own backoff, with the same
 * webhook-id) until WEBHOOK_MAX_ATTEMPTS.
 */
import { z } from 'zod';
import { jobBody } from '../platform/jobs.ts';
import { enqueue } from '../platform/data/queue.ts';
import { loadJob, recordWebhookAttempt } from '../platform/data/jobs.ts';
import { outboundPolicy } from '../platform/outbound.ts';
import { attemptWebhook, WEBHOOK_MAX_ATTEMPTS } from '../platform/webhooks.ts';
import { countWebhookDelivery } from '../metrics/registry.ts';
import { defineTask } from './task.ts';

const deliverWebhook = defineTask({
  name: 'deliver_webhook',
  payload: z.object({ jobId: z.string().uuid(), attempt: z.number().int().min(1) }),
  // One graphile-worker attempt per delivery attempt: retries are rescheduled below.
  maxAttempts: 1,
  jobKey: ({ jobId }) => `webhook:${jobId}`,
  async handle(services, { jobId, attempt }) {
    const { db } = services;
    const job = await loadJob(db, jobId);
    if (!job?.callback_url) return;
    const result = await attemptWebhook(
      { url: job.callback_url, webhookId: `msg_${job.id}`, body: JSON.stringify(jobBody(job)), secret: job.webhook_secret ?? undefined },
      outboundPolicy(services.config),
      services.clock(),
      services.webhookTimeoutMs,
    );
    const retry = !result.ok && attempt < WEBHOOK_MAX_ATTEMPTS;
    await db.transaction(async (tx) => {
      await recordWebhookAttempt(tx, 'job_id', jobId, attempt, result);
      if (retry) await enqueue(tx, deliverWebhook, { jobId, attempt: attempt + 1 }, { runAt: new Date(services.clock().getTime() + services.webhookRetryDelayMs(attempt)) });
    });
    countWebhookDelivery(result.ok ? 'delivered' : retry ? 'retry' : 'gave_up');
  },
});

export default deliverWebhook;
