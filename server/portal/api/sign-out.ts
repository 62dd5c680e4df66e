/** DELETE /portal/api/session/: ends this session and clears the cookie. */
import { endSession } from '../../platform/data/sessions.ts';
import { definePortalRoute } from '../handler.ts';
import { setSessionCookie } from '../session-cookie.ts';

export default definePortalRoute({
  op: 'portalSignOut',
  auth: 'session',
  async handle(ctx) {
    await endSession(ctx.services.db, ctx.session.idHash);
    setSessionCookie(ctx, null);
    return { status: 'ok' };
  },
});
