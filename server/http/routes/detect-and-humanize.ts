/** POST /api/detect-and-humanize/: detects, then humanizes only above the threshold; synchronous, or a job. */
import { TEXT_BOUNDS, textCharges } from '../../../contract/catalogue.ts';
import { paidWork, runDetectAndHumanize } from '../../operations/text.ts';
import { checkTextBounds } from '../../platform/bounds.ts';
import { chargedWork } from '../../platform/credits.ts';
import { acceptTextJob, isAsync } from '../accept-job.ts';
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({
  op: 'detectAndHumanize',
  auth: 'key',
  async handle(ctx, input) {
    const words = checkTextBounds(input.content, TEXT_BOUNDS.detectAndHumanize);
    if (isAsync(input)) {
      const job = await acceptTextJob(ctx, 'detectAndHumanize', input, words);
      return {
        status: 202,
        body: {
          status: 'pending' as const, task_id: job.taskId, ai_score: null, detection_threshold: input.detection_threshold, needs_humanization: null, detector_service: null, detection_time: null,
          word_count: words, credits_remaining: job.balanceAfter, message: 'Accepted for processing.', user: { id: job.userId },
        },
      };
    }
    const paid = await ctx.services.charges.chargeByKey(ctx.key, textCharges('detectAndHumanize', words), { requestId: ctx.requestId });
    const work = paidWork(ctx.services, paid, ctx.requestId);
    const body = await chargedWork(ctx.services.db, paid, ctx.requestId, () => runDetectAndHumanize(work, input.content, words, input.detection_threshold));
    return { body };
  },
});
