/**
 * A grammar correction, the operation: the engine's correction as the spec's body fields, shared by
 * the endpoint (http/routes/correct-grammar.ts) and a batch item (operations/batch.ts).
 */
import type { Services } from '../context.ts';
import { codePointLength } from '../engines/shared/text.ts';
import type { TargetVariant } from '../engines/grammar/index.ts';

export async function correctGrammar(services: Pick<Services, 'engines'>, content: string, variant: TargetVariant, words: number) {
  const { correctedText, diff, issues, changed } = await services.engines.run({ kind: 'correctGrammar', text: content, variant });
  return { status: 'success' as const, corrected_text: correctedText, diff, issues, edits_count: diff.length, changed, input_words: words, input_chars: codePointLength(content) };
}
