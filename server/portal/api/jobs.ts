/** GET /portal/api/jobs/: recent async jobs with their webhook deliveries. */
import { definePortalRoute } from '../handler.ts';

export default definePortalRoute({
  op: 'portalJobs',
  auth: 'session',
  async handle(ctx) {
    return { jobs: await ctx.services.webhookDeliveries.recentJobs(ctx.session.userId) };
  },
});
