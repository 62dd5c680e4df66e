/** GET /portal/api/usage/: the account (as GET /api/account/) and credits used per day and service. */
import { accountSummary } from '../../platform/portal-views.ts';
import { dailyUsage } from '../../platform/data/ledger.ts';
import { definePortalRoute } from '../handler.ts';

export default definePortalRoute({
  op: 'portalUsage',
  auth: 'session',
  async handle(ctx) {
    const { email: _email, ...account } = await accountSummary(ctx.services.db, ctx.session.userId);
    return { account, daily: await dailyUsage(ctx.services.db, ctx.session.userId, account.period_start) };
  },
});
