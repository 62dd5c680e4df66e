/** POST /api/grammar/correct/: minimal-change correction with a word-level diff; supports Idempotency-Key. */
import { grammarCharges } from '../../../contract/catalogue.ts';
import { codePointLength } from '../../engines/shared/text.ts';
import { idempotentTextEndpoint } from '../charged.ts';
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({
  op: 'correctGrammar',
  auth: 'principal',
  handle: idempotentTextEndpoint({
    operation: 'correctGrammar',
    scope: 'grammar',
    charges: grammarCharges,
    prepare: async () => undefined,
    async work(ctx, input, _prepared, words) {
      const { correctedText, diff, issues, changed } = await ctx.services.engines.run({ kind: 'correctGrammar', text: input.content, variant: input.target_variant });
      return { status: 'success' as const, corrected_text: correctedText, diff, issues, edits_count: diff.length, changed, input_words: words, input_chars: codePointLength(input.content) };
    },
  }),
});
