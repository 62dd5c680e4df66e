/**
 * Humanize a text asynchronously: submit it with `poll: true` (202 and a task_id), then poll the job
 * with the spec's backoff (2, 4, 8 … s) until it is done.
 *
 *   CI_API_KEY=ci_… npx tsx sdk/examples/humanize-async.ts [file.txt]   (50 to 2,000 words)
 */
import { readFileSync } from 'node:fs';
import { clientFromEnv, fail, runExample } from './common.ts';

const text = process.argv[2]
  ? readFileSync(process.argv[2], 'utf8')
  : 'Artificial intelligence has become an integral part of modern society, transforming the way we live and work. ' +
    'Moreover, it is important to note that these technologies offer numerous benefits across various industries. ' +
    'Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation. ' +
    'In conclusion, embracing artificial intelligence is essential for businesses seeking to remain competitive in an ever-evolving landscape. ' +
    'Additionally, it is crucial to recognize that responsible adoption requires careful planning and robust governance frameworks.';

await runExample(async () => {
  const client = clientFromEnv();
  const accepted = await client.humanize({ content: text, poll: true });
  if (accepted.status !== 'pending') fail(`expected 202 pending, got ${accepted.status}`);
  console.log(`Accepted job ${accepted.task_id} (${accepted.word_count} words charged, ${accepted.credits_remaining} credits left); polling…`);

  const job = await client.waitForJob(accepted.task_id, { maxWaitMs: 5 * 60_000 });
  if (job.status === 'failed') fail(`job failed: ${job.error} (the credits were refunded)`);
  if (!('result' in job) || typeof job.result !== 'string') fail(`unexpected job body: ${JSON.stringify(job)}`);
  console.log(`Done in ${'execution_time' in job ? job.execution_time : '?'} s:\n`);
  console.log(job.result);
});
