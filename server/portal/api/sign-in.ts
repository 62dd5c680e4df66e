/** POST /portal/api/session/: sign in with email and password (rate limited per account and per address). */
import { ApiError } from '../../platform/errors.ts';
import { checkCredentials } from '../../platform/portal-accounts.ts';
import { definePortalRoute } from '../handler.ts';
import { signIn } from '../session-cookie.ts';

export default definePortalRoute({
  op: 'portalSignIn',
  auth: 'none',
  async handle(ctx, { email, password }) {
    await ctx.services.signInLimits.attempt(email, ctx.koa.ip);
    const user = await checkCredentials(ctx.services.db, email, password);
    if (!user) throw new ApiError('invalid_credentials', 'The email or the password is wrong.');
    await ctx.services.signInLimits.succeeded(email, ctx.koa.ip);
    return signIn(ctx, user);
  },
});
