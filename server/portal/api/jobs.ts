/** GET /portal/api/jobs/: recent async jobs with their webhook deliveries. */
import { recentJobs } from '../../platform/portal-views.ts';
import { definePortalRoute } from '../handler.ts';

export default definePortalRoute({
  op: 'portalJobs',
  auth: 'session',
  async handle(ctx) {
    return { jobs: await recentJobs(ctx.services.db, ctx.session.userId) };
  },
});
