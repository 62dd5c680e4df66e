/**
 * One tRPC procedure per operation of the route table, called in-process by the Koa routes.
 * tRPC gives each its middleware chain (authenticate → check scopes) and input validation with
 * the contract's zod schema; the handler then does the operation's work (bounds, credits, engine).
 */
import { initTRPC } from '@trpc/server';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { OperationId, RouteDef } from '../../contract/routes.ts';
import * as s from '../../contract/schemas.ts';
import type { Principal, RequestKey } from '../platform/keys.ts';
import type { Services } from '../services.ts';
import * as h from './handlers.ts';

export interface RequestContext {
  services: Services;
  route: RouteDef;
  requestId: string;
  apiKey?: string;
  headers: IncomingHttpHeaders;
}

export interface HandlerResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

const t = initTRPC.context<RequestContext>().create({ isServer: true });

/** Authenticates the X-API-Key and checks the route's scopes; the handler gets the principal. */
const authed = t.procedure.use(async ({ ctx, next }) => {
  const principal = await ctx.services.auth.requestKey(ctx.apiKey, ctx.route.scopes ?? []).principal();
  return next({ ctx: { ...ctx, principal } });
});

export type AuthedContext = RequestContext & { principal: Principal };

/**
 * For the text operations: the key's form is checked here, and whether it is usable is left to the
 * handler, whose synchronous charge checks the key in its own statement. For the detector, whose
 * engine costs less than a database round trip, that halves the round trips. Whatever fails before
 * the key was found usable is answered with the key's own 401 or 403 when it has one, as `authed`.
 */
const keyChecked = t.procedure.use(async ({ ctx, next }) => {
  const key = ctx.services.auth.requestKey(ctx.apiKey, ctx.route.scopes ?? []);
  const result = await next({ ctx: { ...ctx, key } });
  if (!result.ok && !key.checked) await key.principal();
  return result;
});

export type KeyCheckedContext = RequestContext & { key: RequestKey };

const Upload = z.object({ file: z.object({ path: z.string(), name: z.string(), type: z.string(), size: z.number() }) });

const router = t.router({
  detectText: keyChecked.input(s.DetectorRequest).mutation(({ ctx, input }) => h.textOperation(ctx, 'detectText', input)),
  humanize: keyChecked.input(s.HumanizerRequest).mutation(({ ctx, input }) => h.textOperation(ctx, 'humanize', input)),
  detectAndHumanize: keyChecked.input(s.DetectAndHumanizeRequest).mutation(({ ctx, input }) => h.textOperation(ctx, 'detectAndHumanize', input)),
  getJob: authed.input(s.TaskIdParams).query(({ ctx, input }) => h.getJob(ctx, input.task_id)),
  getAccount: authed.query(({ ctx }) => h.getAccount(ctx)),
  correctGrammar: authed.input(s.GrammarRequest).mutation(({ ctx, input }) => h.correctGrammar(ctx, input)),
  scanPlagiarism: authed.input(s.PlagiarismRequest).mutation(({ ctx, input }) => h.scanPlagiarism(ctx, input)),
  detectImage: authed.input(Upload).mutation(({ ctx, input }) => h.detectImage(ctx, input.file)),
  imageHealth: t.procedure.query(({ ctx }) => h.engineHealth(ctx.services, 'image')),
  detectVoice: authed.input(Upload).mutation(({ ctx, input }) => h.detectVoice(ctx, input.file)),
  voiceHealth: t.procedure.query(({ ctx }) => h.engineHealth(ctx.services, 'voice')),
  listSources: authed.input(s.SourceListQuery).query(({ ctx, input }) => h.listSources(ctx, input)),
  importSources: authed.input(s.SourceImportRequest).mutation(({ ctx, input }) => h.importSources(ctx, input)),
  deleteSource: authed.input(s.SourceDeleteQuery).mutation(({ ctx, input }) => h.deleteSource(ctx, input.url)),
} satisfies Record<OperationId, unknown>);

export const appRouter = router;
export const createCaller = t.createCallerFactory(router);
