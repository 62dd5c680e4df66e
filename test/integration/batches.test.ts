/**
 * The batch lifecycle on PostgreSQL with the real worker: a 100-item batch charged exactly (balance,
 * ledger and usage agree), a small batch of another account finishing before a large one (the
 * per-account cap on items in flight), cancel refunding exactly the items not started, one signed
 * webhook per batch (retried like others), failed items refunded once, expiry and purge, and a worker
 * killed mid-batch. What each endpoint answers is in test/endpoints/batches.test.ts.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { BatchCompletedEvent, DetectionResult } from '../../contract/schemas.ts';
import { verifyWebhookSignature } from '../../sdk/src/webhooks.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { createEngineRuntime, type EngineRuntime } from '../../server/runtime/engines.ts';
import { AI_TEXT, failingOnMarker, finishedBatch, receiver, startJobServer, waitFor } from '../helpers/jobs.ts';
import { portalUser, signIn } from '../helpers/portal.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createApiKey } from '../../server/platform/keys.ts';
import { PUBLIC_SCOPES } from '../../contract/catalogue.ts';
import { JobList } from '../../contract/portal.ts';

const texts = (n: number, prefix = 'Item') => Array.from({ length: n }, (_, i) => ({ content: `${prefix} ${i}: ${AI_TEXT.slice(0, 60 + (i % 7) * 20)}`, ref: `${prefix}-${i}` }));

async function createBatch(server: TestServer, key: string, json: Record<string, unknown>) {
  const res = await server.request('/api/batches/', { method: 'POST', key, json });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return res.body as { batch_id: string; credits_held: number; credits_remaining: number; item_count: number };
}

describe('batches', () => {
  let server: TestServer;
  /** The clock the server reads: the real one unless a test sets it. */
  let now: Date | undefined;
  before(async () => {
    server = await startJobServer({ overrides: { clock: () => now ?? new Date() } });
  });
  after(() => server.close());

  test('a 100-item detector batch completes; balance = start − the items\' charges exactly; ledger and usage agree', async () => {
    const { key, userId } = await server.account();
    const start = (await creditStatement(server.services.db, userId)).balance;
    const accepted = await createBatch(server, key, { service: 'detector', items: texts(100) });
    assert.equal(accepted.item_count, 100);
    const pages = [await finishedBatch(server, key, accepted.batch_id, '?limit=100')];
    const batch = pages[0];
    assert.equal(batch.status, 'completed');
    assert.equal(batch.counts.succeeded, 100);
    const charges = batch.items.map((i) => DetectionResult.parse(i.result).word_count);
    const sum = charges.reduce((a, b) => a + b, 0);
    assert.equal(accepted.credits_held, sum);
    assert.equal(batch.credits_charged, sum);
    const statement = await creditStatement(server.services.db, userId, 500);
    assert.equal(statement.balance, start - sum);
    assert.equal(statement.ledgerSum, statement.balance);
    assert.equal(statement.entries.filter((e) => e.kind === 'charge').length, 100);
    assert.equal(statement.entries.filter((e) => e.kind === 'refund').length, 0);
    const account = await server.request('/api/account/', { key });
    assert.equal(account.body.usage.detector, sum);
  });

  test('items that fail on every attempt are refunded once each; the batch ends completed_with_errors with one signed webhook', async () => {
    const hook = await receiver();
    try {
      const { key, userId } = await server.account();
      const start = (await creditStatement(server.services.db, userId)).balance;
      const items = [{ content: AI_TEXT, ref: 'ok' }, { content: `FAIL_ME ${AI_TEXT}`, ref: 'bad' }, { content: 'A plain note.', ref: 'ok2' }];
      const accepted = await createBatch(server, key, { service: 'detector', items, callback_url: hook.url, webhook_secret: 'batch-secret' });
      const batch = await finishedBatch(server, key, accepted.batch_id);
      assert.equal(batch.status, 'completed_with_errors');
      assert.deepEqual(batch.items.map((i) => [i.ref, i.status]), [['ok', 'succeeded'], ['bad', 'failed'], ['ok2', 'succeeded']]);
      assert.equal(batch.items[1].result, null);
      assert.match(batch.items[1].error ?? '', /refunded/);
      assert.equal(batch.credits_refunded, 64);
      assert.equal(batch.credits_charged + batch.credits_refunded, batch.credits_held);
      const statement = await creditStatement(server.services.db, userId, 100);
      assert.equal(statement.balance, start - batch.credits_charged);
      assert.equal(statement.ledgerSum, statement.balance);
      assert.equal(statement.entries.filter((e) => e.kind === 'refund').length, 1);

      const delivery = await waitFor(async () => hook.received[0]);
      await new Promise((r) => setTimeout(r, 1_000));
      assert.equal(hook.received.length, 1, 'one webhook per batch');
      assert.ok(verifyWebhookSignature(delivery.headers as Record<string, string>, delivery.body, 'batch-secret'));
      assert.equal(delivery.headers['webhook-id'], `msg_${accepted.batch_id}`);
      const event = BatchCompletedEvent.parse(JSON.parse(delivery.body));
      assert.equal(event.type, 'batch.completed');
      assert.deepEqual(event.counts, { queued: 0, running: 0, succeeded: 2, failed: 1, cancelled: 0 });
      const [{ attempts }] = await server.services.db.query('select count(*)::int as attempts from webhook_attempts where batch_id = $1 and ok', [accepted.batch_id]);
      assert.equal(attempts, 1);
    } finally {
      await hook.close();
    }
  });

  test('the batch webhook is retried like a job\'s: a receiver failing once gets a second attempt with the same webhook-id', async () => {
    const hook = await receiver([503]);
    try {
      const { key } = await server.account();
      const accepted = await createBatch(server, key, { service: 'detector', items: [{ content: AI_TEXT }], callback_url: hook.url });
      await waitFor(async () => (hook.received.length >= 2 ? true : undefined));
      assert.equal(new Set(hook.received.map((r) => r.headers['webhook-id'])).size, 1);
      const rows = await waitFor(async () => {
        const r = await server.services.db.query('select attempt, status_code, ok from webhook_attempts where batch_id = $1 order by attempt', [accepted.batch_id]);
        return r.length === 2 ? r : undefined;
      });
      assert.deepEqual(rows.map((a) => [a.attempt, a.status_code, a.ok]), [[1, 503, false], [2, 200, true]]);
    } finally {
      await hook.close();
    }
  });

  test('account B\'s 5-item batch, sent after account A\'s 100-item batch, finishes first; A never has more items in flight than the cap', async () => {
    const a = await server.account();
    const b = await server.account();
    const cap = server.services.batches.inFlightPerAccount;
    const big = await createBatch(server, a.key, { service: 'detector', items: texts(100, 'A') });
    const small = await createBatch(server, b.key, { service: 'detector', items: texts(5, 'B') });
    let most = 0;
    const bigDone = waitFor(async () => {
      const [{ running }] = await server.services.db.query("select count(*)::int as running from batch_items where user_id = $1 and status = 'running'", [a.userId]);
      most = Math.max(most, running);
      const [row] = await server.services.db.query('select completed_at from batches where id = $1', [big.batch_id]);
      return row.completed_at ?? undefined;
    });
    const smallDone = (await finishedBatch(server, b.key, small.batch_id)).completed_at!;
    const bigAt: Date = await bigDone;
    assert.ok(new Date(smallDone) < bigAt, `B finished at ${smallDone}, A at ${bigAt.toISOString()}`);
    assert.ok(most <= cap, `A had ${most} items running at once; the cap is ${cap}`);
    assert.ok(most >= 1);
  });

  test('the portal\'s Jobs page lists the batch with its counts, credits, items and webhook delivery', async () => {
    const hook = await receiver();
    try {
      const user = await portalUser(server, '1M');
      const { key } = await createApiKey(server.services.db, { userId: user.userId, name: 'batches', scopes: [...PUBLIC_SCOPES], expiration: 'never' });
      const accepted = await createBatch(server, key, { service: 'detector', items: [{ content: AI_TEXT, ref: 'one' }, { content: `FAIL_ME ${AI_TEXT}`, ref: 'two' }], callback_url: hook.url });
      await finishedBatch(server, key, accepted.batch_id);
      await waitFor(async () => hook.received[0]);
      const session = await signIn(server, user.email, user.password);
      const listed = await waitFor(async () => {
        const { batches } = JobList.parse((await session.request('/portal/api/jobs/')).body);
        return batches[0]?.delivery === 'delivered' ? batches[0] : undefined;
      });
      assert.equal(listed.batch_id, accepted.batch_id);
      assert.equal(listed.status, 'completed_with_errors');
      assert.deepEqual(listed.items.map((i) => [i.index, i.ref, i.status]), [[0, 'one', 'succeeded'], [1, 'two', 'failed']]);
      assert.equal(listed.credits_held, accepted.credits_held);
      assert.equal(listed.attempts.length, 1);
      const page = await session.request('/portal/jobs');
      assert.equal(page.status, 200);
    } finally {
      await hook.close();
    }
  });

  test('results are kept 1 hour after the batch ends (controllable clock), then the purge task deletes the batch and its items', async () => {
    const { key } = await server.account();
    const accepted = await createBatch(server, key, { service: 'detector', items: [{ content: AI_TEXT }] });
    const endedAt = new Date((await finishedBatch(server, key, accepted.batch_id)).completed_at!);
    now = new Date(endedAt.getTime() + 59 * 60_000);
    assert.equal((await server.request(`/api/batches/${accepted.batch_id}/`, { key })).status, 200);
    now = new Date(endedAt.getTime() + 61 * 60_000);
    assert.equal((await server.request(`/api/batches/${accepted.batch_id}/`, { key })).status, 404);
    await server.services.db.query("select graphile_worker.add_job('purge_expired', '{}'::json)");
    await waitFor(async () => ((await server.services.db.query('select 1 from batch_items where batch_id = $1', [accepted.batch_id])).length ? undefined : true));
    now = undefined;
  });
});

