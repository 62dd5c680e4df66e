/**
 * The Koa application: request ids and logs, the one error middleware (errors.ts), the docs, and
 * what the composition root mounts on the one router: the API (`mountApi`: every endpoint of
 * routes/ on its route's exact path, mount.ts) and the portal. `createHttpServer` adds the answers
 * to what Node's HTTP parser refuses or would answer itself, so that every answer has the
 * contract's shape.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';
import type { Duplex } from 'node:stream';
import Router from '@koa/router';
import Koa from 'koa';
import { ERROR_STATUS, type ErrorCode } from '../../contract/errors.ts';
import type { Services } from '../context.ts';
import { ApiError } from '../platform/errors.ts';
import { docsPages } from './docs.ts';
import { isServerFailure, toErrorResponse } from './errors.ts';
import { drainRequest, mountRoute, type BodyOptions } from './mount.ts';
import { endpoints } from './routes/index.ts';

const newRequestId = () => `req_${randomUUID().replaceAll('-', '')}`;

/** The methods a path takes, by every route of the router (API, portal, docs), or none for an unknown path. */
type AllowedMethods = (path: string) => string[];

function allowedMethodsOf(router: Router): AllowedMethods {
  return (path) => [...new Set(router.match(path, 'GET').path.flatMap((layer) => layer.methods))];
}

/** Mounts one front door's routes on the router. */
export type Mount = (router: Router, services: Services, bodyOptions: BodyOptions) => void;

function buildApp(services: Services, mounts: Mount[]): { app: Koa; allowedMethods: AllowedMethods } {
  const app = new Koa();
  // Paths are exact: a trailing slash and letter case are part of them, as the spec writes them.
  const router = new Router({ strict: true, sensitive: true });
  const allowedMethods = allowedMethodsOf(router);
  const bodyOptions = { uploadDir: services.config.UPLOAD_DIR, log: services.log };
  mkdirSync(bodyOptions.uploadDir, { recursive: true });
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
      // Node answers a request without Host itself (bodiless, outside the contract) unless told not to: see createServer.
      if (ctx.req.httpVersionMinor >= 1 && !ctx.get('host')) throw new ApiError('invalid_payload', 'An HTTP/1.1 request needs a Host header.');
      await next();
      if (ctx.status === 404 && ctx.body === undefined) unmatched(ctx, allowedMethods);
    } catch (error) {
      const response = toErrorResponse(error);
      if (isServerFailure(error, response)) services.log.error({ err: error, requestId, path: ctx.path }, 'request failed');
      // The caller is told in our words; what a library said (a decoder, a parser) is kept here.
      else services.log.debug({ err: error, requestId, path: ctx.path }, 'request refused');
      ctx.status = response.status;
      for (const [name, value] of Object.entries(response.headers ?? {})) ctx.set(name, value);
      ctx.body = { status: 'error', code: response.code, message: response.message, details: response.details ?? {}, request_id: requestId };
    } finally {
      // A refusal may come before the body was read (a bad key, a file too large): a client still
      // sending must get the answer, not a reset, so read the rest first (or close after answering).
      if (!(await drainRequest(ctx.req))) ctx.set('Connection', 'close');
      const ms = performance.now() - started;
      if (services.log.isLevelEnabled('debug') || ctx.status >= 500) {
        services.log.info({ requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
      }
    }
  });

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

  for (const mount of mounts) mount(router, services, bodyOptions);

  app.use(router.routes());
  return { app, allowedMethods };
}

/**
 * The API: every endpoint on its route. The key (and for a looked-up key, its scopes) is checked
 * before any body is read; a charge-checked key ('key' auth, the hot text routes) is checked for
 * its form here, and for its use by the charge.
 */
export const mountApi: Mount = (router, services, bodyOptions) => {
  for (const endpoint of Object.values(endpoints)) {
    const { route } = endpoint;
    mountRoute(router, route, bodyOptions, {
      async before(ctx) {
        if (route.scopes === null) return;
        const key = services.auth.requestKey(ctx.get('x-api-key') || undefined, route.scopes);
        if (endpoint.auth === 'principal') ctx.state.caller = await key.principal();
        // An upload is written to disk: the key is looked up first, even where the charge would check it.
        else if (ctx.is('multipart/form-data')) await key.principal();
      },
      async handle(ctx, input) {
        const reply = await endpoint.call({ services, requestId: ctx.state.requestId, apiKey: ctx.get('x-api-key') || undefined, headers: ctx.headers, caller: ctx.state.caller }, input);
        if ((reply.status ?? 200) < 400 && route.scopes !== null) services.keyUsage.touch(ctx.get('x-api-key'));
        return reply;
      },
    });
  }
};

/**
 * No route took the request: 405 with Allow for a known path, else 404. OPTIONS is no exception:
 * the API is called from servers (no CORS preflight to answer) and the contract declares no OPTIONS.
 */
function unmatched(ctx: Koa.Context, allowedMethods: AllowedMethods): void {
  const allowed = allowedMethods(ctx.path);
  if (allowed.length === 0) throw new ApiError('not_found', notFoundMessage(ctx.path, allowedMethods));
  throw new ApiError('method_not_allowed', `This route does not take ${ctx.method}; it takes ${allowed.join(', ')}.`, undefined, { Allow: allowed.join(', ') });
}

