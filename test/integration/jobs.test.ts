/**
 * The job lifecycle of the text endpoints: results expire and are purged, a failed job is refunded once,
 * webhooks are retried, the pending-job limit holds under concurrency, acceptance is charged in groups,
 * and a worker killed mid-job leaves its job to another. What each endpoint answers, sync, with poll or
 * with a callback, is in its file in test/endpoints; reading a job in test/endpoints/jobs.test.ts.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { DetectionResult, JobFailed } from '../../contract/schemas.ts';
import { ChargeQueue } from '../../server/platform/credits.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { AI_TEXT, pollJob, receiver, startJobServer, waitFor } from '../helpers/jobs.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('async jobs', () => {
  let server: TestServer;
  let now = new Date();

  before(async () => {
    server = await startJobServer({ overrides: { clock: () => now } });
  });
  after(async () => {
    await server.close();
  });

  test('results expire 1 hour after completion (controllable clock), then the purge task deletes them', async () => {
    const { key } = await server.account();
    const res = await server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, poll: true } });
    await pollJob(server, key, res.body.task_id);
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
      const failed = JobFailed.parse(await pollJob(server, key, res.body.task_id));
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
