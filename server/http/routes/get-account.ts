/** GET /api/account/: the calling key's account (plan, balance, billing period, limits, usage per service). */
import { accountSummary } from '../../platform/portal-views.ts';
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({
  op: 'getAccount',
  auth: 'principal',
  async handle(ctx) {
    const { email: _email, ...account } = await accountSummary(ctx.services.db, ctx.principal.userId);
    return { body: account };
  },
});
