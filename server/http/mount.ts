/**
 * How a route of either contract (the API's route table, the portal's JSON routes) is mounted on
 * the one Koa router: its checks before any body is read (`before`: the key, or the portal
 * session), the media type, the body parser, then its handler with the raw input, whose reply is
 * written here. The same steps for both front doors.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import type { RequestKind } from '../../contract/routes.ts';
import { ApiError } from '../platform/errors.ts';
import { bodyParser, uploadedFile, type BodyOptions } from './body.ts';
import type { Reply } from './endpoint.ts';

interface MountableRoute {
  method: 'get' | 'post' | 'delete';
  path: string;
  request: RequestKind;
}

export interface RouteSteps {
  /** Runs before any body is read: a caller that may not call the route never has a body parsed or a file stored. */
  before(ctx: Koa.Context): Promise<void>;
  handle(ctx: Koa.Context, input: unknown): Promise<Reply>;
}

export function mountRoute(router: Router, route: MountableRoute, bodyOptions: BodyOptions, steps: RouteSteps): void {
  const koaPath = route.path.replace(/\{(\w+)\}/g, ':$1');
  router[route.method](koaPath, async (ctx, next) => {
    await steps.before(ctx);
    if (route.request.kind === 'json') {
      if (!ctx.request.length && !ctx.get('transfer-encoding')) throw new ApiError('invalid_payload', 'The request needs a JSON body.');
      // The contract's JSON bodies are application/json, nothing else (not merge-patch+json and the like).
      if (typeof ctx.is('application/json') !== 'string') throw new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
    }
    if (route.request.kind === 'multipart' && !ctx.is('multipart/form-data')) {
      throw new ApiError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file".');
    }
    await next();
  }, bodyParser(route.request, bodyOptions), async (ctx) => {
    const reply = await steps.handle(ctx, routeInput(route, ctx));
    ctx.status = reply.status ?? 200;
    for (const [name, value] of Object.entries(reply.headers ?? {})) ctx.set(name, value);
    ctx.body = reply.body;
  });
}

/** The raw input: the JSON body (an object), the uploaded file, or the path and query parameters. */
function routeInput(route: MountableRoute, ctx: Koa.Context): unknown {
  if (route.request.kind === 'json') {
    const body = ctx.request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('invalid_payload', 'The JSON body must be an object.');
    return body;
  }
  if (route.request.kind === 'multipart') return { file: uploadedFile(ctx) };
  return { ...ctx.query, ...ctx.params };
}
