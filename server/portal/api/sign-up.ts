/** POST /portal/api/sign-up/: open sign-up, only with PORTAL_SIGNUP=open. */
import { ApiError } from '../../platform/errors.ts';
import { signUp } from '../../platform/portal-accounts.ts';
import { definePortalRoute } from '../handler.ts';
import { signIn } from '../session-cookie.ts';

export default definePortalRoute({
  op: 'portalSignUp',
  auth: 'none',
  async handle(ctx, { email, password }) {
    if (ctx.services.config.PORTAL_SIGNUP !== 'open') throw new ApiError('not_found', 'Sign-up is by invitation only; ask the operator for an invite.');
    await ctx.services.signInLimits.attempt(email, ctx.koa.ip);
    const user = await signUp(ctx.services.db, email, password, ctx.services.clock());
    await ctx.services.signInLimits.succeeded(email, ctx.koa.ip);
    return signIn(ctx, user);
  },
});
