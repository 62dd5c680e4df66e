/** GET /api/admin/sources/: the plagiarism source corpus, a page at a time (scope admin). */
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({
  op: 'listSources',
  auth: 'principal',
  async handle(ctx, query) {
    const { corpus } = await ctx.services.plagiarism();
    const page = await corpus.list({ limit: query.limit, offset: query.offset });
    return { body: { status: 'success' as const, total: page.total, sources: page.sources.map((x) => ({ url: x.url, title: x.title, domain: x.domain, words: x.words, imported_at: x.importedAt })) } };
  },
});
