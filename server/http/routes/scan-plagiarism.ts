/** POST /api/plagiarism/scan/: score, verdict, sources and highlights against the corpus; supports Idempotency-Key. */
import { plagiarismCharges, TEXT_BOUNDS } from '../../../contract/catalogue.ts';
import { checkTextBounds } from '../../operations/text.ts';
import { chargedWork } from '../../platform/credits.ts';
import { ApiError } from '../../platform/errors.ts';
import { defineEndpoint } from '../endpoint.ts';
import { idempotent } from '../idempotent.ts';

export default defineEndpoint({
  op: 'scanPlagiarism',
  auth: 'principal',
  async handle(ctx, input) {
    const { services, principal, requestId } = ctx;
    const words = checkTextBounds(input.content, TEXT_BOUNDS.scanPlagiarism);
    return idempotent(ctx, 'plagiarism', input, async (record) => {
      const started = performance.now();
      const { scanner } = await services.plagiarism().catch(() => {
        throw new ApiError('service_unavailable', 'The plagiarism engine is not available.', undefined, { 'Retry-After': '30' });
      });
      // Too few complete sentences is the caller's 400 insufficient_content, found before any charge.
      const prepared = await scanner.prepare(input.content);
      const charges = await services.charges.charge(principal.userId, plagiarismCharges(), { requestId });
      return chargedWork(services.db, { userId: principal.userId, charges }, requestId, async () => {
        const report = await scanner.complete(prepared);
        const response = {
          status: 200,
          body: {
            status: 'success' as const,
            scan_id: crypto.randomUUID(),
            ...report,
            execution_time: Math.round(performance.now() - started) / 1000,
            word_count: words,
            credits_remaining: charges.at(-1)!.balanceAfter,
            user: { id: principal.userId },
          },
        };
        await record(response);
        return response;
      });
    });
  },
});
