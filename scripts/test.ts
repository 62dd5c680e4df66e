/**
 * `npm test [-- flags… files…]`: the whole suite (or the named test files) on node's test runner, with one
 * PostgreSQL for the run instead of one cluster per test file.
 *
 * Without TEST_DATABASE_URL an embedded cluster is started in a temp folder. The migrations (ours
 * and graphile-worker's) run once, into a template database; each test file's database is then a
 * copy of it (test/helpers/database.ts), which takes a fraction of what initdb and the migrations
 * took per file.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeWorkerUtils } from 'graphile-worker';
import pg from 'pg';
import { openDatabase } from '../server/db/database.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../server/db/embedded.ts';
import { TEMPLATE_DATABASE } from '../test/helpers/database.ts';

/** Every `*.test.ts` below `dir`, sorted. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f))
    .sort();
}

/** The server's URL with another database name. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function createTemplate(serverUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, TEMPLATE_DATABASE);
  const db = await openDatabase({ url, dataDir: os.tmpdir(), poolSize: 1 });
  try {
    const utils = await makeWorkerUtils({ pgPool: db.pool });
    await utils.migrate();
    await utils.release();
  } finally {
    await db.close();
  }
}

// Flags (`--test-reporter=spec`, `--test-name-pattern=…`) go to node's test runner; other arguments name test files.
const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
const named = args.filter((a) => !a.startsWith('--'));
const files = named.length > 0 ? named : testFiles('test');
let embedded: EmbeddedDatabase | undefined;
let dataDir: string | undefined;
let serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ci-test-cluster-'));
  embedded = await startEmbeddedDatabase(dataDir, { persistent: false });
  serverUrl = embedded.url;
}
await createTemplate(serverUrl);

const runner = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...flags, ...files], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: serverUrl, TEST_TEMPLATE_DATABASE: TEMPLATE_DATABASE },
});
// Ctrl-C reaches the runner through the terminal; wait for it so the cluster is stopped after it.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => runner.kill('SIGTERM'));
const code = await new Promise<number>((resolve) => runner.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
await embedded?.stop();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
