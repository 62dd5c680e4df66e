/**
 * The portal playground: the public operations run for the signed-in user, charged exactly like
 * the API (the same bounds, price, rate limits and refund on failure) and answering the same body.
 * Grammar and plagiarism call the API's own handlers with the user as the caller.
 */
import type { z } from 'zod';
import { routes, PUBLIC_SCOPES, type RouteDef } from '../../contract/routes.ts';
import type * as s from '../../contract/schemas.ts';
import { correctGrammar, scanPlagiarism } from '../http/handlers.ts';
import { checkTextBounds, runTextOperation, TEXT_BOUNDS, textCharges, type TextOperation } from '../operations/text.ts';
import { refundCharge } from '../platform/credits.ts';
import { ApiError } from '../platform/errors.ts';
import type { Principal } from '../platform/keys.ts';
import type { Services } from '../services.ts';

export interface PlaygroundCaller {
  services: Services;
  userId: number;
  requestId: string;
}

/** The signed-in user as an API caller holding every public scope. */
async function principalOf(caller: PlaygroundCaller): Promise<Principal> {
  const [plan] = await caller.services.db.query<Principal['plan']>(
    'select p.name, p.max_pending_jobs, p.image_requests_per_minute, p.humanizer_sync_per_minute from users u join plans p on p.name = u.plan_name where u.id = $1',
    [caller.userId],
  );
  return { userId: caller.userId, keyId: 'portal-playground', scopes: new Set(PUBLIC_SCOPES), plan };
}

function handlerContext(caller: PlaygroundCaller, op: RouteDef['op'], principal: Principal) {
  const route = (routes as readonly RouteDef[]).find((r) => r.op === op)!;
  return { services: caller.services, route, requestId: caller.requestId, headers: {}, principal };
}

/** A synchronous detector or humanizer request, as POST /api/detector/ and /api/humanizer/ run it. */
async function textOperation(caller: PlaygroundCaller, operation: TextOperation, content: string) {
  const { services, userId, requestId } = caller;
  const words = checkTextBounds(content, TEXT_BOUNDS[operation]);
  if (operation === 'humanize') {
    const principal = await principalOf(caller);
    await services.rateLimits.consume('humanizer_sync', userId, principal.plan.humanizer_sync_per_minute);
  }
  const charges = await services.charges.charge(userId, textCharges(operation, words), { requestId });
  try {
    const context = { services, userId, taskId: null, charges, balanceAfterCharges: charges[charges.length - 1].balanceAfter, requestId };
    return await runTextOperation(context, operation, { content }, words);
  } catch (error) {
    for (const charge of charges) await refundCharge(services.db, userId, charge, { operation: 'refund on failure', requestId });
    if (error instanceof ApiError) throw error;
    services.log.error({ err: error }, 'playground operation failed');
    throw new ApiError('service_error', 'Processing failed; the credits were refunded.');
  }
}

export async function playgroundDetect(caller: PlaygroundCaller, content: string): Promise<z.infer<typeof s.DetectionResult>> {
  return (await textOperation(caller, 'detectText', content)) as z.infer<typeof s.DetectionResult>;
}

export async function playgroundHumanize(caller: PlaygroundCaller, content: string): Promise<z.infer<typeof s.HumanizationResult>> {
  return (await textOperation(caller, 'humanize', content)) as z.infer<typeof s.HumanizationResult>;
}

export async function playgroundGrammar(caller: PlaygroundCaller, input: z.infer<typeof s.GrammarRequest>): Promise<z.infer<typeof s.GrammarResult>> {
  const result = await correctGrammar(handlerContext(caller, 'correctGrammar', await principalOf(caller)), input);
  return result.body as z.infer<typeof s.GrammarResult>;
}

export async function playgroundPlagiarism(caller: PlaygroundCaller, input: z.infer<typeof s.PlagiarismRequest>): Promise<z.infer<typeof s.PlagiarismResult>> {
  const result = await scanPlagiarism(handlerContext(caller, 'scanPlagiarism', await principalOf(caller)), input);
  return result.body as z.infer<typeof s.PlagiarismResult>;
}
