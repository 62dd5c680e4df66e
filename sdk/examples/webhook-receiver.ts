/**
 * Receive a job result by webhook and verify it. Starts a small HTTP receiver, submits a detection
 * with `callback_url` pointing at it and a `webhook_secret`, and checks the delivery with
 * verifyWebhook (the X-Webhook-Secret header and the Standard Webhooks signature over the raw body).
 *
 *   CI_API_KEY=ci_… npx tsx sdk/examples/webhook-receiver.ts
 *
 * The server refuses callbacks to private and loopback addresses; for this local demo start it with
 * `ALLOW_PRIVATE_CALLBACKS=true npm start`, or set CI_WEBHOOK_PUBLIC_URL to a public URL (e.g. a
 * tunnel) that forwards to CI_WEBHOOK_PORT on this machine.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../src/index.ts';
import { clientFromEnv, fail, runExample } from './common.ts';

const secret = `whsec-${randomBytes(12).toString('hex')}`;

await runExample(async () => {
  const client = clientFromEnv();
  let deliver: (delivery: { verified: boolean; body: string }) => void;
  const delivered = new Promise<{ verified: boolean; body: string }>((resolve) => (deliver = resolve));

  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks); // verify the exact bytes received, before parsing them
      const verified = verifyWebhook(req.headers, raw, secret);
      res.statusCode = verified ? 204 : 401; // a non-2xx answer makes the server retry
      res.end();
      deliver({ verified, body: raw.toString('utf8') });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(Number(process.env.CI_WEBHOOK_PORT ?? 0), resolve));
  const callbackUrl = process.env.CI_WEBHOOK_PUBLIC_URL ?? `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
  console.log(`Receiving webhooks at ${callbackUrl}`);

  try {
    const accepted = await client.detectText({
      content: 'The committee reviewed the proposal on Monday and asked for a revised budget before the end of the month.',
      callback_url: callbackUrl,
      webhook_secret: secret,
    });
    if (accepted.status !== 'pending') fail(`expected 202 pending, got ${accepted.status}`);
    console.log(`Submitted job ${accepted.task_id}; waiting for its webhook…`);

    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no webhook within 120 s')), 120_000).unref());
    const { verified, body } = await Promise.race([delivered, timeout]);
    if (!verified) fail('a delivery arrived but did not verify: wrong secret or tampered body');
    const job = JSON.parse(body) as { status: string; task_id: string; ai_score?: number; error?: string };
    console.log(`Verified webhook for job ${job.task_id}: status ${job.status}${job.ai_score !== undefined ? `, ai_score ${job.ai_score}` : ''}`);
    if (job.status !== 'success') fail(`the job ended as ${job.status}: ${job.error ?? ''}`);
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
});
