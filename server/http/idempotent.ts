/**
 * Idempotency-Key handling of the endpoints that support it (grammar, plagiarism): without a key
 * the work just runs; with one, platform/idempotency.ts runs it once and replays its response.
 */
import { requestFingerprint, validateIdempotencyKey, withIdempotency, type StoredResponse } from '../platform/idempotency.ts';
import type { PrincipalContext, Reply } from './endpoint.ts';

export async function idempotent<Body>(
  ctx: PrincipalContext,
  operation: string,
  input: unknown,
  work: (record: (response: StoredResponse) => Promise<void>) => Promise<{ status: number; body: Body }>,
): Promise<Reply<Body>> {
  const header = ctx.headers['idempotency-key'];
  const key = validateIdempotencyKey(Array.isArray(header) ? header[0] : header);
  if (!key) return work(async () => {});
  const result = await withIdempotency(ctx.services.db, { userId: ctx.principal.userId, operation, key, fingerprint: requestFingerprint(input) }, work);
  // A replay's body is the stored JSON of the first response, which `work` built as Body.
  return { status: result.status, body: result.body as Body, headers: result.replayed ? { 'Idempotent-Replayed': 'true' } : {} };
}
