/** GET /portal/api/jobs/: recent async jobs and batches with their webhook deliveries. */
import { definePortalRoute } from '../handler.ts';

export default definePortalRoute({
  op: 'portalJobs',
  auth: 'session',
  async handle(ctx) {
    const [jobs, batches] = await Promise.all([ctx.services.webhookDeliveries.recentJobs(ctx.session.userId), ctx.services.batches.recent(ctx.session.userId)]);
    return { jobs, batches };
  },
});
