/**
 * The developer portal, served by the API process under /portal/: HTML pages (a server-rendered
 * shell per page, filled by a small typed client bundle), the bundle and stylesheet, the ledger
 * CSV, and the JSON routes of contract/portal.ts. Portal routes take the session cookie only; an
 * API key sent to them is refused, and the cookie (Path=/portal/) never authenticates /api/.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import type { z } from 'zod';
import { CSRF_HEADER, portalRoutes, SESSION_COOKIE, type PortalOperationId, type PortalRouteDef } from '../../contract/portal.ts';
import type * as p from '../../contract/portal.ts';
import { createApiKey } from '../platform/keys.ts';
import { ApiError } from '../platform/errors.ts';
import {
  changePassword, checkCredentials, portalSessionPolicy, createSession, endAllSessions, endSession, endSessionById, findSession, sameToken, setPasswordWithInvite, signUp,
  type Session, type SessionPolicy,
} from '../platform/portal-accounts.ts';
import { accountSummary, dailyUsage, deleteOwnKey, ledgerPage, listOwnKeys, ownKey, recentJobs, revokeOwnKey, type PortalKeyRow } from '../platform/portal-data.ts';
import type { Services } from '../context.ts';
import { bodyParser, uploadedFile } from '../http/body.ts';
import { clientAssets } from './assets.ts';
import { ledgerCsv } from './csv.ts';
import { PAGES, renderPage, rootPage, type PageId } from './pages.ts';
import { playgroundDetect, playgroundGrammar, playgroundHumanize, playgroundImage, playgroundPlagiarism, playgroundVoice, type PlaygroundCaller, type PlaygroundFile } from './playground.ts';
import type * as s from '../../contract/schemas.ts';

/** No inline script or style anywhere; everything comes from this origin. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";


interface PortalContext {
  services: Services;
  koa: Koa.Context;
  session: Session | undefined;
  policy: SessionPolicy;
}

type Handler<R extends PortalRouteDef> = (ctx: PortalContext & { session: R['auth'] extends 'session' ? Session : Session | undefined }, input: Record<string, unknown>) => Promise<z.infer<R['response']>>;
type Handlers = { [K in PortalOperationId]: Handler<Extract<(typeof portalRoutes)[number], { op: K }>> };

const iso = (d: Date | null) => d?.toISOString() ?? null;
const EXPIRATION_DAYS: Record<number, '30d' | '60d' | '90d'> = { 30: '30d', 60: '60d', 90: '90d' };

function keyBody(key: PortalKeyRow): z.infer<typeof p.PortalKey> {
  const days = key.expires_at ? Math.round((key.expires_at.getTime() - key.created_at.getTime()) / 86_400_000) : null;
  return {
    id: key.id, name: key.name, status: key.status, prefix: key.prefix, scopes: key.scopes as z.infer<typeof p.PortalKey>['scopes'],
    created_at: key.created_at.toISOString(), expiration: days === null ? 'never' : (EXPIRATION_DAYS[days] ?? '30d'), expires_at: iso(key.expires_at), last_used_at: iso(key.last_used_at),
  };
}

function me(session: Pick<Session, 'userId' | 'email' | 'plan' | 'csrfToken'>) {
  return { user: { id: session.userId, email: session.email }, plan: session.plan, csrf_token: session.csrfToken };
}

/** Starts a fresh session for `userId` (ending the one the browser had: no session fixation). */
async function signIn(ctx: PortalContext, user: { id: number; email: string; plan_name: string }) {
  const old = ctx.koa.cookies.get(SESSION_COOKIE);
  if (old) await endSessionById(ctx.services.db, old);
  const { id, csrfToken } = await createSession(ctx.services.db, user.id, ctx.policy, ctx.services.clock());
  setSessionCookie(ctx, id);
  return me({ userId: user.id, email: user.email, plan: user.plan_name, csrfToken });
}

