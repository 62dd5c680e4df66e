/** POST /api/grammar/correct/: minimal-change correction with a word-level diff; supports Idempotency-Key. */
import { grammarCharges } from '../../../contract/catalogue.ts';
import { runGrammar } from '../../operations/text.ts';
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
    work: (ctx, input, _prepared, words) => runGrammar(ctx.services, input.content, input.target_variant, words),
  }),
});
