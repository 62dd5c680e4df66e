/**
 * Correct grammar and print the word-level diff. Offsets are Unicode code points into the text as
 * sent, so the text is indexed by code point ([...text]), not by UTF-16 unit.
 *
 *   CI_API_KEY=ci_… npx tsx sdk/examples/grammar-diff.ts ["text to correct"]
 */
import { randomUUID } from 'node:crypto';
import { clientFromEnv, fail, runExample } from './common.ts';

const text = process.argv[2] ?? 'She go to school every days, and she like it very much.';

await runExample(async () => {
  const client = clientFromEnv();
  // An Idempotency-Key makes a retry after a lost answer replay the first one instead of charging twice.
  const result = await client.correctGrammar({ content: text }, { idempotencyKey: randomUUID() });

  const chars = [...text];
  let inline = '';
  let at = 0;
  for (const op of result.diff) {
    inline += chars.slice(at, op.start).join('');
    if (op.original) inline += `[-${op.original}-]`;
    if (op.corrected) inline += `{+${op.corrected}+}`;
    at = op.end;
  }
  inline += chars.slice(at).join('');

  console.log(`Original:  ${text}`);
  console.log(`Corrected: ${result.corrected_text}`);
  console.log(`Diff:      ${inline}`);
  for (const op of result.diff) console.log(`  ${op.type.padEnd(7)} ${op.start}–${op.end}  "${op.original}" → "${op.corrected}"`);
  for (const issue of result.issues) console.log(`  ${issue.severity} ${issue.category}: ${issue.message}`);
  console.log(`${result.edits_count} edit(s); ${result.input_words} words charged; ${result.credits_remaining} credits left`);
  if (result.edits_count !== result.diff.length) fail('edits_count must equal the length of diff');
});
