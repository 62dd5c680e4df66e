/**
 * run_text_job: an accepted async text request (detector, humanizer, detect-and-humanize). Runs the same
 * work as the synchronous endpoint; the result is stored and its webhook queued in one transaction.
 * A job that fails on its last attempt is marked failed and refunded in one transaction.
 */
import { z } from 'zod';
import { placeResult } from '../operations/documents.ts';
import { runTextOperation } from '../operations/text.ts';
import { completeJob, failJob } from '../platform/jobs.ts';
import { startJob } from '../platform/data/jobs.ts';
import deliverWebhook from './deliver-webhook.ts';
import { defineTask } from './task.ts';

const runTextJob = defineTask({
  // The name graphile-worker stores. Jobs queued under its old name, run_job, still run: the task
  // list keeps that name too (jobs/index.ts LEGACY_NAMES).
  name: 'run_text_job',
  payload: z.object({ jobId: z.string().uuid() }),
  maxAttempts: 3,
  jobKey: ({ jobId }) => `job:${jobId}`,
  async handle(services, { jobId }, helpers) {
    const { db } = services;
    const job = await startJob(db, jobId);
    if (!job) return; // already final: a duplicate run
    const queueWebhook = job.callback_url ? { task: deliverWebhook, payload: { jobId: job.id, attempt: 1 } } : undefined;
    try {
      const result = await runTextOperation({ services, userId: job.user_id, taskId: job.id, charges: job.charges, jobId: job.id }, job.operation, job.input, job.word_count);
      // A document's job is placed in the document, as the synchronous answer is.
      const body = placeResult(result, { text: job.input.content, document: job.input.document });
      await completeJob(db, job, body, services.clock(), queueWebhook);
    } catch (error) {
      const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
      helpers.logger.error(`job ${jobId} attempt ${helpers.job.attempts} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!lastAttempt) throw error; // graphile-worker retries it
      await failJob(db, job, 'Processing failed; the credits were refunded.', services.clock(), queueWebhook);
    }
  },
});

export default runTextJob;
