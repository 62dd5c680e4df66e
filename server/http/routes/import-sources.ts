/** POST /api/admin/sources/: adds or replaces plagiarism sources (scope admin). */
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({
  op: 'importSources',
  auth: 'principal',
  async handle(ctx, input) {
    const { corpus } = await ctx.services.plagiarism();
    await corpus.upsertAll(input.sources);
    return { body: { status: 'success' as const, imported: input.sources.length } };
  },
});
