/**
 * `npm start`'s entry point as a newcomer runs it: on a fresh DATA_DIR it starts the embedded
 * PostgreSQL, creates the demo account and prints its key once, serves a charged request with that
 * key, and on SIGTERM shuts down in order (server, worker, then the database it started) and exits 0.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { untilListening } from '../helpers/listening.ts';

interface Started {
  url: string;
  output(): string;
  stop(): Promise<number | null>;
}

/** Servers still running: a test that fails or times out must not leave one behind (it would keep this file's process alive). */
const running = new Set<ReturnType<typeof spawn>>();

async function start(dataDir: string): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ENGINE_THREADS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const { url, output, exited } = await untilListening(child);
  return {
    url,
    output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('npm start (server/main.ts)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ci-start-'));
  after(async () => {
    // SIGTERM lets it stop the PostgreSQL it started; SIGKILL if it does not exit within 30 s.
    await Promise.all(
      [...running].map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
        return exited;
      }),
    );
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The time-out is a hang guard only: on a busy 2-core machine two cold starts took over 2 minutes.
  test('a fresh data folder: demo key printed once, a charged request works, "engines ready in N s" is logged when health turns 200, SIGTERM stops everything cleanly', { timeout: 600_000 }, async () => {
    const first = await start(dataDir);
    const key = /ci_[0-9A-Za-z]{40}/.exec(first.output())?.[0];
    assert.ok(key, 'the demo key is printed on first start');
    assert.match(first.output(), /\/portal\/set-password#token=inv_[\w-]{43}/, 'and a one-time link to set the demo account\'s portal password');
    assert.match(first.output(), /plagiarism source corpus is empty .*npm run admin -- sources import --starter/, 'and how to give plagiarism scans something to compare with');
    const content = 'The committee met on Tuesday to review the budget and agreed to fund two new projects next year. '.repeat(4);
    const response = await fetch(`${first.url}/api/detector/`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ content }) });
    const body = (await response.json()) as { credits_remaining: number; word_count: number };
    assert.equal(response.status, 200);
    assert.equal(body.word_count, 72);
    // Start-up says when it is ready: health answers 503 until the engines have loaded, and one log line says when that happened.
    for (;;) {
      const ready = /engines ready in (\d+\.\d) s/.exec(first.output());
      const health = await fetch(`${first.url}/api/voice-detector/health/`);
      await health.body?.cancel();
      if (ready) {
        assert.equal(health.status, 200, 'healthy once the log says the engines are ready');
        break;
      }
      assert.doesNotMatch(first.output(), /engines not all loaded/);
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(await first.stop(), 0);
    assert.doesNotMatch(first.output(), /terminating connection|Error occurred/, 'the database outlives the server and the worker');
    assert.ok(!existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')), 'the embedded PostgreSQL it started is stopped');

    const second = await start(dataDir);
    assert.doesNotMatch(second.output(), /ci_[0-9A-Za-z]{40}/, 'the key is shown only once');
    const again = await fetch(`${second.url}/api/detector/`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ content }) });
    assert.equal(((await again.json()) as { credits_remaining: number }).credits_remaining, body.credits_remaining - 72);
    assert.equal(await second.stop(), 0);
  });
});
