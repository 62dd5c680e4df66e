/**
 * The portal playground: the public operations run for the signed-in user, charged exactly like
 * the API and answering the same body. Grammar and plagiarism run the API's own endpoints with the
 * user as an already-authenticated caller; detection and humanizing run the same bounds, prices,
 * rate limit and operations as their endpoints, with the charge made to the user instead of to a
 * key's owner (their endpoints charge by key, in one statement with the key check).
 */
import { PUBLIC_SCOPES, TEXT_BOUNDS, textCharges } from '../../contract/catalogue.ts';
import type { z } from 'zod';
import type * as s from '../../contract/schemas.ts';
import type { Services } from '../context.ts';
import { endpoints } from '../http/routes/index.ts';
import { checkTextBounds, paidWork, runDetection, runHumanizer } from '../operations/text.ts';
import { chargedWork } from '../platform/credits.ts';
import type { Principal } from '../platform/keys.ts';

type Body<T extends z.ZodType> = z.infer<T>;

export interface PlaygroundCaller {
  services: Services;
  userId: number;
  requestId: string;
}

/** The signed-in user as an API caller holding every public scope. */
async function principalOf({ services, userId }: PlaygroundCaller): Promise<Principal> {
  const [plan] = await services.db.query<Principal['plan']>(
    'select p.name, p.max_pending_jobs, p.image_requests_per_minute, p.humanizer_sync_per_minute from users u join plans p on p.name = u.plan_name where u.id = $1',
    [userId],
  );
  return { userId, keyId: 'portal-playground', scopes: new Set(PUBLIC_SCOPES), plan };
}

export async function playgroundDetect(caller: PlaygroundCaller, content: string): Promise<Body<typeof s.DetectionResult>> {
  const { services, userId, requestId } = caller;
  const words = checkTextBounds(content, TEXT_BOUNDS.detectText);
  const charges = await services.charges.charge(userId, textCharges('detectText', words), { requestId });
  const work = paidWork(services, { userId, charges }, requestId);
  return chargedWork(services.db, { userId, charges }, requestId, () => runDetection(work, content, words));
}

export async function playgroundHumanize(caller: PlaygroundCaller, content: string): Promise<Body<typeof s.HumanizationResult>> {
  const { services, userId, requestId } = caller;
  const words = checkTextBounds(content, TEXT_BOUNDS.humanize);
  const principal = await principalOf(caller);
  await services.rateLimits.consume('humanizer_sync', userId, principal.plan.humanizer_sync_per_minute);
  const charges = await services.charges.charge(userId, textCharges('humanize', words), { requestId });
  const work = paidWork(services, { userId, charges }, requestId);
  return chargedWork(services.db, { userId, charges }, requestId, () => runHumanizer(work, content, words));
}

/** Runs a principal-authenticated API endpoint for the signed-in user. */
async function asUser(caller: PlaygroundCaller, op: 'correctGrammar' | 'scanPlagiarism' | 'detectImage' | 'detectVoice', input: unknown): Promise<unknown> {
  const reply = await endpoints[op].call({ services: caller.services, requestId: caller.requestId, headers: {}, caller: await principalOf(caller) }, input);
  return reply.body;
}

export async function playgroundGrammar(caller: PlaygroundCaller, input: Body<typeof s.GrammarRequest>): Promise<Body<typeof s.GrammarResult>> {
  return (await asUser(caller, 'correctGrammar', input)) as Body<typeof s.GrammarResult>;
}

export async function playgroundPlagiarism(caller: PlaygroundCaller, input: Body<typeof s.PlagiarismRequest>): Promise<Body<typeof s.PlagiarismResult>> {
  return (await asUser(caller, 'scanPlagiarism', input)) as Body<typeof s.PlagiarismResult>;
}

/** An upload as koa-body stored it, handed on to the API's endpoint. */
export interface PlaygroundFile { path: string; name: string; type: string; size: number }

export async function playgroundImage(caller: PlaygroundCaller, file: PlaygroundFile): Promise<Body<typeof s.ImageResult>> {
  return (await asUser(caller, 'detectImage', { file })) as Body<typeof s.ImageResult>;
}

export async function playgroundVoice(caller: PlaygroundCaller, file: PlaygroundFile): Promise<Body<typeof s.VoiceResult>> {
  return (await asUser(caller, 'detectVoice', { file })) as Body<typeof s.VoiceResult>;
}