function notFoundMessage(path: string, allowedMethods: AllowedMethods): string {
  const suggestion = [`${path}/`, path.toLowerCase(), `${path.toLowerCase()}/`].find((candidate) => candidate !== path && allowedMethods(candidate).length > 0);
  if (!suggestion) return `No route ${path}.`;
  return `No route ${path}; did you mean ${suggestion}? Paths are lower case and end with a slash.`;
}

/** An answer written straight to the socket, in the contract's shape, for requests Koa never sees; the connection closes after it. */
function answerOnSocket(socket: Duplex, code: ErrorCode, message: string, headers: Record<string, string> = {}): void {
  const status = ERROR_STATUS[code];
  const requestId = newRequestId();
  const body = JSON.stringify({ status: 'error', code, message, details: {}, request_id: requestId });
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\n${extra}Connection: close\r\n\r\n${body}`,
  );
}

/** A method no route takes, on a path: 405 with Allow for a known path, else 404 (as Koa answers the methods Node parses). */
function answerMethod(socket: Duplex, method: string, target: string, allowedMethods: AllowedMethods): void {
  const path = target.split('?')[0];
  const allowed = path.startsWith('/') ? allowedMethods(path) : [];
  const named = /^[A-Za-z-]{1,20}$/.test(method) ? method : 'this method';
  if (allowed.length === 0) answerOnSocket(socket, 'not_found', `No route ${path.slice(0, 200)}.`);
  else answerOnSocket(socket, 'method_not_allowed', `This route does not take ${named}; it takes ${allowed.join(', ')}.`, { Allow: allowed.join(', ') });
}

/**
 * What Node's HTTP parser refuses never reaches Koa: headers over the limit (431), a method it does
 * not know, lower-case ones included (405 or 404, as for any other method), a malformed request
 * (400), a request that took too long (408). These get the contract's error body and a fresh
 * request id too, when the socket can still be written to. Node cannot answer a client that already
 * closed or reset its connection, nor one whose response had already begun.
 *
 * A refused request may follow valid ones in the same packet (pipelining): their answers go first,
 * whole, and only then the refusal and the close. The refused method is named only when its request
 * line starts the packet: otherwise the packet's first line is an earlier request's.
 */
function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer; bytesParsed?: number }, socket: Duplex, allowedMethods: AllowedMethods, earlier: Promise<void>): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  void earlier.then(() => {
    if (!socket.writable) return;
    if (error.code === 'HPE_INVALID_METHOD') {
      const firstLine = error.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? '';
      if ((error.bytesParsed ?? 0) <= firstLine.length) {
        const [method = '', target = ''] = firstLine.split(' ');
        answerMethod(socket, method, target, allowedMethods);
        return;
      }
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') answerOnSocket(socket, 'headers_too_large', 'The request headers are larger than the server accepts (16 KB in all).');
    else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') answerOnSocket(socket, 'request_timeout', 'The request was not received in time.');
    else answerOnSocket(socket, 'invalid_payload', 'The request is not valid HTTP/1.1 (its request line, a header or the body framing is malformed).');
  });
}

/**
 * The answers still owed on each connection, so that a refusal on it waits for them: those of
 * requests received whole. One whose body was still arriving when the parser failed will never be
 * whole; the refusal is its answer, at once.
 */
function trackAnswers(server: http.Server): (socket: Duplex) => Promise<void> {
  const open = new WeakMap<Duplex, Set<http.ServerResponse>>();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const responses = open.get(req.socket) ?? new Set();
    open.set(req.socket, responses);
    responses.add(res);
    res.once('close', () => responses.delete(res));
  });
  return async (socket) => {
    const owed = [...(open.get(socket) ?? [])].filter((res) => res.req.complete && !res.closed);
    await Promise.all(owed.map((res) => once(res, 'close')));
  };
}

/** The app with these front doors as an HTTP server (the composition root says which: services.ts `createServer`). */
export function createHttpServer(services: Services, mounts: Mount[]): http.Server {
  const { app, allowedMethods } = buildApp(services, mounts);
  // Without Host, Node would answer a bodiless 400 itself; the app answers it in the contract's shape.
  const server = http.createServer({ requireHostHeader: false }, app.callback());
  // Longer than any load balancer's idle timeout (60 s is common), so that the server is never the
  // side closing an idle keep-alive connection while a client starts a request on it.
  server.keepAliveTimeout = 65_000;
  const answered = trackAnswers(server);
  server.on('clientError', (error, socket) => answerClientError(error, socket, allowedMethods, answered(socket)));
  // No route takes CONNECT: answer it like any other method instead of dropping the connection.
  server.on('connect', (req: http.IncomingMessage, socket: Duplex) => answerMethod(socket, 'CONNECT', req.url ?? '', allowedMethods));
  // An expectation other than 100-continue: Node would answer a bodiless 417; RFC 9110 lets a server ignore it.
  server.on('checkExpectation', (req, res) => server.emit('request', req, res));
  return server;
}
