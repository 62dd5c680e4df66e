import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { z } from 'zod';
import { DetectAndHumanizeAccepted, DetectAndHumanizeResult, DetectionAccepted, DetectionResult, HumanizationAccepted, HumanizationResult, JobFailed, JobProcessing } from '../../contract/schemas.ts';
import { verifyWebhookSignature } from '../../sdk/src/webhooks.ts';
import { ChargeQueue, creditStatement } from '../../server/platform/credits.ts';
import { createEngineRuntime, type EngineRuntime } from '../../server/runtime/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const AI_TEXT =
  'Artificial intelligence has become an integral part of modern society, transforming the way we live and work. ' +
  'Moreover, it is important to note that these technologies offer numerous benefits across various industries. ' +
  'Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation. ' +
  'In conclusion, embracing artificial intelligence is essential for businesses seeking to remain competitive in an ever-evolving landscape.';

/** The engines, except that a text containing FAIL_ME makes the engine throw (to exercise refunds). */
function failingOnMarker(real: EngineRuntime): EngineRuntime {
  return {
    ...real,
    run: (async (task) => {
      if ('text' in task && task.text.includes('FAIL_ME')) throw new Error('injected engine failure');
      return real.run(task);
    }) as EngineRuntime['run'],
  };
}

/** Every key of a JSON value, depth first, in the order the JSON text has them. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyPaths(v, `${prefix}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [`${prefix}.${k}`, ...keyPaths(v, `${prefix}.${k}`)]);
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Received { headers: http.IncomingHttpHeaders; body: string }

/** A webhook receiver on loopback that answers `statuses` in turn (then 200). */
async function receiver(statuses: number[] = []) {
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

describe('async jobs', () => {
  let server: TestServer;
  let now = new Date();

  before(async () => {
    const real = createEngineRuntime({ threads: 1 });
    server = await startTestServer({ worker: true, env: { WORKER_HEARTBEAT_MS: '200' }, overrides: { clock: () => now, engines: failingOnMarker(real), webhookRetryDelayMs: () => 200 } });
  });
  after(async () => {
    await server.close();
  });

  const poll = (key: string, taskId: string) => waitFor(async () => {
    const res = await server.request(`/api/jobs/${taskId}/`, { key });
    assert.equal(res.status, 200);
    return res.body.status === 'processing' ? (JobProcessing.parse(res.body), undefined) : res.body;
  });

  const endpoints: { path: string; body: Record<string, unknown>; sync: z.ZodType; accepted: z.ZodType }[] = [
    { path: '/api/detector/', body: { content: AI_TEXT }, sync: DetectionResult, accepted: DetectionAccepted },
    { path: '/api/humanizer/', body: { content: AI_TEXT }, sync: HumanizationResult, accepted: HumanizationAccepted },
    { path: '/api/detect-and-humanize/', body: { content: AI_TEXT, detection_threshold: 0.1 }, sync: DetectAndHumanizeResult, accepted: DetectAndHumanizeAccepted },
  ];

  test('the humanizers report the detector\'s score of the input and of the rewrite; detect-and-humanize reuses its detection', async () => {
    const { key } = await server.account();
    const detect = async (content: string) => DetectionResult.parse((await server.request('/api/detector/', { method: 'POST', key, json: { content } })).body).ai_score;
    const humanized = HumanizationResult.parse((await server.request('/api/humanizer/', { method: 'POST', key, json: { content: AI_TEXT } })).body);
    assert.equal(humanized.ai_score_before, await detect(AI_TEXT));
    assert.equal(humanized.ai_score_after, await detect(humanized.result));
    assert.notEqual(humanized.result, AI_TEXT);
    const both = DetectAndHumanizeResult.parse((await server.request('/api/detect-and-humanize/', { method: 'POST', key, json: { content: AI_TEXT, detection_threshold: 0.01 } })).body);
    assert.ok(both.humanized);
    assert.equal(both.ai_score_before, both.ai_score);
    assert.equal(both.ai_score_after, await detect(both.humanized_content));
  });

  for (const endpoint of endpoints) {
    test(`${endpoint.path}: no poll and no callback → 200 synchronous`, async () => {
      const { key, userId } = await server.account();
      const res = await server.request(endpoint.path, { method: 'POST', key, json: endpoint.body });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const body = endpoint.sync.parse(res.body) as { task_id: null; user: { id: number }; credits_remaining: number };
      assert.equal(body.task_id, null);
      assert.equal(body.user.id, userId);
      const statement = await creditStatement(server.services.db, userId);
      assert.equal(body.credits_remaining, statement.balance);
    });

    test(`${endpoint.path}: poll → 202, then the sync structure with task_id, its keys in the sync response's order`, async () => {
      const { key, userId } = await server.account();
      const sync = await server.request(endpoint.path, { method: 'POST', key, json: endpoint.body });
      const res = await server.request(endpoint.path, { method: 'POST', key, json: { ...endpoint.body, poll: true } });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      const accepted = endpoint.accepted.parse(res.body) as { task_id: string; word_count: number; credits_remaining: number };
      assert.equal(accepted.word_count, 63);
      assert.equal(accepted.credits_remaining, (await creditStatement(server.services.db, userId)).balance);
      const done = await poll(key, accepted.task_id);
      assert.equal(done.task_id, accepted.task_id);
      endpoint.sync.parse(done);
      assert.deepEqual(keyPaths(done), keyPaths(sync.body), 'a stored result reads back in the order it was built');
    });

    test(`${endpoint.path}: callback_url (with and without poll) → 202 and the polling body is POSTed`, async () => {
      const hook = await receiver();
      try {
        const { key } = await server.account();
        for (const extra of [{}, { poll: true }]) {
          const res = await server.request(endpoint.path, { method: 'POST', key, json: { ...endpoint.body, callback_url: hook.url, webhook_secret: 's3cret', ...extra } });
          assert.equal(res.status, 202);
          const taskId = res.body.task_id;
          const delivery = await waitFor(async () => hook.received.find((r) => JSON.parse(r.body).task_id === taskId));
          const polled = await server.request(`/api/jobs/${taskId}/`, { key });
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

  test('only the owner can read a job; an unknown or malformed id is 404', async () => {
    const owner = await server.account();
    const other = await server.account();
    const res = await server.request('/api/detector/', { method: 'POST', key: owner.key, json: { content: AI_TEXT, poll: true } });
    assert.equal((await server.request(`/api/jobs/${res.body.task_id}/`, { key: other.key })).status, 404);
    assert.equal((await server.request('/api/jobs/3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14/', { key: owner.key })).status, 404);
    assert.equal((await server.request('/api/jobs/not-a-uuid/', { key: owner.key })).status, 404);
    await poll(owner.key, res.body.task_id);
  });

  test('results expire 1 hour after completion (controllable clock), then the purge task deletes them', async () => {
    const { key } = await server.account();
    const res = await server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, poll: true } });
    await poll(key, res.body.task_id);
    const completedAt = now;
    now = new Date(completedAt.getTime() + 59 * 60_000);
    assert.equal((await server.request(`/api/jobs/${res.body.task_id}/`, { key })).status, 200);
    now = new Date(completedAt.getTime() + 61 * 60_000);
    assert.equal((await server.request(`/api/jobs/${res.body.task_id}/`, { key })).status, 404);
    await server.services.db.query("select graphile_worker.add_job('purge_expired', '{}'::json)");
    await waitFor(async () => ((await server.services.db.query('select 1 from jobs where id = $1', [res.body.task_id])).length ? undefined : true));
    now = new Date();
  });

  test('a failed job is refunded exactly once and reads as failed; its webhook is delivered', async () => {
    const hook = await receiver();
    try {
      const { key, userId } = await server.account();
      const before = (await creditStatement(server.services.db, userId)).balance;
      const res = await server.request('/api/detect-and-humanize/', { method: 'POST', key, json: { content: `FAIL_ME ${AI_TEXT}`, detection_threshold: 0.5, callback_url: hook.url, poll: true } });
      assert.equal(res.status, 202);
      assert.equal(res.body.credits_remaining, before - 2 * 64);
      const failed = JobFailed.parse(await poll(key, res.body.task_id));
      assert.equal(failed.word_count, 64);
      const statement = await creditStatement(server.services.db, userId, 100);
      assert.equal(statement.balance, before);
      assert.equal(statement.ledgerSum, statement.balance);
      assert.equal(statement.entries.filter((e) => e.kind === 'refund').length, 2); // detection and humanization parts
      const delivery = await waitFor(async () => hook.received[0]);
      assert.equal(JSON.parse(delivery.body).status, 'failed');
    } finally {
      await hook.close();
    }
  });

  test('a synchronous engine failure is a 503 service_error and refunds the charge', async () => {
    const { key, userId } = await server.account();
    const before = (await creditStatement(server.services.db, userId)).balance;
    const res = await server.request('/api/detector/', { method: 'POST', key, json: { content: `FAIL_ME ${AI_TEXT}` } });
    assert.equal(res.status, 503);
    assert.equal(res.body.code, 'service_error');
    const statement = await creditStatement(server.services.db, userId);
    assert.equal(statement.balance, before);
    assert.equal(statement.ledgerSum, before);
  });

  test('webhook retries: a receiver failing twice then succeeding gets 3 attempts with one webhook-id, all recorded', async () => {
    const hook = await receiver([500, 503]);
    try {
      const { key } = await server.account();
      const res = await server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, callback_url: hook.url } });
      await waitFor(async () => (hook.received.length >= 3 ? true : undefined));
      assert.equal(new Set(hook.received.map((r) => r.headers['webhook-id'])).size, 1);
      assert.equal(hook.received[0].headers['x-webhook-secret'], undefined);
      const attempts = await waitFor(async () => {
        const rows = await server.services.db.query('select attempt, status_code, ok from webhook_attempts where job_id = $1 order by attempt', [res.body.task_id]);
        return rows.length === 3 ? rows : undefined;
      });
      assert.deepEqual(attempts.map((a) => [a.attempt, a.status_code, a.ok]), [[1, 500, false], [2, 503, false], [3, 200, true]]);
    } finally {
      await hook.close();
    }
  });

  test('a receiver that never succeeds gets 4 attempts (1 + 3 retries), then delivery stops', async () => {
    const hook = await receiver([500, 500, 500, 500, 500, 500]);
    try {
      const { key } = await server.account();
      const res = await server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, callback_url: hook.url } });
      await waitFor(async () => ((await server.services.db.query('select 1 from webhook_attempts where job_id = $1', [res.body.task_id])).length >= 4 ? true : undefined));
      await new Promise((r) => setTimeout(r, 800));
      assert.equal(hook.received.length, 4);
    } finally {
      await hook.close();
    }
  });

  test('callback_url to a private address is refused at request time when private callbacks are off', async () => {
    const strict = await startTestServer({ env: { ALLOW_PRIVATE_CALLBACKS: 'false' } });
    try {
      const { key, userId } = await strict.account();
      for (const url of ['http://127.0.0.1/hook', 'http://10.0.0.1/', 'http://[::1]/', 'http://2130706433/', 'ftp://example.com/', 'http://localhost:8080/', 'http://169.254.169.254/latest/meta-data/']) {
        const res = await strict.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, callback_url: url } });
        assert.equal(res.status, 400, url);
        assert.equal(res.body.code, 'invalid_payload');
      }
      assert.equal((await creditStatement(strict.services.db, userId)).entries.filter((e) => e.kind === 'charge').length, 0);
    } finally {
      await strict.close();
    }
  });
});

