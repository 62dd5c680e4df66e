/**
 * How an endpoint is declared: its route entry from the contract, its auth mode and its handler,
 * in one file under routes/. Calling it runs a plain chain: the auth of its mode, then the input
 * parsed by the route table's own schema (the only validation), then the handler. The API (app.ts)
 * and the portal playground call endpoints the same way; only the caller differs (a key, or the
 * signed-in user who pays).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { ChargePart } from '../../contract/catalogue.ts';
import { routes, type OperationId, type Route, type RouteDef } from '../../contract/routes.ts';
import type { Services } from '../context.ts';
import type { Paid } from '../platform/data/ledger.ts';
import { requireScopes, type Principal } from '../platform/keys.ts';

/** What every request brings: the services, its id, its key and headers. */
export interface RequestContext {
  services: Services;
  requestId: string;
  apiKey?: string;
  headers: IncomingHttpHeaders;
  /**
   * A caller already authenticated: the key app.ts looked up before reading the body, or the
   * portal's signed-in user. Then no key is looked up (the route's scopes are still checked), and
   * a charge is made to that caller's user ("user pays").
   */
  caller?: Principal;
}

/** After `principal` auth: the key was looked up, is usable and holds the route's scopes. */
export type PrincipalContext = RequestContext & { principal: Principal };

/**
 * Who pays for a charged request. With an API key the key is only known to be well formed: the
 * charge checks it in its own statement (one round trip for auth and charge, see credits.ts), and
 * `principal()` looks it up when the plan is needed. With a signed-in user both are the user's.
 */
export interface Payer {
  principal(): Promise<Principal>;
  charge(parts: ChargePart[]): Promise<Paid>;
}

/** After `key` auth: whoever pays, not yet looked up. */
export type KeyContext = RequestContext & { payer: Payer };

interface AuthContexts {
  none: RequestContext;
  principal: PrincipalContext;
  key: KeyContext;
}
export type AuthMode = keyof AuthContexts;

/** Runs `next` with the context of an auth mode; the route gives the scopes. */
type Auth<A extends AuthMode> = <T>(ctx: RequestContext, route: RouteDef, next: (ctx: AuthContexts[A]) => Promise<T>) => Promise<T>;

const auths: { [A in AuthMode]: Auth<A> } = {
  none: (ctx, _route, next) => next(ctx),
  // Looks the key up (unless the caller is known) and checks the route's scopes.
  async principal(ctx, route, next) {
    const scopes = route.scopes ?? [];
    if (ctx.caller) requireScopes(ctx.caller, scopes);
    const principal = ctx.caller ?? (await ctx.services.auth.requestKey(ctx.apiKey, scopes).principal());
    return next({ ...ctx, principal });
  },
  // A known caller pays as a user. Else the key's form is checked here and its use by the charge;
  // whatever fails is answered with the key's own 401 or 403 when it has one (a failure looks it up, once).
  async key(ctx, route, next) {
    const { services, caller, requestId } = ctx;
    const scopes = route.scopes ?? [];
    if (caller) {
      requireScopes(caller, scopes);
      const charge = async (parts: ChargePart[]) => ({ userId: caller.userId, charges: await services.charges.charge(caller.userId, parts, { requestId }) });
      return next({ ...ctx, payer: { principal: async () => caller, charge } });
    }
    const key = services.auth.requestKey(ctx.apiKey, scopes);
    try {
      return await next({ ...ctx, payer: { principal: () => key.principal(), charge: (parts) => services.charges.chargeByKey(key, parts, { requestId }) } });
    } catch (error) {
      await key.principal();
      throw error;
    }
  },
};

/** A file part of a multipart request as koa-body stored it. */
export const UploadedFile = z.object({ path: z.string(), name: z.string(), type: z.string(), size: z.number() });
export type UploadedFile = z.infer<typeof UploadedFile>;
const Upload = z.object({ file: UploadedFile });
/** A JSON route that also takes a document upload: its body's fields, and `file` when the request was multipart (mount.ts puts it there, never a JSON body). */
const DocumentFile = z.object({ file: UploadedFile.optional() });
/** A route that takes several documents (a batch): the form's fields and the files mount.ts stored. */
const DocumentFiles = z.object({ files: z.array(UploadedFile) });
/** The input of a route taking JSON or several documents: its form's fields (files as stored), or its JSON body. */
type FilesOrBody<B extends z.ZodType, F extends z.ZodType> = z.ZodType<z.output<B> | (Omit<z.output<F>, 'files'> & { files: UploadedFile[] })>;

