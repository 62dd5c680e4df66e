/** DELETE /api/admin/sources/: removes the source with the given URL (scope admin). */
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({
  op: 'deleteSource',
  auth: 'principal',
  async handle(ctx, query) {
    const { corpus } = await ctx.services.plagiarism();
    return { body: { status: 'success' as const, deleted: await corpus.delete(query.url) } };
  },
});