describe('pending-job limit', () => {
  test('Trial allows 2 pending jobs; the third async request is 429 pending_job_limit and is not charged', async () => {
    const server = await startTestServer(); // no worker: jobs stay pending
    try {
      const { key, userId } = await server.account({ plan: 'Trial' });
      for (let i = 0; i < 2; i++) assert.equal((await server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, poll: true } })).status, 202);
      const before = await creditStatement(server.services.db, userId);
      const third = await server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, poll: true } });
      assert.equal(third.status, 429);
      assert.equal(third.body.code, 'pending_job_limit');
      assert.equal((await creditStatement(server.services.db, userId)).balance, before.balance);
      // The job rows and charges exist together: one charge per job.
      const [{ jobs }] = await server.services.db.query('select count(*)::int as jobs from jobs where user_id = $1', [userId]);
      assert.equal(jobs, before.entries.filter((e) => e.kind === 'charge').length);
      // Synchronous requests are not limited by pending jobs.
      assert.equal((await server.request('/api/detector/', { method: 'POST', key, json: { content: 'A short one.' } })).status, 200);
    } finally {
      await server.close();
    }
  });

  test('concurrent async requests cannot race past the limit: exactly 2 of 12 are accepted, only they are charged', async () => {
    const server = await startTestServer();
    try {
      const { key, userId } = await server.account({ plan: 'Trial' });
      const before = await creditStatement(server.services.db, userId);
      const responses = await Promise.all(Array.from({ length: 12 }, () => server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, poll: true } })));
      assert.deepEqual(responses.map((r) => r.status).sort(), [...Array(2).fill(202), ...Array(10).fill(429)]);
      const after = await creditStatement(server.services.db, userId);
      const charged = responses.filter((r) => r.status === 202).reduce((sum, r) => sum + r.body.word_count, 0);
      assert.equal(after.balance, before.balance - charged);
      assert.equal(after.ledgerSum, after.balance);
    } finally {
      await server.close();
    }
  });
});

