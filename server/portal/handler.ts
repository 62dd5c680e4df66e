/**
 * How a portal JSON route (contract/portal.ts) is declared: one file per route under api/, with
 * its handler. The route's schema parses the input (the same `inputSchemaOf` as the API's), the
 * route's auth mode decides whether the handler gets a session, and the reply is the route's
 * response body. The mount (routes.ts) finds the session and checks CSRF before any body is read.
 */
import type Koa from 'koa';
import type { z } from 'zod';
import { portalRoutes, type PortalOperationId, type PortalRoute } from '../../contract/portal.ts';
import type { Services } from '../context.ts';
import { inputSchemaOf, type Reply, type RouteInput } from '../http/endpoint.ts';
import { ApiError } from '../platform/errors.ts';
import type { Session, SessionPolicy } from '../platform/data/sessions.ts';

/** What every portal request brings. */
export interface PortalRequest {
  services: Services;
  koa: Koa.Context;
  requestId: string;
  session: Session | undefined;
  policy: SessionPolicy;
}

export type SignedInRequest = PortalRequest & { session: Session };

interface PortalContexts {
  none: PortalRequest;
  session: SignedInRequest;
}

/** The signed-in session, or the route's 401. */
export function requireSession(session: Session | undefined): Session {
  if (!session) throw new ApiError('not_signed_in', 'You are signed out (or the session expired); sign in again.');
  return session;
}

const guards: { [A in keyof PortalContexts]: (ctx: PortalRequest) => PortalContexts[A] } = {
  none: (ctx) => ctx,
  session: (ctx) => ({ ...ctx, session: requireSession(ctx.session) }),
};

type PortalRouteOf<Op extends PortalOperationId> = Extract<PortalRoute, { op: Op }>;

export interface PortalEndpoint<Op extends PortalOperationId> {
  route: PortalRouteOf<Op>;
  call(ctx: PortalRequest, input: unknown): Promise<Reply<z.output<PortalRouteOf<Op>['response']>>>;
}

function portalRouteOf<Op extends PortalOperationId>(op: Op): PortalRouteOf<Op> {
  const route = portalRoutes.find((r): r is PortalRouteOf<Op> => r.op === op);
  if (!route) throw new Error(`no portal route ${op}`);
  return route;
}

/** `auth` repeats the route's own mode (checked against it), so the handler's file says what it gets. */
export function definePortalRoute<Op extends PortalOperationId, A extends PortalRouteOf<Op>['auth'] & keyof PortalContexts>(spec: {
  op: Op;
  auth: A;
  handle(ctx: PortalContexts[A] & { route: PortalRouteOf<Op> }, input: RouteInput<PortalRouteOf<Op>>): Promise<z.output<PortalRouteOf<Op>['response']>>;
}): PortalEndpoint<Op> {
  const route = portalRouteOf(spec.op);
  const schema = inputSchemaOf(route);
  const guard: (ctx: PortalRequest) => PortalContexts[A] = guards[spec.auth];
  return { route, call: async (ctx, input) => ({ body: await spec.handle({ ...guard(ctx), route }, schema.parse(input)) }) };
}
