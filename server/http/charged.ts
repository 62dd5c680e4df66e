/**
 * The charge of the endpoints that charge a looked-up key's owner (grammar, plagiarism, image,
 * voice): the charge, the work under the one refund rule (credits.ts `chargedWork`), and the two
 * fields every charged body ends with. Grammar and plagiarism also take an Idempotency-Key: with
 * one, platform/idempotency.ts runs the request once and replays its response.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { TEXT_BOUNDS, type ChargePart } from '../../contract/catalogue.ts';
import { placeResult, readDocument, type TextSource } from '../operations/documents.ts';
import { checkTextBounds } from '../operations/text.ts';
import { chargedWork } from '../platform/credits.ts';
import { requestFingerprint, validateIdempotencyKey, withIdempotency, type StoredResponse } from '../platform/idempotency.ts';
import type { PrincipalContext, Reply } from './endpoint.ts';

/** What a text endpoint's body adds to the work's own fields. */
interface TextFields {
  word_count: number;
  execution_time: number;
}

/** What a charged body adds to the work's own fields. */
interface ChargedFields {
  credits_remaining: number;
  user: { id: number };
}

/**
 * Charges the principal's user for `parts`, then runs `work`: its fields and the balance after are
 * the body. `store` (the idempotent replay's record) runs inside the charged scope too, so a body
 * that cannot be stored is refunded like any other failure (exactly once).
 */
export async function chargedBody<B extends object>(ctx: PrincipalContext, parts: ChargePart[], work: () => Promise<B>, store?: (body: B & ChargedFields) => Promise<void>): Promise<B & ChargedFields> {
  const { services, principal, requestId } = ctx;
  const charges = await services.charges.charge(principal.userId, parts, { requestId });
  return chargedWork(services, { userId: principal.userId, charges }, requestId, async () => {
    const body = { ...(await work()), credits_remaining: charges[charges.length - 1].balanceAfter, user: { id: principal.userId } };
    await store?.(body);
    return body;
  });
}

/**
 * The handler of a text endpoint charged by its words that takes an Idempotency-Key (grammar,
 * plagiarism): the catalogue's bounds, then once per key (without one it just runs) `prepare`,
 * which refuses what is the caller's fault before any charge, and `chargedBody`; the 200 reply is
 * stored for replays inside the charged scope.
 */
export function idempotentTextEndpoint<I extends TextSource, P, B extends object>(spec: {
  operation: keyof typeof TEXT_BOUNDS;
  /** The idempotency scope the keys are stored under. */
  scope: string;
  charges(words: number): ChargePart[];
  prepare(ctx: PrincipalContext, input: I & { content: string }): Promise<P>;
  work(ctx: PrincipalContext, input: I & { content: string }, prepared: P, words: number): Promise<B>;
}) {
  return async (ctx: PrincipalContext, request: I): Promise<Reply<B & TextFields & ChargedFields>> => {
    const started = performance.now();
    const run = async (record: (response: StoredResponse) => Promise<void>) => {
      // The text (read out of a document first when one was sent) is what is bounded and charged.
      const read = await readDocument(ctx.services, request);
      const input = { ...request, content: read.text };
      const words = checkTextBounds(read.text, TEXT_BOUNDS[spec.operation]);
      const prepared = await spec.prepare(ctx, input);
      const work = async () => placeResult({ ...(await spec.work(ctx, input, prepared, words)), word_count: words, execution_time: Math.round(performance.now() - started) / 1000 }, read);
      const body = await chargedBody(ctx, spec.charges(words), work, (charged) => record({ status: 200, body: charged }));
      return { status: 200, body };
    };
    const header = ctx.headers['idempotency-key'];
    const key = validateIdempotencyKey(Array.isArray(header) ? header[0] : header);
    if (!key) return run(async () => {});
    const result = await withIdempotency(ctx.services.db, { userId: ctx.principal.userId, operation: spec.scope, key, fingerprint: requestFingerprint(await fingerprintOf(request)) }, run);
    // A replay's body is the stored JSON of the first response, which `run` built as this type.
    return { status: result.status, body: result.body as B & TextFields & ChargedFields, headers: result.replayed ? { 'Idempotent-Replayed': 'true' } : {} };
  };
}

/** What makes two requests the same for an Idempotency-Key: their fields, an upload by its bytes' digest rather than where it was stored. */
async function fingerprintOf(request: TextSource): Promise<unknown> {
  if (!request.file) return request;
  return { ...request, file: await uploadDigest(request.file) };
}

/** An upload as an Idempotency-Key compares it: by its bytes, not where it was stored. */
export async function uploadDigest(file: { path: string }): Promise<{ sha256: string }> {
  return { sha256: createHash('sha256').update(await readFile(file.path)).digest('hex') };
}
