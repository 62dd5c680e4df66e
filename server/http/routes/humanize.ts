/** POST /api/humanizer/: rewrites AI-sounding text; synchronous (rate limited per plan), or a job. */
import { TEXT_BOUNDS, textCharges } from '../../../contract/catalogue.ts';
import { paidWork, runHumanizer } from '../../operations/text.ts';
import { checkTextBounds } from '../../platform/bounds.ts';
import { chargedWork } from '../../platform/credits.ts';
import { acceptTextJob, isAsync } from '../accept-job.ts';
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({
  op: 'humanize',
  auth: 'key',
  async handle(ctx, input) {
    const words = checkTextBounds(input.content, TEXT_BOUNDS.humanize);
    if (isAsync(input)) {
      const job = await acceptTextJob(ctx, 'humanize', input, words);
      return {
        status: 202,
        body: { status: 'pending' as const, task_id: job.taskId, result: null, service_name: null, execution_time: null, word_count: words, credits_remaining: job.balanceAfter, user: { id: job.userId } },
      };
    }
    // The rate limit needs the plan, so the key is looked up first here.
    const principal = await ctx.key.principal();
    const rateHeaders = await ctx.services.rateLimits.consume('humanizer_sync', principal.userId, principal.plan.humanizer_sync_per_minute);
    const paid = await ctx.services.charges.chargeByKey(ctx.key, textCharges('humanize', words), { requestId: ctx.requestId });
    const work = paidWork(ctx.services, paid, ctx.requestId);
    const body = await chargedWork(ctx.services.db, paid, ctx.requestId, () => runHumanizer(work, input.content, words));
    return { body, headers: rateHeaders };
  },
});
