/** DELETE /api/batches/{batch_id}/: cancels the items not yet started and refunds each, once. */
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({
  op: 'cancelBatch',
  auth: 'principal',
  async handle(ctx, input) {
    return { body: await ctx.services.batches.cancel(ctx.principal.userId, input.batch_id, ctx.services.clock()) };
  },
});
