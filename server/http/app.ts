/**
 * The Koa application: request ids and logs, the one error middleware (errors.ts), and every
 * endpoint of routes/ mounted on its route's exact path. Each route parses its body (JSON or
 * multipart, with size limits), then calls its endpoint, whose procedure authenticates, validates
 * and handles (endpoint.ts). `createServer` adds the answers to what Node's HTTP parser refuses.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import Router from '@koa/router';
import Koa from 'koa';
import { ERROR_STATUS, type ErrorCode } from '../../contract/errors.ts';
import { routes, type RouteDef } from '../../contract/routes.ts';
import type { Services } from '../context.ts';
import { ApiError } from '../platform/errors.ts';
import { hashSecret } from '../platform/keys.ts';
import { mountPortal } from '../portal/routes.ts';
import { bodyParser, uploadedFile } from './body.ts';
import { docsPages } from './docs.ts';
import { isServerFailure, toErrorResponse } from './errors.ts';
import { endpoints } from './routes/index.ts';

const newRequestId = () => `req_${randomUUID().replaceAll('-', '')}`;

function isJson(ctx: Koa.Context): boolean {
  return typeof ctx.is('json', '+json') === 'string';
}

/** The paths a route serves outside the route table. */
const EXTRA_PATHS: Record<string, string[]> = { '/openapi.yaml': ['GET'], '/docs': ['GET'], '/docs/portal': ['GET'], '/favicon.ico': ['GET'] };

/** The methods a path takes (with HEAD for GET), or none for an unknown path. */
function allowedMethods(path: string): string[] {
  const methods = new Set<string>(EXTRA_PATHS[path] ?? []);
  for (const route of routes as readonly RouteDef[]) {
    if (new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path)) methods.add(route.method.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}

export function buildApp(services: Services): Koa {
  const app = new Koa();
  if (services.config.TRUST_PROXY > 0) {
    // ctx.ip is then the address the outermost trusted proxy saw, not one the client wrote itself.
    app.proxy = true;
    app.maxIpsCount = services.config.TRUST_PROXY;
  }
  const spec = readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8');
  const docs = docsPages();

  // Request id, one log line per response, and the one error handler.
  app.use(async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = /^[\w.-]{1,64}$/.test(incoming) ? incoming : newRequestId();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) unmatched(ctx);
    } catch (error) {
      const response = toErrorResponse(error);
      if (isServerFailure(error, response)) services.log.error({ err: error, requestId, path: ctx.path }, 'request failed');
      ctx.status = response.status;
      for (const [name, value] of Object.entries(response.headers ?? {})) ctx.set(name, value);
      ctx.body = { status: 'error', code: response.code, message: response.message, ...(response.details ? { details: response.details } : {}), request_id: requestId };
    } finally {
      const ms = performance.now() - started;
      if (services.log.isLevelEnabled('debug') || ctx.status >= 500) {
        services.log.info({ requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
      }
    }
  });

  const router = new Router({ strict: true });
  router.get('/openapi.yaml', (ctx) => {
    ctx.type = 'application/yaml';
    ctx.body = spec;
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html';
    ctx.body = docs.api;
  });
  router.get('/docs/portal', (ctx) => {
    ctx.type = 'text/html';
    ctx.body = docs.portal;
  });

  mountPortal(router, services);

  for (const endpoint of Object.values(endpoints)) {
    const { route } = endpoint;
    const koaPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    router[route.method](koaPath, async (ctx, next) => {
      ctx.state.routePath = route.path;
      if (route.request.kind === 'json') {
        if (!ctx.request.length && !ctx.get('transfer-encoding')) throw new ApiError('invalid_payload', 'The request needs a JSON body.');
        if (!isJson(ctx)) throw new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
      }
      if (route.request.kind === 'multipart' && !ctx.is('multipart/form-data')) {
        throw new ApiError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file".');
      }
      await next();
    }, bodyParser(route.request), async (ctx) => {
      const uploads = Object.values(ctx.request.files ?? {}).flat();
      try {
        const reply = await endpoint.call({ services, route, requestId: ctx.state.requestId, apiKey: ctx.get('x-api-key') || undefined, headers: ctx.headers }, routeInput(route, ctx));
        ctx.status = reply.status ?? 200;
        for (const [name, value] of Object.entries(reply.headers ?? {})) ctx.set(name, value);
        ctx.body = reply.body;
        if (ctx.status < 400 && route.scopes !== null) services.keyUsage.touch(hashSecret(ctx.get('x-api-key')));
      } finally {
        // koa-body writes uploads to the temp folder; they never outlive the request.
        await Promise.all(uploads.map((f) => unlink(f.filepath).catch(() => {})));
      }
    });
  }

  app.use(router.routes());
  return app;
}

/** No route took the request: 405 with Allow for a known path (204 for OPTIONS), else 404. */
function unmatched(ctx: Koa.Context): void {
  const allowed = allowedMethods(ctx.path);
  if (allowed.length === 0) throw new ApiError('not_found', notFoundMessage(ctx.path));
  ctx.set('Allow', allowed.join(', '));
  if (ctx.method === 'OPTIONS') {
    ctx.status = 204;
    return;
  }
  throw new ApiError('method_not_allowed', `This route does not take ${ctx.method}; it takes ${allowed.join(', ')}.`, undefined, { Allow: allowed.join(', ') });
}

function routeInput(route: RouteDef, ctx: Koa.Context): unknown {
  if (route.request.kind === 'json') {
    const body = ctx.request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('invalid_payload', 'The JSON body must be an object.');
    return body;
  }
  if (route.request.kind === 'multipart') return { file: uploadedFile(ctx) };
  return { ...ctx.query, ...ctx.params };
}

function notFoundMessage(path: string): string {
  const withSlash = `${path}/`;
  return allowedMethods(withSlash).length ? `No route ${path}; did you mean ${withSlash}? Paths end with a slash.` : `No route ${path}.`;
}

/**
 * What Node's HTTP parser refuses never reaches Koa: headers over the limit (431), a malformed
 * request line or method (400), a request that took too long (408). These get the contract's error
 * body and a fresh request id too, when the socket can still be written to. Node cannot answer a
 * client that already closed or reset its connection, nor one whose response had already begun.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [code, message]: [ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['headers_too_large', 'The request headers are larger than the server accepts (16 KB in all).']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['request_timeout', 'The request was not received in time.']
        : ['invalid_payload', `The request could not be parsed as HTTP (${error.code ?? 'parse error'}).`];
  const status = ERROR_STATUS[code];
  const requestId = newRequestId();
  const body = JSON.stringify({ status: 'error', code, message, request_id: requestId });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The app as an HTTP server: what main.ts listens with, and what the tests start. */
export function createServer(services: Services): http.Server {
  const server = http.createServer(buildApp(services).callback());
  server.on('clientError', answerClientError);
  return server;
}
