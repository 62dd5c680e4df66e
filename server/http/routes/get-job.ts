/** GET /api/jobs/{task_id}/: an async job's state or result, for its owner only. */
import { readJob } from '../../platform/jobs.ts';
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({
  op: 'getJob',
  auth: 'principal',
  async handle(ctx, input) {
    return { body: await readJob(ctx.services.db, ctx.principal.userId, input.task_id, ctx.services.clock()) };
  },
});
