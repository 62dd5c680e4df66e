/**
 * The developer portal, served by the API process under /portal/: HTML pages (a server-rendered
 * shell per page, filled by a small typed client bundle), the bundle and stylesheet, the ledger
 * CSV, and the JSON routes of contract/portal.ts (one handler file each under api/), mounted the
 * way the API's routes are (http/mount.ts). Portal routes take the session cookie only; an API key
 * sent to them is refused, and the cookie (Path=/portal/) never authenticates /api/.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import { CSRF_HEADER, SESSION_COOKIE } from '../../contract/portal.ts';
import type { Services } from '../context.ts';
import type { BodyOptions } from '../http/mount.ts';
import { mountRoute } from '../http/mount.ts';
import { ApiError } from '../platform/errors.ts';
import { portalSessionPolicy, findSession, type Session } from '../platform/data/sessions.ts';
import { sameToken } from '../platform/portal-accounts.ts';
import { portalEndpoints } from './api/index.ts';
import { clientAssets } from './assets.ts';
import { ledgerCsv } from './csv.ts';
import { requireSession, type PortalRequest } from './handler.ts';
import { PAGES, renderPage, rootPage, type PageId } from './pages.ts';

/** No inline script or style anywhere; everything comes from this origin. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";


/** The origins this server is reached at: the request's own, and PUBLIC_URL's. */
function trustedOrigin(ctx: Koa.Context, services: Services): boolean {
  const origin = ctx.get('origin');
  if (!origin) return false;
  // Not ctx.origin: in Koa 3 that can echo the Origin header itself.
  if (origin === `${ctx.protocol}://${ctx.host}`) return true;
  return !!services.config.PUBLIC_URL && origin === new URL(services.config.PUBLIC_URL).origin;
}

function securityHeaders(ctx: Koa.Context) {
  ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Cache-Control', 'no-store');
}

export function mountPortal(router: Router, services: Services, bodyOptions: BodyOptions): void {
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

  for (const endpoint of Object.values(portalEndpoints)) {
    const { route } = endpoint;
    mountRoute(router, route, bodyOptions, {
      async before(ctx) {
        securityHeaders(ctx);
        if (ctx.get('x-api-key')) throw new ApiError('not_signed_in', 'The portal API takes the portal session cookie, never an API key; sign in at /portal/.');
        const unsafe = route.method !== 'get';
        if (unsafe && !trustedOrigin(ctx, services)) throw new ApiError('csrf_rejected', 'This request did not come from the portal (the Origin header is missing or foreign).');
        const session = await currentSession(ctx);
        if (route.auth === 'session') {
          const signedIn = requireSession(session);
          if (unsafe && !sameToken(ctx.get(CSRF_HEADER), signedIn.csrfToken)) throw new ApiError('csrf_rejected', `The ${CSRF_HEADER} header is missing or does not match this session; reload the page.`);
        }
        ctx.state.portal = { services, koa: ctx, requestId: ctx.state.requestId, session, policy } satisfies PortalRequest;
      },
      handle: (ctx, input) => endpoint.call(ctx.state.portal, input),
    });
  }
}
