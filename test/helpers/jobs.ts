/**
 * The async side of the text endpoints, shared by their endpoint files and the job lifecycle tests
 * (test/integration/jobs.test.ts): an AI-sounding text, an engine that fails on demand, a webhook
 * receiver, polling a job, and the three ways a text endpoint answers (sync, poll, callback).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import type { z } from 'zod';
import { BatchStatus, JobProcessing } from '../../contract/schemas.ts';
import { verifyWebhookSignature } from '../../sdk/src/webhooks.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { createEngineRuntime, type EngineRuntime } from '../../server/runtime/engines.ts';
import { startTestServer, type TestServer } from './server.ts';

export const AI_TEXT =
  'Artificial intelligence has become an integral part of modern society, transforming the way we live and work. ' +
  'Moreover, it is important to note that these technologies offer numerous benefits across various industries. ' +
  'Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation. ' +
  'In conclusion, embracing artificial intelligence is essential for businesses seeking to remain competitive in an ever-evolving landscape.';

/** The engines, except that a text containing FAIL_ME makes the engine throw (to exercise refunds). */
export function failingOnMarker(real: EngineRuntime): EngineRuntime {
  return {
    ...real,
    run: (async (task) => {
      if ('text' in task && task.text.includes('FAIL_ME')) throw new Error('injected engine failure');
      return real.run(task);
    }) as EngineRuntime['run'],
  };
}

/** A test server with the worker running, whose engine fails on FAIL_ME. */
export function startJobServer(overrides: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const engines = failingOnMarker(createEngineRuntime({ threads: 1 }));
  return startTestServer({ worker: true, ...overrides, env: { WORKER_HEARTBEAT_MS: '200', ...overrides.env }, overrides: { engines, webhookRetryDelayMs: () => 200, ...overrides.overrides } });
}

/** Every key of a JSON value, depth first, in the order the JSON text has them. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyPaths(v, `${prefix}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [`${prefix}.${k}`, ...keyPaths(v, `${prefix}.${k}`)]);
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The job's body once it is no longer processing. */
export function pollJob(server: TestServer, key: string, taskId: string) {
  return waitFor(async () => {
    const res = await server.request(`/api/jobs/${taskId}/`, { key });
    assert.equal(res.status, 200);
    return res.body.status === 'processing' ? (JobProcessing.parse(res.body), undefined) : res.body;
  });
}

/** A batch once its last item ended (its first page of items, or the page `query` asks for). */
export function finishedBatch(server: TestServer, key: string, batchId: string, query = '') {
  return waitFor(async () => {
    const res = await server.request(`/api/batches/${batchId}/${query}`, { key });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.completed_at ? BatchStatus.parse(res.body) : undefined;
  });
}

interface Received { headers: http.IncomingHttpHeaders; body: string }

/** A webhook receiver on loopback that answers `statuses` in turn (then 200). */
export async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => new Promise((r) => server.close(r)) };
}

/**
 * The three ways a text endpoint answers, one test each: synchronous 200; `poll` → 202, then the same
 * body with its task_id; `callback_url` → 202 and the polling body POSTed, signed. Needs a server with
 * the worker running.
 */
export function answersSyncPollAndCallback(endpoint: { path: string; body: Record<string, unknown>; sync: z.ZodType; accepted: z.ZodType }, server: () => TestServer): void {
  test(`${endpoint.path}: no poll and no callback → 200 synchronous`, async () => {
    const { key, userId } = await server().account();
    const res = await server().request(endpoint.path, { method: 'POST', key, json: endpoint.body });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const body = endpoint.sync.parse(res.body) as { task_id: null; user: { id: number }; credits_remaining: number };
    assert.equal(body.task_id, null);
    assert.equal(body.user.id, userId);
    const statement = await creditStatement(server().services.db, userId);
    assert.equal(body.credits_remaining, statement.balance);
  });

  test(`${endpoint.path}: poll → 202, then the sync structure with task_id, its keys in the sync response's order`, async () => {
    const { key, userId } = await server().account();
    const sync = await server().request(endpoint.path, { method: 'POST', key, json: endpoint.body });
    const res = await server().request(endpoint.path, { method: 'POST', key, json: { ...endpoint.body, poll: true } });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const accepted = endpoint.accepted.parse(res.body) as { task_id: string; word_count: number; credits_remaining: number };
    assert.equal(accepted.word_count, 63);
    assert.equal(accepted.credits_remaining, (await creditStatement(server().services.db, userId)).balance);
    const done = await pollJob(server(), key, accepted.task_id);
    assert.equal(done.task_id, accepted.task_id);
    endpoint.sync.parse(done);
    assert.deepEqual(keyPaths(done), keyPaths(sync.body), 'a stored result reads back in the order it was built');
  });

  test(`${endpoint.path}: callback_url (with and without poll) → 202 and the polling body is POSTed`, async () => {
    const hook = await receiver();
    try {
      const { key } = await server().account();
      for (const extra of [{}, { poll: true }]) {
        const res = await server().request(endpoint.path, { method: 'POST', key, json: { ...endpoint.body, callback_url: hook.url, webhook_secret: 's3cret', ...extra } });
        assert.equal(res.status, 202);
        const taskId = res.body.task_id;
        const delivery = await waitFor(async () => hook.received.find((r) => JSON.parse(r.body).task_id === taskId));
        const polled = await server().request(`/api/jobs/${taskId}/`, { key });
        assert.deepEqual(JSON.parse(delivery.body), polled.body);
        assert.equal(delivery.headers['content-type'], 'application/json');
        assert.equal(delivery.headers['x-webhook-secret'], 's3cret');
        assert.ok(verifyWebhookSignature(delivery.headers as Record<string, string>, delivery.body, 's3cret'));
      }
    } finally {
      await hook.close();
    }
  });
}
