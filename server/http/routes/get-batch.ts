/** GET /api/batches/{batch_id}/: a batch's state, counts, credits and one page of its items, for its owner only. */
import { BATCH_LIMITS } from '../../../contract/catalogue.ts';
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({
  op: 'getBatch',
  auth: 'principal',
  async handle(ctx, input) {
    const page = { cursor: input.cursor, limit: input.limit ?? BATCH_LIMITS.pageSize };
    return { body: await ctx.services.batches.read(ctx.principal.userId, input.batch_id, page, ctx.services.clock()) };
  },
});
