/** POST /portal/api/jobs/{task_id}/redeliver/: one more delivery of a finished job's webhook. */
import { definePortalRoute } from '../handler.ts';

export default definePortalRoute({
  op: 'portalRedeliver',
  auth: 'session',
  async handle(ctx, { task_id }) {
    await ctx.services.webhookDeliveries.redeliver(ctx.session.userId, task_id);
    return { status: 'ok' };
  },
});