function setSessionCookie(ctx: PortalContext, value: string | null) {
  const secure = ctx.koa.protocol === 'https' || ctx.services.config.PORTAL_SECURE_COOKIES;
  const age = value === null ? 0 : Math.floor(ctx.policy.absoluteMs / 1000);
  ctx.koa.append('Set-Cookie', `${SESSION_COOKIE}=${value ?? ''}; Path=/portal/; Max-Age=${age}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}

const handlers: Handlers = {
  async portalSignIn(ctx, input) {
    const { email, password } = input as z.infer<typeof p.SignInRequest>;
    await ctx.services.signInLimits.attempt(email, ctx.koa.ip);
    const user = await checkCredentials(ctx.services.db, email, password);
    if (!user) throw new ApiError('invalid_credentials', 'The email or the password is wrong.');
    await ctx.services.signInLimits.succeeded(email, ctx.koa.ip);
    return signIn(ctx, user);
  },
  async portalSignOut(ctx) {
    await endSession(ctx.services.db, ctx.session.idHash);
    setSessionCookie(ctx, null);
    return { status: 'ok' };
  },
  async portalSignOutEverywhere(ctx) {
    const ended = await endAllSessions(ctx.services.db, ctx.session.userId);
    setSessionCookie(ctx, null);
    return { status: 'ok', sessions_ended: ended };
  },
  async portalMe(ctx) {
    return me(ctx.session);
  },
  async portalSetPassword(ctx, input) {
    const { token, password } = input as z.infer<typeof p.SetPasswordRequest>;
    const { userId, email, plan } = await setPasswordWithInvite(ctx.services.db, token, password, ctx.services.clock());
    // The link proved the address: sign the browser in rather than ask for the new password at once.
    await signIn(ctx, { id: userId, email, plan_name: plan });
    return { status: 'ok', email };
  },
  async portalChangePassword(ctx, input) {
    const { current_password, new_password } = input as z.infer<typeof p.ChangePasswordRequest>;
    await changePassword(ctx.services.db, ctx.session.userId, current_password, new_password, ctx.session.idHash, ctx.services.clock());
    return { status: 'ok' };
  },
  async portalSignUp(ctx, input) {
    if (ctx.services.config.PORTAL_SIGNUP !== 'open') throw new ApiError('not_found', 'Sign-up is by invitation only; ask the operator for an invite.');
    const { email, password } = input as z.infer<typeof p.SignUpRequest>;
    await ctx.services.signInLimits.attempt(email, ctx.koa.ip);
    const user = await signUp(ctx.services.db, email, password, ctx.services.clock());
    await ctx.services.signInLimits.succeeded(email, ctx.koa.ip);
    return signIn(ctx, user);
  },
  async portalListKeys(ctx) {
    const { keys, active, maxActiveKeys } = await listOwnKeys(ctx.services.db, ctx.session.userId);
    return { keys: keys.map(keyBody), active, max_active_keys: maxActiveKeys };
  },
  async portalCreateKey(ctx, input) {
    const { name, scopes, expiration } = input as z.infer<typeof p.CreateKeyRequest>;
    try {
      const { key, record } = await createApiKey(ctx.services.db, { userId: ctx.session.userId, name, scopes, expiration });
      return { key, record: keyBody(await ownKey(ctx.services.db, ctx.session.userId, record.id)) };
    } catch (error) {
      if (error instanceof ApiError && typeof error.details?.limit === 'number') {
        const limit = error.details.limit;
        throw new ApiError('invalid_payload', `Your ${ctx.session.plan} plan allows ${limit} active key${limit === 1 ? '' : 's'}, and you have ${limit}. Revoke or delete a key you no longer use, or move to a larger plan, then create the new one.`, error.details);
      }
      throw error;
    }
  },
  async portalRevokeKey(ctx, input) {
    return keyBody(await revokeOwnKey(ctx.services.db, ctx.session.userId, input.key_id as string));
  },
  async portalDeleteKey(ctx, input) {
    await deleteOwnKey(ctx.services.db, ctx.session.userId, input.key_id as string);
    return { status: 'ok' };
  },
  async portalUsage(ctx) {
    const { email: _email, ...account } = await accountSummary(ctx.services.db, ctx.session.userId);
    return { account, daily: await dailyUsage(ctx.services.db, ctx.session.userId, account.period_start) };
  },
  async portalLedger(ctx, input) {
    const { page, per_page } = input as z.infer<typeof p.LedgerQuery>;
    const { entries, total } = await ledgerPage(ctx.services.db, ctx.session.userId, page, per_page);
    return { entries, page, per_page, total };
  },
  async portalJobs(ctx) {
    return { jobs: await recentJobs(ctx.services.db, ctx.session.userId) };
  },
  async portalRedeliver(ctx, input) {
    await ctx.services.webhookRedelivery.redeliver(ctx.session.userId, input.task_id as string);
    return { status: 'ok' };
  },
  async portalPlaygroundDetect(ctx, input) {
    return playgroundDetect(caller(ctx), (input as { content: string }).content);
  },
  async portalPlaygroundHumanize(ctx, input) {
    return playgroundHumanize(caller(ctx), (input as { content: string }).content);
  },
  async portalPlaygroundGrammar(ctx, input) {
    return playgroundGrammar(caller(ctx), input as z.infer<typeof s.GrammarRequest>);
  },
  async portalPlaygroundPlagiarism(ctx, input) {
    return playgroundPlagiarism(caller(ctx), input as z.infer<typeof s.PlagiarismRequest>);
  },
  async portalPlaygroundImage(ctx, input) {
    return playgroundImage(caller(ctx), input.file as PlaygroundFile);
  },
  async portalPlaygroundVoice(ctx, input) {
    return playgroundVoice(caller(ctx), input.file as PlaygroundFile);
  },
};

function caller(ctx: PortalContext & { session: Session }): PlaygroundCaller {
  return { services: ctx.services, userId: ctx.session.userId, requestId: ctx.koa.state.requestId };
}

/** The origins this server is reached at: the request's own, and PUBLIC_URL's. */
function trustedOrigin(ctx: Koa.Context, services: Services): boolean {
  const origin = ctx.get('origin');
  if (!origin) return false;
  // Not ctx.origin: in Koa 3 that can echo the Origin header itself.
  if (origin === `${ctx.protocol}://${ctx.host}`) return true;
  return !!services.config.PUBLIC_URL && origin === new URL(services.config.PUBLIC_URL).origin;
}

/** The route's input, validated by its contract schema: the JSON body, the uploaded file, or the path and query. */
function portalInput(route: PortalRouteDef, ctx: Koa.Context): Record<string, unknown> {
  if (route.request.kind === 'multipart') return { file: uploadedFile(ctx) };
  const raw = route.request.kind === 'json' ? ctx.request.body : { ...ctx.query, ...ctx.params };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new ApiError('invalid_payload', 'The JSON body must be an object.');
  const schema = route.request.kind === 'json' ? route.request.body : (route.query ?? route.params);
  return schema ? ({ ...(schema.parse(raw) as object), ...(route.params ? route.params.parse(ctx.params) : {}) } as Record<string, unknown>) : {};
}

function securityHeaders(ctx: Koa.Context) {
  ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Cache-Control', 'no-store');
}

export function mountPortal(router: Router, services: Services): void {
  const policy = portalSessionPolicy(services.config);
  const currentSession = async (ctx: Koa.Context): Promise<Session | undefined> => {
    const id = ctx.cookies.get(SESSION_COOKIE);
    return id ? findSession(services.db, id, policy, services.clock()) : undefined;
  };
  const assets = clientAssets();

  router.get('/', (ctx) => {
    securityHeaders(ctx);
    ctx.type = 'text/html';
    ctx.body = rootPage();
  });

  router.get('/portal/assets/:file', async (ctx) => {
    const asset = (await assets())[ctx.params.file];
    if (!asset) throw new ApiError('not_found', `No asset ${ctx.params.file}.`);
    securityHeaders(ctx);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = asset.type;
    ctx.body = asset.body;
  });

  // Browsers ask for /favicon.ico on every page that names no icon (the API reference, openapi.yaml).
  router.get('/favicon.ico', async (ctx) => {
    const icon = (await assets())['favicon.svg'];
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = icon.type;
    ctx.body = icon.body;
  });

  router.get('/portal', (ctx) => ctx.redirect('/portal/'));
  router.get('/portal/', async (ctx) => ctx.redirect((await currentSession(ctx)) ? '/portal/keys' : '/portal/sign-in'));

  for (const [id, page] of Object.entries(PAGES) as [PageId, (typeof PAGES)[PageId]][]) {
    router.get(`/portal/${id}`, async (ctx) => {
      securityHeaders(ctx);
      const session = await currentSession(ctx);
      if (page.signedIn && !session) return ctx.redirect(`/portal/sign-in?next=${encodeURIComponent(`/portal/${id}`)}`);
      if (id === 'sign-up' && services.config.PORTAL_SIGNUP !== 'open') return ctx.redirect('/portal/sign-in');
      ctx.type = 'text/html';
      ctx.body = renderPage(id, session && page.signedIn ? session : undefined, { signup: services.config.PORTAL_SIGNUP === 'open' });
    });
  }

  router.get('/portal/usage/ledger.csv', async (ctx) => {
    securityHeaders(ctx);
    const session = await currentSession(ctx);
    if (!session) throw new ApiError('not_signed_in', 'Sign in to the portal first.');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', 'attachment; filename="ledger.csv"');
    ctx.body = await ledgerCsv(services.db, session.userId);
  });

  for (const route of portalRoutes as readonly PortalRouteDef[]) {
    const koaPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    const parse = bodyParser(route.request, { uploadDir: services.config.UPLOAD_DIR, log: services.log });
    router[route.method](koaPath, async (ctx, next) => {
      securityHeaders(ctx);
      if (ctx.get('x-api-key')) throw new ApiError('not_signed_in', 'The portal API takes the portal session cookie, never an API key; sign in at /portal/.');
      const unsafe = route.method !== 'get';
      if (unsafe && !trustedOrigin(ctx, services)) throw new ApiError('csrf_rejected', 'This request did not come from the portal (the Origin header is missing or foreign).');
      const session = await currentSession(ctx);
      if (route.auth === 'session') {
        if (!session) throw new ApiError('not_signed_in', 'You are signed out (or the session expired); sign in again.');
        if (unsafe && !sameToken(ctx.get(CSRF_HEADER), session.csrfToken)) throw new ApiError('csrf_rejected', `The ${CSRF_HEADER} header is missing or does not match this session; reload the page.`);
      }
      if (route.request.kind === 'json' && typeof ctx.is('json') !== 'string') throw new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
      if (route.request.kind === 'multipart' && !ctx.is('multipart/form-data')) throw new ApiError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file".');
      ctx.state.portal = { services, koa: ctx, session, policy } satisfies PortalContext;
      await next();
    }, parse, async (ctx) => {
      const handler = handlers[route.op as PortalOperationId] as Handler<PortalRouteDef>;
      ctx.body = await handler(ctx.state.portal, portalInput(route, ctx));
    });
  }
}
