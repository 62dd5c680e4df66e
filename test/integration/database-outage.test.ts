/**
 * The database goes away under load: a real PostgreSQL (a cluster of this file's own, as an
 * operator's DATABASE_URL) restarted at once, then stopped for seconds, while detector requests keep
 * coming. No request gets a 500 or hangs: while it is down the answer is 503 service_unavailable
 * with Retry-After, /readyz says the database is down, and when it is back requests and the job
 * worker work again without a restart. The balance equals the ledger at the end.
 *
 * And the embedded default: a postmaster killed with -9 is started again by its supervisor, and one
 * that cannot be started again is reported lost (main.ts then exits non-zero).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import pino from 'pino';
import type { Runner } from 'graphile-worker';
import { PUBLIC_SCOPES } from '../../contract/catalogue.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../server/db/embedded.ts';
import { createUser } from '../../server/platform/accounts.ts';
import { createApiKey } from '../../server/platform/keys.ts';
import { createServer, createServices, startWorker } from '../../server/services.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CONTENT = 'The committee met on Tuesday to review the budget and agreed to fund two new projects next year. '.repeat(3);

interface Answer {
  status: number;
  retryAfter: string | null;
  code?: string;
}

describe('PostgreSQL restarted and stopped under load', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ci-outage-'));
  let cluster: EmbeddedDatabase | undefined;
  after(async () => {
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('no 500 and no hang: 503 with Retry-After while down, /readyz says so, requests and the worker come back by themselves', { timeout: 300_000 }, async () => {
    cluster = await startEmbeddedDatabase(dataDir, { supervise: false });
    const port = Number(new URL(cluster.url).port);
    const db = await openDatabase({ url: cluster.url, dataDir });
    const config = loadConfig({ LOG_LEVEL: 'silent', ENGINE_THREADS: '1', WARM_ENGINES: 'false', DATABASE_URL: cluster.url });
    const services = await createServices(config, { db, log: pino({ level: 'silent' }) });
    const server: Server = createServer(services).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const worker: Runner = await startWorker(services);
    const user = await createUser(db, 'outage@example.com', '1M');
    const { key } = await createApiKey(db, { userId: user.id, name: 'outage', scopes: [...PUBLIC_SCOPES], expiration: 'never' });

    const detect = async (poll = false): Promise<Answer & { taskId?: string }> => {
      const response = await fetch(`${url}/api/detector/`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ content: CONTENT, ...(poll ? { poll: true } : {}) }) });
      const body = (await response.json()) as { code?: string; task_id?: string };
      return { status: response.status, retryAfter: response.headers.get('retry-after'), code: body.code, taskId: body.task_id };
    };
    const readyz = async () => (await (await fetch(`${url}/readyz`)).json()) as { checks: { database: string; engines: string; worker: string; shutdown: string } };

    // A steady load, about 20 requests a second, for as long as the outages last.
    const answers: Answer[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        void detect().then((a) => answers.push(a));
        await sleep(50);
      }
    })();

    try {
      await sleep(500);
      // A restart: down for the moment it takes.
      await cluster.stop();
      cluster = await startEmbeddedDatabase(dataDir, { supervise: false, port });
      await sleep(1_000);
      // Stopped for seconds.
      await cluster.stop();
      await sleep(500);
      const whileDown = await detect();
      assert.equal(whileDown.status, 503);
      assert.equal(whileDown.code, 'service_unavailable');
      assert.ok(Number(whileDown.retryAfter) > 0, 'with Retry-After');
      assert.equal((await readyz()).checks.database, 'down');
      await sleep(3_000);
      cluster = await startEmbeddedDatabase(dataDir, { supervise: false, port });

      // Back by themselves: a request succeeds and the worker listens again (hang guards only).
      let after = await detect();
      for (let i = 0; i < 120 && after.status !== 200; i++) {
        await sleep(250);
        after = await detect();
      }
      assert.equal(after.status, 200, 'requests succeed again');
      for (let i = 0; i < 240 && (await readyz()).checks.worker !== 'ready'; i++) await sleep(250);
      const { checks } = await readyz();
      assert.deepEqual([checks.database, checks.worker, checks.shutdown], ['ready', 'ready', 'ready']);
      const job = await detect(true);
      assert.equal(job.status, 202);
      let state = '';
      for (let i = 0; i < 240 && state !== 'success'; i++) {
        await sleep(250);
        state = ((await (await fetch(`${url}/api/jobs/${job.taskId}/`, { headers: { 'x-api-key': key } })).json()) as { status: string }).status;
      }
      assert.equal(state, 'success', 'a job accepted after the outage runs');
    } finally {
      loading = false;
      await load;
      await sleep(1_000); // the last requests' answers
      await worker.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await services.engines.close();
      services.modelServers.close();
    }

    const statuses = answers.map((a) => a.status);
    assert.ok(statuses.length > 50, 'the load ran');
    assert.deepEqual([...new Set(statuses)].sort(), [200, 503], 'every answer is 200 or 503 (never 500)');
    for (const a of answers.filter((x) => x.status === 503)) {
      assert.equal(a.code, 'service_unavailable');
      assert.ok(Number(a.retryAfter) > 0);
    }
    const [{ credits, ledger }] = await db.query<{ credits: number; ledger: number }>('select credits, (select sum(amount)::int from credit_ledger where user_id = $1) as ledger from users where id = $1', [user.id]);
    assert.equal(credits, ledger, 'the balance equals the ledger');
    await db.close();
  });
});

describe('the embedded PostgreSQL is supervised', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ci-supervised-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

  test('a postmaster killed with -9 runs again on the same port; one that cannot be started again is reported lost', { timeout: 300_000 }, async () => {
    const restarted: string[] = [];
    let lost: Error | undefined;
    const cluster = await startEmbeddedDatabase(dataDir, { onRestarted: (m) => restarted.push(m), onLost: (e) => (lost = e) });
    const db = await openDatabase({ url: cluster.url, dataDir, migrate: false });
    try {
      const first = postmasterPid();
      process.kill(first, 'SIGKILL');
      let answered = false;
      for (let i = 0; i < 240 && !answered; i++) {
        await sleep(250);
        answered = await db.query('select 1').then(
          () => true,
          () => false,
        );
      }
      assert.ok(answered, 'the database answers again, at the same URL');
      assert.notEqual(postmasterPid(), first);
      // The supervisor reports the restart once its start lock is released, which may come after the first answer.
      for (let i = 0; i < 40 && restarted.length === 0; i++) await sleep(250);
      assert.equal(restarted.length, 1);

      // Now its port is taken by someone else: it cannot be started again.
      const port = Number(new URL(cluster.url).port);
      process.kill(postmasterPid(), 'SIGKILL');
      const squatter = net.createServer();
      for (let i = 0; i < 100; i++) {
        const bound = await new Promise<boolean>((resolve) => {
          squatter.once('error', () => resolve(false));
          squatter.listen(port, '127.0.0.1', () => resolve(true));
        });
        if (bound) break;
        await sleep(50);
      }
      try {
        for (let i = 0; i < 240 && !lost; i++) await sleep(250);
        assert.match(lost?.message ?? '', /could not be started again/);
      } finally {
        squatter.close();
      }
    } finally {
      await db.close();
      await cluster.stop();
    }
  });
});
