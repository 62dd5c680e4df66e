/** POST /api/grammar/correct/: minimal-change correction with a word-level diff; supports Idempotency-Key. */
import { grammarCharges, TEXT_BOUNDS } from '../../../contract/catalogue.ts';
import { codePointLength } from '../../engines/shared/text.ts';
import { checkTextBounds } from '../../operations/text.ts';
import { chargedWork } from '../../platform/credits.ts';
import { defineEndpoint } from '../endpoint.ts';
import { idempotent } from '../idempotent.ts';

export default defineEndpoint({
  op: 'correctGrammar',
  auth: 'principal',
  async handle(ctx, input) {
    const { services, principal, requestId } = ctx;
    const words = checkTextBounds(input.content, TEXT_BOUNDS.correctGrammar);
    return idempotent(ctx, 'grammar', input, async (record) => {
      const started = performance.now();
      const charges = await services.charges.charge(principal.userId, grammarCharges(words), { requestId });
      return chargedWork(services.db, { userId: principal.userId, charges }, requestId, async () => {
        const correction = await services.engines.run({ kind: 'correctGrammar', text: input.content, variant: input.target_variant });
        const response = {
          status: 200,
          body: {
            status: 'success' as const,
            corrected_text: correction.correctedText,
            diff: correction.diff,
            issues: correction.issues,
            edits_count: correction.diff.length,
            changed: correction.changed,
            input_words: words,
            input_chars: codePointLength(input.content),
            word_count: words,
            execution_time: Math.round(performance.now() - started) / 1000,
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
