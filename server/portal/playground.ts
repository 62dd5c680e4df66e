/**
 * The portal playground is a client of the API: each playground route calls the API's own
 * endpoint (http/routes/) with the signed-in user as its caller, who pays ("user pays" in
 * http/endpoint.ts). Same bounds, prices, rate limits, rules and bodies, by construction.
 */
import type { z } from 'zod';
import type { OperationId } from '../../contract/routes.ts';
import { endpoints } from '../http/routes/index.ts';
import { userPrincipal } from '../platform/keys.ts';
import type { SignedInRequest } from './handler.ts';

/** Calls the API's endpoint `op` as the signed-in user; the body is checked against the playground route's own response schema. */
export async function callApi<T>(ctx: SignedInRequest & { route: { response: z.ZodType<T> } }, op: OperationId, input: unknown): Promise<T> {
  const caller = await userPrincipal(ctx.services.db, ctx.session.userId);
  const reply = await endpoints[op].call({ services: ctx.services, requestId: ctx.requestId, headers: {}, caller }, input);
  return ctx.route.response.parse(reply.body);
}
