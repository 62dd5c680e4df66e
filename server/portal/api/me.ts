/** GET /portal/api/me/: the signed-in user, plan and the session's CSRF token. */
import { definePortalRoute } from '../handler.ts';
import { me } from '../session-cookie.ts';

export default definePortalRoute({
  op: 'portalMe',
  auth: 'session',
  async handle(ctx) {
    return me(ctx.session);
  },
});
