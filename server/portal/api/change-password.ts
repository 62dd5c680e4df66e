/** POST /portal/api/password/change/: needs the current password; ends every other session. */
import { changePassword } from '../../platform/portal-accounts.ts';
import { definePortalRoute } from '../handler.ts';

export default definePortalRoute({
  op: 'portalChangePassword',
  auth: 'session',
  async handle(ctx, { current_password, new_password }) {
    await changePassword(ctx.services.db, ctx.session.userId, current_password, new_password, ctx.session.idHash, ctx.services.clock());
    return { status: 'ok' };
  },
});
