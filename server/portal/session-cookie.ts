/** The portal's session cookie and what a sign-in answers, for the routes that sign a browser in or out. */
import { SESSION_COOKIE } from '../../contract/portal.ts';
import { createSession, endSessionById, type Session } from '../platform/data/sessions.ts';
import type { PortalRequest } from './handler.ts';

export function me(session: Pick<Session, 'userId' | 'email' | 'plan' | 'csrfToken'>) {
  return { user: { id: session.userId, email: session.email }, plan: session.plan, csrf_token: session.csrfToken };
}

/** Starts a fresh session for `user` (ending the one the browser had: no session fixation). */
export async function signIn(ctx: PortalRequest, user: { id: number; email: string; plan_name: string }) {
  const old = ctx.koa.cookies.get(SESSION_COOKIE);
  if (old) await endSessionById(ctx.services.db, old);
  const { id, csrfToken } = await createSession(ctx.services.db, user.id, ctx.policy, ctx.services.clock());
  setSessionCookie(ctx, id);
  return me({ userId: user.id, email: user.email, plan: user.plan_name, csrfToken });
}

export function setSessionCookie(ctx: PortalRequest, value: string | null) {
  const secure = ctx.koa.protocol === 'https' || ctx.services.config.PORTAL_SECURE_COOKIES;
  const age = value === null ? 0 : Math.floor(ctx.policy.absoluteMs / 1000);
  ctx.koa.append('Set-Cookie', `${SESSION_COOKIE}=${value ?? ''}; Path=/portal/; Max-Age=${age}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}
