/**
 * A load generator in a process of its own, so that the benchmark's bookkeeping never shares an
 * event loop (or a CPU's worth of JavaScript) with the requests it sends. `loadFrom(spec)` runs
 * `node --import tsx scripts/lib/load-generator.ts '<spec JSON>'` and reads back its figures: a
 * closed loop (autocannon: each connection sends again on each answer) or an open loop
 * (open-loop.ts: a fixed rate, evenly spaced), and the CPU time the generator itself used.
 */
import { execFile } from 'node:child_process';
import autocannon from 'autocannon';
import { openLoop, type OpenLoopOptions } from './open-loop.ts';

export type LoadSpec =
  | { tool: 'autocannon'; url: string; connections: number; seconds: number; request: OpenLoopOptions['request'] }
  | ({ tool: 'open-loop' } & OpenLoopOptions);

export interface LoadFigures {
  /** Answers per second (closed loop), or the rate sent (open loop). */
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
  /** CPU time (user + system) the generator process used, in ms. */
  cpuMs: number;
}

async function generate(spec: LoadSpec): Promise<Omit<LoadFigures, 'cpuMs'>> {
  if (spec.tool === 'autocannon') {
    const { method, path, headers, body } = spec.request;
    const result = await autocannon({ url: spec.url, connections: spec.connections, duration: spec.seconds, requests: [{ method: method as 'POST', path, headers, body }] });
    return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, ok: result['2xx'], failed: result.non2xx + result.errors };
  }
  const { tool: _tool, ...options } = spec;
  const result = await openLoop(options);
  return { requestsPerSecond: options.rate, p50: result.percentile(50), p99: result.percentile(99), ok: result.ok, failed: result.failed };
}

/** Runs `spec` in a child process and returns its figures. */
export function loadFrom(spec: LoadSpec): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, JSON.stringify(spec)], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`load generator failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as LoadFigures);
    });
  });
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const before = process.cpuUsage();
  const figures = await generate(JSON.parse(process.argv[2]) as LoadSpec);
  const used = process.cpuUsage(before);
  console.log(JSON.stringify({ ...figures, cpuMs: (used.user + used.system) / 1000 }));
}