/**
 * A multipart request's input (mount.ts gives it `files`; a JSON body never has them, mount.ts
 * refuses one that names them) is parsed by the form, a JSON body by the body: each error is the
 * one schema's, not a union's.
 */
function filesOrBody<B extends z.ZodType, F extends z.ZodType>(body: B, form: F): FilesOrBody<B, F> {
  const uploaded = z.intersection(form, DocumentFiles);
  return z.unknown().transform((input) => (input !== null && typeof input === 'object' && 'files' in input ? uploaded.parse(input) : body.parse(input)));
}

type RouteOf<Op extends OperationId> = Extract<Route, { op: Op }>;

/** What decides a route's input, in the API's route table and the portal's alike. */
type InputRoute = Pick<RouteDef, 'request' | 'params' | 'query'>;

/** The schema a route's input is validated with: its JSON body, its uploaded file, or its path and/or query parameters. */
type InputSchemaOf<R extends InputRoute> = R['request'] extends { kind: 'json'; body: infer B extends z.ZodType; upload: { form: infer F extends z.ZodType; files: object } }
  ? FilesOrBody<B, F>
  : R['request'] extends { kind: 'json'; body: infer B extends z.ZodType; upload: object }
  ? z.ZodIntersection<B, typeof DocumentFile>
  : R['request'] extends { kind: 'json'; body: infer B extends z.ZodType }
  ? B
  : R['request'] extends { kind: 'multipart' }
    ? typeof Upload
    : R extends { params: infer P extends z.ZodType }
      ? R extends { query: infer Q extends z.ZodType }
        ? z.ZodIntersection<P, Q>
        : P
      : R extends { query: infer Q extends z.ZodType }
        ? Q
        : z.ZodObject<Record<string, never>>;

export type InputOf<Op extends OperationId> = RouteInput<RouteOf<Op>>;
export type RouteInput<R extends InputRoute> = z.output<InputSchemaOf<R>>;

// The route's type decides the schema's type (the overload); the body below picks it by kind.
export function inputSchemaOf<R extends InputRoute>(route: R): z.ZodType<z.output<InputSchemaOf<R>>>;
export function inputSchemaOf(route: InputRoute): z.ZodType {
  if (route.request.kind === 'json' && route.request.upload?.files) return filesOrBody(route.request.body, route.request.upload.form);
  if (route.request.kind === 'json') return route.request.upload ? z.intersection(route.request.body, DocumentFile) : route.request.body;
  if (route.request.kind === 'multipart') return Upload;
  if (route.params && route.query) return z.intersection(route.params, route.query);
  return route.params ?? route.query ?? z.object({});
}

/** A success body of the route, as its contract schema types it. */
export type BodyOf<Op extends OperationId> = z.infer<RouteOf<Op>['responses'][keyof RouteOf<Op>['responses']] & z.ZodType>;

export interface Reply<Body = unknown> {
  status?: number;
  body: Body;
  headers?: Record<string, string>;
}

export interface Endpoint<Op extends OperationId> {
  route: RouteOf<Op>;
  auth: AuthMode;
  /** Runs the endpoint: auth, validation of `input`, handler. */
  call(ctx: RequestContext, input: unknown): Promise<Reply<BodyOf<Op>>>;
}

export function routeOf<Op extends OperationId>(op: Op): RouteOf<Op> {
  const route = routes.find((r): r is RouteOf<Op> => r.op === op);
  if (!route) throw new Error(`no route ${op} in the route table`);
  return route;
}

/**
 * Declares one endpoint. `handle` gets the context of its auth mode and the input as the route's
 * schema parsed it, and returns a body its route's response schemas type.
 */
export function defineEndpoint<Op extends OperationId, A extends AuthMode>(spec: {
  op: Op;
  auth: A;
  handle(ctx: AuthContexts[A], input: InputOf<Op>): Promise<Reply<BodyOf<Op>>>;
}): Endpoint<Op> {
  const route = routeOf(spec.op);
  const schema = inputSchemaOf(route);
  const auth: Auth<A> = auths[spec.auth];
  return { route, auth: spec.auth, call: (ctx, input) => auth(ctx, route, (authed) => spec.handle(authed, schema.parse(input))) };
}
