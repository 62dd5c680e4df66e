/**
 * `npm run bench -- jobs`: (1) time from a 202 acceptance to the webhook's arrival for detector jobs
 * on a 100-word text, minus the engine's own time (the result's execution_time); (2) accepted async
 * jobs per second with 50 connections. Targets: p50 < 100 ms beyond the engine, ≥ 300 jobs/s.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { prose, startBenchServer } from '../lib/bench-server.ts';
import { percentile } from '../lib/percentile.ts';

export async function run(args: string[]): Promise<string> {
  const jobs = Number(args[0] ?? 200);
  const server = await startBenchServer({ ALLOW_PRIVATE_CALLBACKS: 'true' });
  const arrivals = new Map<string, { at: number; engineMs: number }>();
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const parsed = JSON.parse(body);
      arrivals.set(parsed.task_id, { at: performance.now(), engineMs: (parsed.execution_time ?? 0) * 1000 });
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const content = prose(100);
    const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
    // (1) Latency at a modest rate (one job every 25 ms), so the queue is not what is measured.
    const accepted = new Map<string, number>();
    for (let i = 0; i < jobs; i++) {
      const res = await fetch(`${server.url}/api/detector/`, { method: 'POST', headers, body: JSON.stringify({ content, callback_url: hook }) });
      const { task_id } = (await res.json()) as { task_id: string };
      accepted.set(task_id, performance.now());
      await new Promise((r) => setTimeout(r, 25));
    }
    const deadline = Date.now() + 60_000;
    while (arrivals.size < accepted.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const total: number[] = [];
    const beyondEngine: number[] = [];
    for (const [id, t0] of accepted) {
      const arrival = arrivals.get(id);
      if (!arrival) continue;
      total.push(arrival.at - t0);
      beyondEngine.push(arrival.at - t0 - arrival.engineMs);
    }
    total.sort((a, b) => a - b);
    beyondEngine.sort((a, b) => a - b);

    // (2) Acceptance throughput: poll-mode requests (no webhook), 50 connections.
    const result = await autocannon({ url: server.url, connections: 50, duration: 10, requests: [{ method: 'POST', path: '/api/detector/', headers, body: JSON.stringify({ content, poll: true }) }] });
    const lines = [
      `Detector jobs on a 100-word text; webhook receiver on loopback; server in its own process with the worker in-process (concurrency 4).`,
      '',
      '| metric | value | target |',
      '|---|---|---|',
      `| webhooks received | ${arrivals.size} of ${accepted.size} | all |`,
      `| acceptance → webhook, p50 / p95 (total) | ${percentile(total, 50).toFixed(1)} / ${percentile(total, 95).toFixed(1)} ms | |`,
      `| acceptance → webhook beyond engine time, p50 / p95 | ${percentile(beyondEngine, 50).toFixed(1)} / ${percentile(beyondEngine, 95).toFixed(1)} ms | p50 < 100 ms |`,
      `| accepted jobs/s (50 connections, 10 s) | ${Math.round(result.requests.average)} | ≥ 300 |`,
      `| acceptance latency p50 / p99 | ${result.latency.p50} / ${result.latency.p99} ms | |`,
      `| 202 / other / errors | ${result['2xx']} / ${result.non2xx} / ${result.errors} | |`,
    ];
    console.log(lines.join('\n'));
    return lines.join('\n');
  } finally {
    receiver.close();
    await server.stop();
  }
}