describe('cancel', () => {
  test('cancel refunds exactly the items not started; the running ones finish and are charged; the batch ends cancelled with one webhook', async () => {
    // Items holding HOLD_ME wait in the engine until released: they are the ones started.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const real = failingOnMarker(createEngineRuntime({ threads: 1 }));
    const engines: EngineRuntime = {
      ...real,
      run: (async (task) => {
        if ('text' in task && task.text.includes('HOLD_ME')) await gate;
        return real.run(task);
      }) as EngineRuntime['run'],
    };
    const server = await startJobServer({ overrides: { engines } });
    const hook = await receiver();
    try {
      const { key, userId } = await server.account();
      const start = (await creditStatement(server.services.db, userId)).balance;
      const cap = server.services.batches.inFlightPerAccount;
      const items = texts(10).map((item, i) => (i < cap ? { ...item, content: `HOLD_ME ${item.content}` } : item));
      const accepted = await createBatch(server, key, { service: 'detector', items, callback_url: hook.url });
      await waitFor(async () => ((await server.services.db.query("select 1 from batch_items where batch_id = $1 and status = 'running'", [accepted.batch_id])).length === cap ? true : undefined));
      const cancel = await server.request(`/api/batches/${accepted.batch_id}/`, { method: 'DELETE', key });
      assert.equal(cancel.status, 200);
      assert.equal(cancel.body.cancelled_items, 10 - cap);
      assert.equal(cancel.body.counts.running, cap);
      // Cancelling again cancels nothing more.
      assert.equal((await server.request(`/api/batches/${accepted.batch_id}/`, { method: 'DELETE', key })).body.cancelled_items, 0);
      release();
      const batch = await finishedBatch(server, key, accepted.batch_id);
      assert.equal(batch.status, 'cancelled');
      assert.deepEqual(batch.counts, { queued: 0, running: 0, succeeded: cap, failed: 0, cancelled: 10 - cap });
      const startedCost = batch.items.slice(0, cap).reduce((sum, i) => sum + DetectionResult.parse(i.result).word_count, 0);
      assert.equal(batch.credits_charged, startedCost);
      assert.equal(batch.credits_refunded, accepted.credits_held - startedCost);
      const statement = await creditStatement(server.services.db, userId, 100);
      assert.equal(statement.balance, start - startedCost);
      assert.equal(statement.ledgerSum, statement.balance);
      assert.equal(statement.entries.filter((e) => e.kind === 'refund').length, 10 - cap);
      const delivery = await waitFor(async () => hook.received[0]);
      assert.equal(JSON.parse(delivery.body).status, 'cancelled');
      await new Promise((r) => setTimeout(r, 1_000));
      assert.equal(hook.received.length, 1);
    } finally {
      release();
      await hook.close();
      await server.close();
    }
  });
});

