/** POST /portal/api/password/: an invite link sets the password and signs this browser in. */
import { setPasswordWithInvite } from '../../platform/portal-accounts.ts';
import { definePortalRoute } from '../handler.ts';
import { signIn } from '../session-cookie.ts';

export default definePortalRoute({
  op: 'portalSetPassword',
  auth: 'none',
  async handle(ctx, { token, password }) {
    const { userId, email, plan } = await setPasswordWithInvite(ctx.services.db, token, password, ctx.services.clock());
    // The link proved the address: sign the browser in rather than ask for the new password at once.
    await signIn(ctx, { id: userId, email, plan_name: plan });
    return { status: 'ok', email };
  },
});
