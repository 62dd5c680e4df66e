/** DELETE /portal/api/sessions/: ends every session of the account, this one included. */
import { endAllSessions } from '../../platform/data/sessions.ts';
import { definePortalRoute } from '../handler.ts';
import { setSessionCookie } from '../session-cookie.ts';

export default definePortalRoute({
  op: 'portalSignOutEverywhere',
  auth: 'session',
  async handle(ctx) {
    const ended = await endAllSessions(ctx.services.db, ctx.session.userId);
    setSessionCookie(ctx, null);
    return { status: 'ok', sessions_ended: ended };
  },
});
