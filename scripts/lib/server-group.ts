/**
 * `npm start` of a checkout as a process group of its own (npm, the node server, its engine threads;
 * the embedded PostgreSQL it starts runs in a group of its own) on a fresh data folder, timed from the
 * spawn to "listening" and to "engines ready": for the memory and ready benchmarks.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/db/embedded.ts';

export interface Proc { pid: number; name: string; rss: number; peak: number }

/** The processes of process group `pgid`, with resident and peak resident memory (bytes). */
export function groupProcesses(pgid: number): Proc[] {
  const out: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      out.push({ pid: Number(entry), name, rss: kb('VmRSS'), peak: kb('VmHWM') });
    } catch {
      // the process ended while we read it
    }
  }
  return out;
}

export const isPostgres = (p: Proc) => p.name === 'postgres' || p.name === 'initdb';

export interface Started { pgid: number; serverPid: () => number; url: string; key: string; dataDir: string; listeningMs: number; readyMs: number; stop(): Promise<void> }

/** `npm start` in a process group of its own, on a fresh data folder; resolves when the engines are ready. */
export async function startGroup(dir: string): Promise<Started> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ci-bench-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: dir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const pgid = child.pid!;
  let out = '';
  let listeningMs = 0;
  let readyMs = 0;
  let key = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      key ||= out.match(/ci_[0-9A-Za-z]{40}/)?.[0] ?? '';
      if (!listeningMs && out.includes('listening on')) listeningMs = performance.now() - started;
      if (!readyMs && out.includes('engines ready in')) readyMs = performance.now() - started;
      if (listeningMs && readyMs && key) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    setTimeout(() => reject(new Error(`server was not ready in 5 minutes: ${out}`)), 300_000).unref();
  });
  // The node process that runs the server: the largest of the group (npm is its parent; before the bundle, tsx's launcher too).
  const serverPid = () => groupProcesses(pgid).filter((p) => !isPostgres(p)).sort((a, b) => b.rss - a.rss)[0]?.pid ?? 0;
  return {
    pgid,
    serverPid,
    url: `http://127.0.0.1:${port}`,
    key,
    dataDir,
    listeningMs,
    readyMs,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-pgid, 'SIGTERM');
      await exited;
      // The server stops its PostgreSQL on SIGTERM; wait for the group to be gone before removing its data.
      for (let i = 0; i < 100 && groupProcesses(pgid).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

