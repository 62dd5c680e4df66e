/**
 * An open-loop load generator: requests leave at a fixed rate, evenly spaced, whatever the server's
 * answers do, over at most `connections` keep-alive connections. Each latency runs from the time
 * the request was scheduled, so a stalled server is charged for the queue it causes (no coordinated
 * omission). autocannon's `overallRate` is not this: each connection sends its share of a second
 * back to back at the top of the second, then waits.
 */
import http from 'node:http';

export interface OpenLoopOptions {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  /** Sent at the same rate first and not measured: opens the connections, reaches a steady state. */
  warmUpSeconds?: number;
  request: { method: string; path: string; headers: Record<string, string>; body?: string };
}

export interface OpenLoopResult {
  sent: number;
  ok: number;
  failed: number;
  /** Per answered request, in ms, sorted. */
  latencies: number[];
  percentile(p: number): number;
}

export async function openLoop({ url, rate, seconds, connections, warmUpSeconds = 2, request }: OpenLoopOptions): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const warmUp = Math.round(rate * warmUpSeconds);
  const total = warmUp + Math.round(rate * seconds);
  const started = performance.now();
  const latencies: number[] = [];
  let sent = 0;
  let ok = 0;
  let failed = 0;

  const send = (scheduledAt: number, measured: boolean) =>
    new Promise<void>((resolve) => {
      const req = http.request({ host: target.hostname, port: target.port, agent, method: request.method, path: request.path, headers: request.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (!measured) return resolve();
          latencies.push(performance.now() - scheduledAt);
          if (res.statusCode! >= 200 && res.statusCode! < 300) ok++;
          else failed++;
          resolve();
        });
      });
      req.on('error', () => {
        if (measured) failed++;
        resolve();
      });
      req.end(request.body);
    });

  const inFlight: Promise<void>[] = [];
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000));
      for (; sent < due; sent++) inFlight.push(send(started + (sent * 1000) / rate, sent >= warmUp));
      if (sent >= total) {
        clearInterval(timer);
        done();
      }
    }, 1);
  });
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    sent: sent - warmUp,
    ok,
    failed,
    latencies,
    percentile: (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN,
  };
}
