/**
 * POST /api/batches/: up to 100 items of one service as JSON, or up to 20 documents as
 * multipart/form-data; every item read and checked, and the batch held in full, before any is
 * queued; supports Idempotency-Key (an upload compared by its bytes).
 */
import { BATCH_SERVICES, OPERATION_SCOPES, type BatchService } from '../../../contract/catalogue.ts';
import { BatchAccepted } from '../../../contract/schemas.ts';
import { checkBatchItems, fileRef } from '../../operations/batch.ts';
import type { TextSource } from '../../operations/documents.ts';
import type { BatchRow } from '../../platform/data/batches.ts';
import { ApiError } from '../../platform/errors.ts';
import { requestFingerprint, validateIdempotencyKey, withIdempotency } from '../../platform/idempotency.ts';
import { requireScopes } from '../../platform/keys.ts';
import { uploadDigest } from '../charged.ts';
import { defineEndpoint, type InputOf } from '../endpoint.ts';
import { checkCallbackUrl } from '../text-endpoint.ts';

/** A batch as the handler runs it, whichever way it came. */
interface Batch {
  service: BatchService;
  options: BatchRow['options'];
  items: (TextSource & { ref?: string })[];
  callback_url?: string;
  webhook_secret?: string;
}

/**
 * The options of a multipart batch: its form has every service's option as an optional field, so
 * what a service needs (detect-and-humanize's threshold) and what it does not take are checked here.
 */
function formOptions(service: BatchService, form: { detection_threshold?: number; target_variant?: BatchRow['options']['target_variant'] }): BatchRow['options'] {
  const stray = (field: string, takes: string) => new ApiError('invalid_payload', `${field}: only ${takes} takes it; this batch's service is ${service}.`);
  if (form.detection_threshold !== undefined && service !== 'detect-and-humanize') throw stray('detection_threshold', 'detect-and-humanize');
  if (form.target_variant !== undefined && service !== 'grammar') throw stray('target_variant', 'grammar');
  if (service === 'detect-and-humanize') {
    if (form.detection_threshold === undefined) throw new ApiError('invalid_payload', 'detection_threshold: detect-and-humanize needs it (0.0 to 1.0).');
    return { detection_threshold: form.detection_threshold };
  }
  return service === 'grammar' ? { target_variant: form.target_variant ?? 'auto' } : {};
}

function batchOf(input: InputOf<'createBatch'>): Batch {
  const { callback_url, webhook_secret } = input;
  if ('files' in input) {
    // Each document is one item, named by its file name (mount.ts stored it under a name of ours).
    const items = input.files.map((file) => ({ file: { path: file.path }, ref: fileRef(file.name) }));
    return { service: input.service, options: formOptions(input.service, input), items, callback_url, webhook_secret };
  }
  const options = input.service === 'detect-and-humanize' ? { detection_threshold: input.detection_threshold } : input.service === 'grammar' ? { target_variant: input.target_variant } : {};
  return { service: input.service, options, items: input.items, callback_url, webhook_secret };
}

/** What makes two batches the same for an Idempotency-Key: their fields, each uploaded document by its name and bytes (not where it was stored). */
async function fingerprintOf(input: InputOf<'createBatch'>): Promise<unknown> {
  if (!('files' in input)) return input;
  return { ...input, files: await Promise.all(input.files.map(async (file) => ({ name: file.name, ...(await uploadDigest(file)) }))) };
}

export default defineEndpoint({
  op: 'createBatch',
  auth: 'principal',
  async handle(ctx, input) {
    const { services, principal, requestId } = ctx;
    requireScopes(principal, OPERATION_SCOPES[BATCH_SERVICES[input.service]]);
    const batch = batchOf(input);
    const accept = async () => {
      if (batch.callback_url !== undefined) await checkCallbackUrl(services, batch.callback_url);
      // Every item is read (documents included) and bounded here, before the charge.
      const items = await checkBatchItems(services, batch.service, batch.items);
      const accepted = await services.batches.accept({ userId: principal.userId, service: batch.service, options: batch.options, items, callbackUrl: batch.callback_url, webhookSecret: batch.webhook_secret, requestId });
      const body = BatchAccepted.parse({
        status: 'queued', batch_id: accepted.batchId, service: batch.service, item_count: items.length, credits_held: accepted.creditsHeld, credits_remaining: accepted.balanceAfter,
        user: { id: principal.userId }, message: `Accepted: ${items.length} item${items.length === 1 ? '' : 's'} queued.`,
      });
      return { status: 202, body };
    };
    const header = ctx.headers['idempotency-key'];
    const key = validateIdempotencyKey(Array.isArray(header) ? header[0] : header);
    if (!key) return accept();
    const result = await withIdempotency(services.db, { userId: principal.userId, operation: 'batch', key, fingerprint: requestFingerprint(await fingerprintOf(input)) }, accept);
    // A replay's body is the stored JSON of the first 202, which `accept` built from BatchAccepted.
    const headers: Record<string, string> = result.replayed ? { 'Idempotent-Replayed': 'true' } : {};
    return { status: result.status, body: BatchAccepted.parse(result.body), headers };
  },
});
