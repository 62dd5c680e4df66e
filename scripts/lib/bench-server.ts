/**
 * A real server for benchmarks: the server as `npm start` runs it (its entry and flags), in its own process
 * (so the load generator does not share its event loop), on a fresh embedded PostgreSQL in a temp
 * folder, with the demo account's key read from its first-start output and topped up with credits.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../server/db/embedded.ts';

export interface BenchServer { url: string; key: string; databaseUrl: string; pid: number; stop(): Promise<void> }

/**
 * The node command line `npm start` runs in checkout `dir` (its package.json), so benchmarks measure
 * the server as it runs: its Node and V8 flags and its entry, the bundle (built first, as `npm start`
 * does) where the checkout has one (scripts/build-server.ts), else server/main.ts through tsx.
 */
function startCommand(dir: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const flags = pkg.scripts.start.split(/\s+/).filter((arg) => arg.startsWith('--') && arg !== '--import');
  if (!pkg.scripts.start.includes('dist/main.mjs')) return [...flags, '--import', 'tsx', 'server/main.ts'];
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: dir, stdio: 'inherit' });
  return [...flags, 'dist/main.mjs'];
}

/** This checkout: what a benchmark measures unless it is handed another (`--before DIR`, to compare two commits in one run). */
export const THIS_CHECKOUT = new URL('../..', import.meta.url).pathname;

/** The commit checked out in `dir`, for the record (its path when it is not a git checkout). */
export function commitOf(dir: string): string {
  try {
    return execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h'], { encoding: 'utf8' }).trim();
  } catch {
    return dir;
  }
}

export async function startBenchServer(env: Record<string, string> = {}, dir = THIS_CHECKOUT): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ci-bench-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, startCommand(dir), {
    cwd: dir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const key = await new Promise<string>((resolve, reject) => {
    let out = '';
    let found: string | undefined;
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      found ??= out.match(/ci_[0-9A-Za-z]{40}/)?.[0];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    setTimeout(() => reject(new Error(`server did not start: ${out}`)), 120_000).unref();
  });
  // Ready when the health route answers 200: the engines are loaded and warm.
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/image-detector/health/`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 1800) throw new Error('server did not answer'); // the health routes answer 503 until the engines are warm
    await new Promise((r) => setTimeout(r, 100));
  }
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]}/content_integrity`;
  // Enough credits for any benchmark, and no pending-job ceiling in the way of measuring acceptance.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('update users set credits = 1000000000');
  await client.query("insert into credit_ledger (user_id, kind, amount, balance_after, operation) select id, 'grant', 1000000000 - 1000000, 1000000000, 'benchmark top-up' from users");
  await client.query('update plans set max_pending_jobs = 1000000, humanizer_sync_per_minute = 1000000, image_requests_per_minute = 1000000');
  await client.end();
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    databaseUrl,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** About `words` words of ordinary English prose. */
export function prose(words: number): string {
  const base =
    'The committee met on a rainy Tuesday to review the budget for the coming year. Most members agreed that the library needed new shelves, ' +
    'but a few argued the money would be better spent on longer opening hours. After an hour of debate they settled on a compromise and went home. ';
  const out: string[] = [];
  const tokens = base.trim().split(/\s+/);
  for (let i = 0; out.length < words; i++) out.push(tokens[i % tokens.length]);
  return out.join(' ');
}
