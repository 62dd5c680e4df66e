/**
 * Detect whether a text was written by an AI.
 *
 *   CI_API_KEY=ci_… npx tsx sdk/examples/detect-text.ts ["your text"]
 */
import { clientFromEnv, fail, runExample } from './common.ts';

const text =
  process.argv[2] ??
  'Artificial intelligence has become an integral part of modern society, transforming the way we live and work. ' +
    'Moreover, it is important to note that these technologies offer numerous benefits across various industries.';

await runExample(async () => {
  const client = clientFromEnv();
  const result = await client.detectText({ content: text });
  if (result.status !== 'success') fail(`expected a synchronous result, got ${result.status}`);

  console.log(`Verdict: ${result.result} (ai_score ${result.ai_score.toFixed(3)}, ${result.word_count} words, engine ${result.service_name})`);
  for (const sentence of result.items) console.log(`  ${sentence.ai_score.toFixed(2)}  ${sentence.prediction.padEnd(12)}  ${sentence.text}`);
  if (result.message) console.log(`Note: ${result.message}`);
  console.log(`Credits remaining: ${result.credits_remaining}`);
});
