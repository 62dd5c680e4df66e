/** POST /api/batches/: up to 100 items of one service, checked and held in full before any is queued; supports Idempotency-Key. */
import { BATCH_SERVICES, OPERATION_SCOPES } from '../../../contract/catalogue.ts';
import { checkBatchItems } from '../../operations/batch.ts';
import { requestFingerprint, validateIdempotencyKey, withIdempotency } from '../../platform/idempotency.ts';
import { requireScopes } from '../../platform/keys.ts';
import { BatchAccepted } from '../../../contract/schemas.ts';
import { defineEndpoint } from '../endpoint.ts';
import { checkCallbackUrl } from '../text-endpoint.ts';

export default defineEndpoint({
  op: 'createBatch',
  auth: 'principal',
  async handle(ctx, input) {
    const { services, principal, requestId } = ctx;
    requireScopes(principal, OPERATION_SCOPES[BATCH_SERVICES[input.service]]);
    const accept = async () => {
      if (input.callback_url !== undefined) await checkCallbackUrl(services, input.callback_url);
      const items = await checkBatchItems(services, input.service, input.items);
      const options = input.service === 'detect-and-humanize' ? { detection_threshold: input.detection_threshold } : input.service === 'grammar' ? { target_variant: input.target_variant } : {};
      const batch = await services.batches.accept({ userId: principal.userId, service: input.service, options, items, callbackUrl: input.callback_url, webhookSecret: input.webhook_secret, requestId });
      const body = BatchAccepted.parse({
        status: 'queued', batch_id: batch.batchId, service: input.service, item_count: items.length, credits_held: batch.creditsHeld, credits_remaining: batch.balanceAfter,
        user: { id: principal.userId }, message: `Accepted: ${items.length} item${items.length === 1 ? '' : 's'} queued.`,
      });
      return { status: 202, body };
    };
    const header = ctx.headers['idempotency-key'];
    const key = validateIdempotencyKey(Array.isArray(header) ? header[0] : header);
    if (!key) return accept();
    const result = await withIdempotency(services.db, { userId: principal.userId, operation: 'batch', key, fingerprint: requestFingerprint(input) }, accept);
    // A replay's body is the stored JSON of the first 202, which `accept` built from BatchAccepted.
    const headers: Record<string, string> = result.replayed ? { 'Idempotent-Replayed': 'true' } : {};
    return { status: result.status, body: BatchAccepted.parse(result.body), headers };
  },
});
