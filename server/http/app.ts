/**
 * The Koa application: request ids and logs, one error middleware with the contract's one
 * code → status table, and every route of the contract's route table mounted on its exact path.
 * Each route parses its body (JSON or multipart, with size limits), then calls its tRPC procedure
 * in-process, which authenticates, checks scopes, validates the input and runs the handler.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import Router from '@koa/router';
import { TRPCError } from '@trpc/server';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../../contract/errors.ts';
import { routes, type RouteDef } from '../../contract/routes.ts';
import { ApiError } from '../platform/errors.ts';
import { hashKey } from '../platform/keys.ts';
import { mountPortal } from '../portal/routes.ts';
import type { Services } from '../services.ts';
import { docsPage } from './docs.ts';
import { createCaller, type HandlerResult } from './procedures.ts';

/** JSON bodies: the largest text endpoint takes 300,000 characters, up to 4 bytes each in UTF-8. */
const JSON_LIMIT_BYTES = 2 * 1024 * 1024;

interface ErrorResponse {
  status: number;
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Turns anything thrown into the contract's error; unknown failures become a 500 without internals. */
export function toErrorResponse(error: unknown): ErrorResponse {
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof ApiError) return { status: ERROR_STATUS[cause.code], code: cause.code, message: cause.message, details: cause.details, headers: cause.headers };
  if (cause instanceof z.ZodError) {
    const first = cause.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    return { status: 400, code: 'invalid_payload', message: `${where}${first?.message ?? 'invalid request'}`, details: { issues: cause.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) } };
  }
  // co-body (JSON) reports its failures with `status`, formidable (multipart) with `httpCode`.
  const http = (cause as { status?: number; httpCode?: number } | undefined)?.status ?? (cause as { httpCode?: number } | undefined)?.httpCode;
  if (http === 413) return { status: 413, code: 'payload_too_large', message: 'The request body is too large for this endpoint.' };
  if (http === 415) return { status: 415, code: 'unsupported_media_type', message: 'Unsupported Content-Type.' };
  if (http && http >= 400 && http < 500) return { status: 400, code: 'invalid_payload', message: `The request body could not be parsed: ${(cause as Error).message}` };
  return { status: 500, code: 'internal_error', message: 'An unexpected error occurred; nothing was charged. Quote the request_id if you contact support.' };
}

function isJson(ctx: Koa.Context): boolean {
  return typeof ctx.is('json', '+json') === 'string';
}

export function buildApp(services: Services): Koa {
  const app = new Koa();
  const spec = readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8');
  const docs = docsPage();

  // Request id, one log line per response, and the one error handler.
  app.use(async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = /^[\w.-]{1,64}$/.test(incoming) ? incoming : `req_${randomUUID().replaceAll('-', '')}`;
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new ApiError('not_found', notFoundMessage(ctx.path));
    } catch (error) {
      const response = toErrorResponse(error);
      if (response.status >= 500) services.log.error({ err: error, requestId, path: ctx.path }, 'request failed');
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
    ctx.body = docs;
  });

  mountPortal(router, services);

  for (const route of routes as readonly RouteDef[]) {
    const koaPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    const parse =
      route.request.kind === 'multipart'
        ? koaBody({ multipart: true, json: false, urlencoded: false, text: false, formidable: { maxFileSize: route.request.maxFileBytes, maxFiles: 1, maxFields: 10, keepExtensions: true } })
        : koaBody({ json: true, jsonLimit: JSON_LIMIT_BYTES, jsonStrict: true, urlencoded: false, text: false, multipart: false });

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
    }, parse, async (ctx) => {
      const uploads = Object.values(ctx.request.files ?? {}).flat();
      try {
        const input = routeInput(route, ctx);
        const caller = createCaller({ services, route, requestId: ctx.state.requestId, apiKey: ctx.get('x-api-key') || undefined, headers: ctx.headers });
        const result = (await caller[route.op as keyof typeof caller](input as never)) as HandlerResult;
        ctx.status = result.status ?? 200;
        for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
        ctx.body = result.body;
        if (ctx.status < 400 && route.scopes !== null) services.keyUsage.touch(hashKey(ctx.get('x-api-key')));
      } finally {
        // koa-body writes uploads to the temp folder; they never outlive the request.
        await Promise.all(uploads.map((f) => unlink(f.filepath).catch(() => {})));
      }
    });
  }

  app.use(router.routes());
  app.use(router.allowedMethods({ throw: true, methodNotAllowed: () => new ApiError('method_not_allowed', 'This route does not take that HTTP method.') }));
  return app;
}

function routeInput(route: RouteDef, ctx: Koa.Context): unknown {
  if (route.request.kind === 'json') {
    const body = ctx.request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('invalid_payload', 'The JSON body must be an object.');
    return body;
  }
  if (route.request.kind === 'multipart') {
    const file = ctx.request.files?.file;
    if (!file) throw new ApiError('invalid_payload', 'Send the file in the multipart field "file".');
    const one = Array.isArray(file) ? file[0] : file;
    return { file: { path: one.filepath, name: one.originalFilename ?? '', type: one.mimetype ?? '', size: one.size } };
  }
  return { ...ctx.query, ...ctx.params };
}

function notFoundMessage(path: string): string {
  const withSlash = `${path}/`;
  const known = (routes as readonly RouteDef[]).some((r) => new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(withSlash));
  return known ? `No route ${path}; did you mean ${withSlash}? Paths end with a slash.` : `No route ${path}.`;
}