describe('acceptance in groups', () => {
  test('one user\'s concurrent async requests with credits for 3: exactly 3 accepted, the rest 403, ledger = balance', async () => {
    const server = await startTestServer(); // no worker: jobs stay pending
    try {
      const { key, userId } = await server.account({ plan: '1M' }); // 10 pending jobs allowed
      const words = (await server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT } })).body.word_count as number;
      const { balance } = await creditStatement(server.services.db, userId);
      await new ChargeQueue(server.services.db).charge(userId, [{ operation: 'test', amount: balance - 3 * words - 1 }], {});
      const responses = await Promise.all(Array.from({ length: 8 }, () => server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, poll: true } })));
      const accepted = responses.filter((r) => r.status === 202);
      const refused = responses.filter((r) => r.status === 403);
      assert.equal(accepted.length, 3);
      assert.equal(refused.length, 5);
      // Each accepted request saw the balance right after its own charge.
      assert.deepEqual(accepted.map((r) => r.body.credits_remaining).sort((a, b) => b - a), [2 * words + 1, words + 1, 1]);
      for (const response of refused) assert.deepEqual([response.body.code, response.body.details.credits, response.body.details.required], ['insufficient_credits', 1, words]);
      const after = await creditStatement(server.services.db, userId);
      assert.equal(after.balance, 1);
      assert.equal(after.ledgerSum, 1);
      const [{ jobs }] = await server.services.db.query('select count(*)::int as jobs from jobs where user_id = $1', [userId]);
      assert.equal(jobs, 3);
    } finally {
      await server.close();
    }
  });
});

