/**
 * Stopping `npm start` however the signal arrives, with slow requests in flight: Ctrl-C (SIGINT to
 * the whole process group), a supervisor's SIGTERM to npm's process only, and SIGTERM to the server
 * itself with no grace period (what it cannot finish is given up and refunded). Each time: every
 * request is answered (200, or 503 with its charge refunded) or was never accepted, nothing of the
 * group or the embedded PostgreSQL is left running, and the next start on the same data folder
 * works. At the end the balance equals the starting balance minus the answered charges, and the
 * ledger adds up to it.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { untilListening } from '../helpers/listening.ts';

interface Started {
  url: string;
  npm: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** `npm start` in a process group of its own, as a terminal or a supervisor runs it. */
async function npmStart(dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const npm = spawn('npm', ['start'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ENGINE_THREADS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(npm);
  void new Promise((resolve) => npm.once('exit', resolve)).then(() => running.delete(npm));
  const { url, output, exited } = await untilListening(npm);
  return { url, npm, output, exited };
}

/** The processes whose command line names this data folder, or this server's pid. */
function processesOf(dataDir: string, pids: number[]): string[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,stat=,args='], { encoding: 'utf8' }).split('\n');
  return lines.filter((line) => {
    const [pid, stat] = line.trim().split(/\s+/);
    if (stat?.startsWith('Z')) return false; // a zombie has ended; its parent has not read its status yet
    return line.includes(dataDir) || pids.includes(Number(pid));
  });
}

/** The node process npm exec'd (npm's only child). */
function serverPid(npm: ChildProcess): number {
  const pid = execFileSync('ps', ['-o', 'pid=', '--ppid', String(npm.pid)], { encoding: 'utf8' }).trim().split('\n')[0];
  assert.ok(pid, 'npm start has a child');
  return Number(pid);
}

const WORDS = 'The committee met on Tuesday to review the budget and agreed to fund two new projects next year. ';

/** Grammar requests of 3,400 words each, all sent at once, several of them still running when the signal comes. */
function slowRequests(url: string, key: string, count: number) {
  const content = WORDS.repeat(200);
  return Array.from({ length: count }, () =>
    fetch(`${url}/api/grammar/correct/`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ content }) }).then(
      async (response) => ({ status: response.status, body: (await response.json()) as { code?: string; message?: string } }),
      () => ({ status: 0, body: {} as { code?: string } }), // never accepted (the listener had closed): nothing charged
    ),
  );
}

describe('stopping npm start with requests in flight', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ci-shutdown-'));
  after(async () => {
    for (const npm of running) if (npm.pid) process.kill(-npm.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('SIGINT to the group, SIGTERM to npm, SIGTERM to the server: every request answered or refunded, nothing left behind, the balance equals the ledger', { timeout: 900_000 }, async () => {
    let server = await npmStart(dataDir);
    const key = /ci_[0-9A-Za-z]{40}/.exec(server.output())?.[0];
    assert.ok(key, 'the demo key is printed on first start');
    const account = await fetch(`${server.url}/api/account/`, { headers: { 'x-api-key': key } });
    const { credits_remaining: startingBalance } = (await account.json()) as { credits_remaining: number };
    const charged: number[] = [];
    const refused: string[] = [];

    const ways: { name: string; env?: Record<string, string>; send(started: Started): void }[] = [
      { name: 'Ctrl-C: SIGINT to the process group', send: (s) => process.kill(-s.npm.pid!, 'SIGINT') },
      { name: "a supervisor's SIGTERM to npm's process only", send: (s) => process.kill(s.npm.pid!, 'SIGTERM') },
      { name: 'SIGTERM to the server with no grace period', env: { SHUTDOWN_GRACE_MS: '0' }, send: (s) => process.kill(serverPid(s.npm), 'SIGTERM') },
    ];
    for (const way of ways) {
      if (way.env) {
        server.npm.kill('SIGTERM');
        await server.exited;
        server = await npmStart(dataDir, way.env);
      }
      const pids = [server.npm.pid!, serverPid(server.npm)];
      const answers = slowRequests(server.url, key, 6);
      await new Promise((resolve) => setTimeout(resolve, 300));
      way.send(server);
      const results = await Promise.all(answers);
      assert.equal(await server.exited, 0, `${way.name}: npm start exits 0\n${server.output()}`);
      for (const { status, body } of results) {
        assert.ok([0, 200, 503].includes(status), `${way.name}: answered 200 or 503, or never accepted (got ${status} ${JSON.stringify(body)})`);
        if (status === 503) {
          assert.equal(body.code, 'service_unavailable');
          refused.push(way.name);
        }
        if (status === 200) charged.push(WORDS.split(' ').filter(Boolean).length * 200);
      }
      assert.ok(results.some((r) => r.status !== 0), `${way.name}: some request was in flight`);
      assert.deepEqual(processesOf(dataDir, pids), [], `${way.name}: nothing left running`);
      server = await npmStart(dataDir); // a second start on the same folder works at once
    }
    assert.ok(refused.includes('SIGTERM to the server with no grace period'), 'without a grace period, requests in flight are given up with a 503');

    const [, , , port] = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
    const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/content_integrity` });
    await client.connect();
    try {
      const { rows } = await client.query<{ credits: number; ledger: number; refunds: number; charges: number }>(
        `select u.credits, (select sum(amount)::int from credit_ledger where user_id = u.id) as ledger,
                (select count(*)::int from credit_ledger where user_id = u.id and kind = 'refund') as refunds,
                (select count(*)::int from credit_ledger c where user_id = u.id and kind = 'charge' and not exists (select 1 from credit_ledger r where r.refund_of = c.id)) as charges
         from users u where u.email = 'demo@example.com'`,
      );
      const [demo] = rows;
      assert.equal(demo.credits, demo.ledger, 'the balance equals the ledger');
      assert.equal(demo.credits, startingBalance - charged.reduce((a, b) => a + b, 0), 'the balance moved by the answered charges only');
      assert.equal(demo.charges, charged.length, 'one charge kept per 200');
      assert.equal(demo.refunds, refused.length, 'one refund per 503');
    } finally {
      await client.end();
    }
    server.npm.kill('SIGTERM');
    const code = await server.exited;
    assert.equal(code, 0, `npm start exited with ${code} (null: killed by a signal); its output:\n${server.output().slice(-4000)}`);
  });
});