describe('crash safety', () => {
  test('kill -9 of the worker process mid-batch: after a restart every item completes, each charged once, none refunded', async () => {
    const server = await startTestServer({ env: { WORKER_HEARTBEAT_MS: '200' } }); // no worker in this process
    try {
      const { key, userId } = await server.account();
      const start = (await creditStatement(server.services.db, userId)).balance;
      const accepted = await createBatch(server, key, { service: 'detector', items: texts(10) });
      // A separate worker process whose engine hangs: it takes the batch's first items, then we kill it.
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/hanging-worker.ts'], { env: { ...process.env, DATABASE_URL: server.services.db.url, WORKER_HEARTBEAT_MS: '200', LOG_LEVEL: 'silent' }, stdio: 'ignore' });
      await waitFor(async () => ((await server.services.db.query("select 1 from batch_items where batch_id = $1 and status = 'running'", [accepted.batch_id])).length ? true : undefined), 60_000);
      await waitFor(async () => ((await server.services.db.query('select 1 from graphile_worker.jobs j join worker_heartbeats h on h.worker_id = j.locked_by')).length ? true : undefined), 30_000);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));

      const worker = await import('../../server/services.ts').then((m) => m.startWorker(server.services));
      try {
        const batch = await finishedBatch(server, key, accepted.batch_id);
        assert.equal(batch.status, 'completed');
        assert.equal(batch.counts.succeeded, 10);
        assert.equal(batch.credits_charged, accepted.credits_held);
      } finally {
        await worker.stop();
      }
      const statement = await creditStatement(server.services.db, userId, 100);
      assert.equal(statement.entries.filter((e) => e.kind === 'charge').length, 10);
      assert.equal(statement.entries.filter((e) => e.kind === 'refund').length, 0);
      assert.equal(statement.balance, start - accepted.credits_held);
      assert.equal(statement.ledgerSum, statement.balance);
    } finally {
      await server.close();
    }
  });
});
