/**
 * deliver_batch_webhook: one POST of a finished batch's `batch.completed` event to its callback_url,
 * signed and retried like a job's (jobs/deliver-webhook.ts): send, record the attempt, and schedule
 * the next one with the same webhook-id until WEBHOOK_MAX_ATTEMPTS.
 */
import { z } from 'zod';
import { batchCompletedEvent } from '../platform/batches.ts';
import { loadBatch } from '../platform/data/batches.ts';
import { recordWebhookAttempt } from '../platform/data/jobs.ts';
import { enqueue } from '../platform/data/queue.ts';
import { outboundPolicy } from '../platform/outbound.ts';
import { attemptWebhook, WEBHOOK_MAX_ATTEMPTS } from '../platform/webhooks.ts';
import { defineTask } from './task.ts';

const deliverBatchWebhook = defineTask({
  name: 'deliver_batch_webhook',
  payload: z.object({ batchId: z.string().uuid(), attempt: z.number().int().min(1) }),
  // One graphile-worker attempt per delivery attempt: retries are rescheduled below.
  maxAttempts: 1,
  jobKey: ({ batchId }) => `batch-webhook:${batchId}`,
  async handle(services, { batchId, attempt }) {
    const { db } = services;
    const batch = await loadBatch(db, batchId);
    if (!batch?.callback_url || !batch.completed_at) return;
    const result = await attemptWebhook(
      { url: batch.callback_url, webhookId: `msg_${batch.id}`, body: JSON.stringify(await batchCompletedEvent(db, batch)), secret: batch.webhook_secret ?? undefined },
      outboundPolicy(services.config),
      services.clock(),
      services.webhookTimeoutMs,
    );
    await db.transaction(async (tx) => {
      await recordWebhookAttempt(tx, 'batch_id', batchId, attempt, result);
      if (!result.ok && attempt < WEBHOOK_MAX_ATTEMPTS) {
        await enqueue(tx, deliverBatchWebhook, { batchId, attempt: attempt + 1 }, { runAt: new Date(services.clock().getTime() + services.webhookRetryDelayMs(attempt)) });
      }
    });
  },
});

export default deliverBatchWebhook;
