/** GET /portal/api/ledger/: the credit ledger, newest first, paginated. */
import { ledgerPage } from '../../platform/data/ledger.ts';
import { definePortalRoute } from '../handler.ts';

export default definePortalRoute({
  op: 'portalLedger',
  auth: 'session',
  async handle(ctx, { page, per_page }) {
    const { entries, total } = await ledgerPage(ctx.services.db, ctx.session.userId, page, per_page);
    return { entries, page, per_page, total };
  },
});
