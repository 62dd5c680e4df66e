/**
 * Check many texts at once: one batch of up to 100 items (here every .txt file of a folder, or three
 * sample texts), then each result as soon as it is ready, in order.
 *
 *   CI_API_KEY=ci_… npx tsx sdk/examples/batch-detect.ts [folder]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { clientFromEnv, fail, runExample } from './common.ts';

const folder = process.argv[2];
const items = folder
  ? readdirSync(folder).filter((f) => f.endsWith('.txt')).slice(0, 100).map((f) => ({ ref: f, content: readFileSync(path.join(folder, f), 'utf8') }))
  : [
      { ref: 'essay-1', content: 'Artificial intelligence has become an integral part of modern society. Moreover, it is important to note that these technologies offer numerous benefits across various industries.' },
      { ref: 'essay-2', content: 'We missed the bus, so we walked home in the rain and argued about whether the corner shop still sells those awful lemon sweets.' },
      { ref: 'essay-3', content: 'Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation.' },
    ];

await runExample(async () => {
  const client = clientFromEnv();
  const batch = await client.batches.create({ service: 'detector', items });
  console.log(`Batch ${batch.batch_id}: ${batch.item_count} items, ${batch.credits_held} credits held.`);

  for await (const item of client.batches.results(batch.batch_id, { maxWaitMs: 5 * 60_000 })) {
    if (item.status !== 'succeeded') {
      console.log(`${item.ref}: ${item.status} (${item.error})`);
      continue;
    }
    if (!item.result || !('ai_score' in item.result) || !('items' in item.result)) fail(`unexpected result: ${JSON.stringify(item.result)}`);
    console.log(`${item.ref}: ${item.result.result} (ai_score ${item.result.ai_score.toFixed(3)})`);
  }
  const done = await client.batches.get(batch.batch_id);
  console.log(`Batch ${done.status}: ${done.credits_charged} credits charged, ${done.credits_refunded} refunded.`);
});
