/**
 * `npm run bench -- platform`: requests per second and latency of an authenticated, charged request
 * (the AI detector on a 100-word text) with 100 concurrent connections against a real server and
 * PostgreSQL on this machine. Target: ≥ 1,500 requests/s and p99 < 25 ms.
 */
import autocannon from 'autocannon';
import { prose, startBenchServer } from '../lib/bench-server.ts';

export async function run(args: string[]): Promise<string> {
  const seconds = Number(args[0] ?? 15);
  const server = await startBenchServer();
  try {
    const body = JSON.stringify({ content: prose(100) });
    const request = { method: 'POST' as const, path: '/api/detector/', headers: { 'x-api-key': server.key, 'content-type': 'application/json' }, body };
    await autocannon({ url: server.url, connections: 10, duration: 3, requests: [request] }); // warm-up: JIT, pools, engine threads
    const result = await autocannon({ url: server.url, connections: 100, duration: seconds, requests: [request] });
    const ok = result['2xx'];
    const lines = [
      `Authenticated, charged \`POST /api/detector/\` with a 100-word text, 100 connections, ${seconds} s (autocannon, server in its own process, embedded PostgreSQL on the same machine).`,
      '',
      '| metric | value | target |',
      '|---|---|---|',
      `| requests/s (mean) | ${Math.round(result.requests.average)} | ≥ 1,500 |`,
      `| latency p50 | ${result.latency.p50} ms | |`,
      `| latency p99 | ${result.latency.p99} ms | < 25 ms |`,
      `| 2xx / non-2xx / errors | ${ok} / ${result.non2xx} / ${result.errors} | |`,
    ];
    console.log(lines.join('\n'));
    return lines.join('\n');
  } finally {
    await server.stop();
  }
}
