/** POST /api/plagiarism/scan/: score, verdict, sources and highlights against the corpus; supports Idempotency-Key. */
import { plagiarismCharges } from '../../../contract/catalogue.ts';
import { ApiError } from '../../platform/errors.ts';
import { idempotentTextEndpoint } from '../charged.ts';
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({
  op: 'scanPlagiarism',
  auth: 'principal',
  handle: idempotentTextEndpoint({
    operation: 'scanPlagiarism',
    scope: 'plagiarism',
    charges: () => plagiarismCharges(),
    async prepare(ctx, input) {
      const { scanner } = await ctx.services.plagiarism().catch(() => {
        throw new ApiError('service_unavailable', 'The plagiarism engine is not available.', undefined, { 'Retry-After': '30' });
      });
      // Too few complete sentences is the caller's 400 insufficient_content, found before any charge.
      return { scanner, prepared: await scanner.prepare(input.content) };
    },
    async work(_ctx, _input, { scanner, prepared }) {
      return { status: 'success' as const, scan_id: crypto.randomUUID(), ...(await scanner.complete(prepared)) };
    },
  }),
});