describe('crash safety', () => {
  test('a worker process killed mid-job leaves the job to another worker: one charge, no refund', async () => {
    const server = await startTestServer({ env: { WORKER_HEARTBEAT_MS: '200' } });
    try {
      const { key, userId } = await server.account();
      const res = await server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, poll: true } });
      // A separate worker process whose engine hangs: it takes the job, then we kill it.
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/hanging-worker.ts'], { env: { ...process.env, DATABASE_URL: server.services.db.url, WORKER_HEARTBEAT_MS: '200', LOG_LEVEL: 'silent' }, stdio: 'ignore' });
      await waitFor(async () => ((await server.services.db.query("select 1 from jobs where id = $1 and status = 'processing'", [res.body.task_id])).length ? true : undefined), 60_000);
      // The child's heartbeat names the lock holder, so its death can be noticed.
      await waitFor(async () => ((await server.services.db.query('select 1 from graphile_worker.jobs j join worker_heartbeats h on h.worker_id = j.locked_by')).length ? true : undefined), 30_000);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));

      const worker = await import('../../server/services.ts').then((m) => m.startWorker(server.services));
      try {
        const done = await waitFor(async () => {
          const r = await server.request(`/api/jobs/${res.body.task_id}/`, { key });
          return r.body.status === 'success' ? r.body : undefined;
        }, 120_000);
        DetectionResult.parse(done);
      } finally {
        await worker.stop();
      }
      const statement = await creditStatement(server.services.db, userId, 100);
      assert.equal(statement.entries.filter((e) => e.kind === 'charge').length, 1);
      assert.equal(statement.entries.filter((e) => e.kind === 'refund').length, 0);
      assert.equal(statement.ledgerSum, statement.balance);
    } finally {
      await server.close();
    }
  });
});
