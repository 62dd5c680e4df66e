/**
 * How an endpoint is declared: its route entry from the contract, its auth mode and its handler,
 * in one file under routes/. From that entry this builds the endpoint's tRPC procedure: the
 * middleware of its auth mode, then validation of the input by the route table's own schema (the
 * only validation), then the handler. app.ts calls each endpoint through its typed caller.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { initTRPC } from '@trpc/server';
import { z } from 'zod';
import { routes, type OperationId, type Route, type RouteDef } from '../../contract/routes.ts';
import type { Services } from '../context.ts';
import { requireScopes, type Principal, type RequestKey } from '../platform/keys.ts';

/** What every request brings: the services, its route, its id, its key and headers. */
export interface RequestContext {
  services: Services;
  route: RouteDef;
  requestId: string;
  apiKey?: string;
  headers: IncomingHttpHeaders;
  /**
   * A caller already authenticated: the portal playground's signed-in user, or the key app.ts
   * looked up before reading the body. Then `principal` auth takes it instead of looking up a key
   * (the route's scopes are still checked).
   */
  caller?: Principal;
}

/** After `principal` auth: the key was looked up, is usable and holds the route's scopes. */
export type PrincipalContext = RequestContext & { principal: Principal };

/**
 * After `key` auth: the key is well formed; whether it is usable is decided by the first statement
 * that needs it (a charge checks it in its own statement, saving a round trip; see credits.ts).
 */
export type KeyContext = RequestContext & { key: RequestKey };

interface AuthContexts {
  none: RequestContext;
  principal: PrincipalContext;
  key: KeyContext;
}
export type AuthMode = keyof AuthContexts;

/** A file part of a multipart request as koa-body stored it. */
export const UploadedFile = z.object({ path: z.string(), name: z.string(), type: z.string(), size: z.number() });
export type UploadedFile = z.infer<typeof UploadedFile>;
const Upload = z.object({ file: UploadedFile });

type RouteOf<Op extends OperationId> = Extract<Route, { op: Op }>;

/** The schema a route's input is validated with: its JSON body, its uploaded file, or its path and query parameters. */
type InputSchemaOf<R extends RouteDef> = R['request'] extends { kind: 'json'; body: infer B extends z.ZodType }
  ? B
  : R['request'] extends { kind: 'multipart' }
    ? typeof Upload
    : R extends { params: infer P extends z.ZodType }
      ? P
      : R extends { query: infer Q extends z.ZodType }
        ? Q
        : z.ZodObject<Record<string, never>>;

function inputSchemaOf(route: RouteDef): z.ZodType {
  if (route.request.kind === 'json') return route.request.body;
  if (route.request.kind === 'multipart') return Upload;
  return route.params ?? route.query ?? z.object({});
}

/** A success body of the route, as its contract schema types it. */
type BodyOf<R extends RouteDef> = z.infer<R['responses'][keyof R['responses']] & z.ZodType>;

export interface Reply<Body = unknown> {
  status?: number;
  body: Body;
  headers?: Record<string, string>;
}

const t = initTRPC.context<RequestContext>().create({ isServer: true });

/** Looks the key up and checks the route's scopes; the handler gets the principal. */
const principalAuth = t.procedure.use(async ({ ctx, next }) => {
  if (ctx.caller) requireScopes(ctx.caller, ctx.route.scopes ?? []);
  const principal = ctx.caller ?? (await ctx.services.auth.requestKey(ctx.apiKey, ctx.route.scopes ?? []).principal());
  return next({ ctx: { ...ctx, principal } });
});

/**
 * Checks the key's form only; its usability is checked by the handler's charge. Whatever fails is
 * answered with the key's own 401 or 403 when it has one: a failure looks the key up (once).
 */
const keyAuth = t.procedure.use(async ({ ctx, next }) => {
  const key = ctx.services.auth.requestKey(ctx.apiKey, ctx.route.scopes ?? []);
  const result = await next({ ctx: { ...ctx, key } });
  if (!result.ok) await key.principal();
  return result;
});

const builders = { none: t.procedure, principal: principalAuth, key: keyAuth };

export interface Endpoint {
  route: RouteDef;
  auth: AuthMode;
  /** Runs the endpoint's procedure: auth, validation of `input`, handler. */
  call(ctx: RequestContext, input: unknown): Promise<Reply>;
}

export function routeOf<Op extends OperationId>(op: Op): RouteOf<Op> {
  const route = routes.find((r) => r.op === op);
  if (!route) throw new Error(`no route ${op} in the route table`);
  return route as RouteOf<Op>;
}

/**
 * Declares one endpoint. `handle` gets the context of its auth mode and the input as the route's
 * schema parsed it, and returns a body its route's response schemas type.
 */
export function defineEndpoint<Op extends OperationId, A extends AuthMode>(spec: {
  op: Op;
  auth: A;
  handle(ctx: AuthContexts[A], input: z.output<InputSchemaOf<RouteOf<Op>>>): Promise<Reply<BodyOf<RouteOf<Op>>>>;
}): Endpoint {
  const route: RouteDef = routeOf(spec.op);
  // The input arrives as unknown from the HTTP layer; the procedure's parser is what types it.
  const parser = z.unknown().pipe(inputSchemaOf(route) as InputSchemaOf<RouteOf<Op>>);
  const base = builders[spec.auth] as typeof keyAuth;
  const procedure = base.input(parser).mutation(({ ctx, input }) => spec.handle(ctx as unknown as AuthContexts[A], input as z.output<InputSchemaOf<RouteOf<Op>>>) as Promise<Reply>);
  const createCaller = t.createCallerFactory(t.router({ endpoint: procedure }));
  return { route, auth: spec.auth, call: (ctx, input) => createCaller(ctx).endpoint(input) };
}
