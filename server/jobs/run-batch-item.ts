/**
 * run_batch_item: one item of a batch (platform/batches.ts queues it when the account has a free
 * slot). Runs the item's service like its single request (operations/batch.ts); the result is
 * stored, the slot passed on and, for the batch's last item, the batch ended and its webhook queued,
 * in one transaction. An item that fails on its last attempt is marked failed and refunded in one
 * transaction. Safe to run twice: a final item is not run again, and its end is conditional.
 */
import { z } from 'zod';
import { BATCH_SERVICES } from '../../contract/catalogue.ts';
import { runBatchItem as runItem } from '../operations/batch.ts';
import { startBatchItem } from '../platform/data/batches.ts';
import { defineTask } from './task.ts';

const runBatchItem = defineTask({
  name: 'run_batch_item',
  payload: z.object({ itemId: z.string().uuid() }),
  maxAttempts: 3,
  jobKey: ({ itemId }) => `batch-item:${itemId}`,
  async handle(services, { itemId }, helpers) {
    const item = await startBatchItem(services.db, itemId);
    if (!item) return; // final already: cancelled before it started, or a duplicate run
    try {
      const body = await runItem(
        { services, userId: item.user_id, taskId: null, charges: item.charges, jobId: item.id },
        { operation: BATCH_SERVICES[item.service], content: item.input.content, document: item.input.document, words: item.word_count, options: item.options },
      );
      await services.batches.succeed(item, body, services.clock());
    } catch (error) {
      const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
      helpers.logger.error(`batch item ${itemId} attempt ${helpers.job.attempts} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!lastAttempt) throw error; // graphile-worker retries it
      await services.batches.fail(item, 'Processing failed; the credits were refunded.', services.clock());
    }
  },
});

export default runBatchItem;
