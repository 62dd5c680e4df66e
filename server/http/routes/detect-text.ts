/** POST /api/detector/: the AI score of a text and of each sentence; synchronous, or a job. */
import { TEXT_BOUNDS, textCharges } from '../../../contract/catalogue.ts';
import { paidWork, runDetection } from '../../operations/text.ts';
import { checkTextBounds } from '../../platform/bounds.ts';
import { chargedWork } from '../../platform/credits.ts';
import { acceptTextJob, isAsync } from '../accept-job.ts';
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({
  op: 'detectText',
  auth: 'key',
  async handle(ctx, input) {
    const words = checkTextBounds(input.content, TEXT_BOUNDS.detectText);
    if (isAsync(input)) {
      const job = await acceptTextJob(ctx, 'detectText', input, words);
      return {
        status: 202,
        body: { status: 'pending' as const, task_id: job.taskId, result: null, ai_score: null, items: null, service_name: null, execution_time: null, word_count: words, credits_remaining: job.balanceAfter, message: null, user: { id: job.userId } },
      };
    }
    // The charge checks the key in its own statement (one round trip for auth and charge).
    const paid = await ctx.services.charges.chargeByKey(ctx.key, textCharges('detectText', words), { requestId: ctx.requestId });
    const work = paidWork(ctx.services, paid, ctx.requestId);
    const body = await chargedWork(ctx.services.db, paid, ctx.requestId, () => runDetection(work, input.content, words));
    return { body };
  },
});
