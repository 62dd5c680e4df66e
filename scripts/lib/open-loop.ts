/**
 * An open-loop load generator: requests leave at a fixed rate, evenly spaced, whatever the server's
 * answers do, over at most `connections` keep-alive connections. Each latency runs from the time
 * the request was scheduled, so a stalled server is charged for the queue it causes (no coordinated
 * omission). autocannon's `overallRate` is not this: each connection sends its share of a second
 * back to back at the top of the second, then waits.
 *
 * The generator shares the machine with the server it measures, so it writes pre-encoded request
 * bytes to raw sockets and reads only the status line and Content-Length of each answer: Node's
 * http client costs several times more CPU per request, CPU the server under test then lacks.
 */
import net from 'node:net';
import { percentile } from './percentile.ts';

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

/** The request as bytes on the wire, written as is for every request. */
export function encodeRequest(host: string, { method, path, headers, body }: OpenLoopOptions['request']): Buffer {
  const payload = Buffer.from(body ?? '');
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${host}`, 'Connection: keep-alive', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  if (body !== undefined) lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]);
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * Reads the answers of one keep-alive connection: calls `onResponse(status)` once per complete
 * response. Answers must carry Content-Length (the API sets it on every body).
 */
export function responseReader(onResponse: (status: number) => void): (chunk: Buffer) => void {
  let buffered: Buffer = Buffer.alloc(0);
  let bodyLeft = -1; // bytes of the current body still to come; -1 while reading headers
  let status = 0;
  return (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    for (;;) {
      if (bodyLeft < 0) {
        const end = buffered.indexOf(HEADER_END);
        if (end < 0) return;
        const head = buffered.toString('latin1', 0, end);
        status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (!length) throw new Error(`answer without Content-Length: ${head.split('\r\n')[0]}`);
        bodyLeft = Number(length[1]);
        buffered = buffered.subarray(end + HEADER_END.length);
      }
      if (buffered.length < bodyLeft) return;
      buffered = buffered.subarray(bodyLeft);
      bodyLeft = -1;
      onResponse(status);
    }
  };
}

export async function openLoop({ url, rate, seconds, connections, warmUpSeconds = 2, request }: OpenLoopOptions): Promise<OpenLoopResult> {
  const target = new URL(url);
  const wire = encodeRequest(target.host, request);
  const warmUp = Math.round(rate * warmUpSeconds);
  const total = warmUp + Math.round(rate * seconds);
  const latencies: number[] = [];
  let sent = 0;
  let answered = 0;
  let ok = 0;
  let started = 0;
  const scheduledAt = (index: number) => started + (index * 1000) / rate;

  /** Requests due but not yet written, oldest first; idle connections wait for them. */
  const due: number[] = [];
  const idle: Connection[] = [];
  let finish: () => void = () => {};
  let closed = 0;

  class Connection {
    private readonly socket: net.Socket;
    /** Index of the request awaiting its answer on this connection. */
    private current = -1;

    constructor() {
      this.socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      this.socket.on('data', responseReader((status) => this.answered(status)));
      this.socket.once('connect', () => this.next());
      this.socket.on('error', () => {}); // 'close' follows
      // A connection the server closed takes no more requests; with none left the run ends.
      this.socket.once('close', () => {
        this.current = -1;
        if (++closed === connections) finish();
      });
    }

    private answered(status: number) {
      if (this.current >= warmUp) {
        latencies.push(performance.now() - scheduledAt(this.current));
        if (status >= 200 && status < 300) ok++;
      }
      this.current = -1;
      if (++answered === total) finish();
      this.next();
    }

    next() {
      const index = due.shift();
      if (index === undefined) return void idle.push(this);
      this.current = index;
      this.socket.write(wire);
    }

    close() {
      this.socket.destroy();
    }
  }

  started = performance.now();
  const pool = Array.from({ length: connections }, () => new Connection());
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const dueSoFar = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000));
      for (; sent < dueSoFar; sent++) {
        due.push(sent);
        idle.pop()?.next();
      }
      if (sent >= total) clearInterval(timer);
    }, 1);
    finish = () => {
      clearInterval(timer);
      resolve();
    };
  });
  for (const connection of pool) connection.close();
  latencies.sort((a, b) => a - b);
  return {
    sent: total - warmUp,
    ok,
    failed: total - warmUp - ok, // answered with an error, or never answered
    latencies,
    percentile: (p) => percentile(latencies, p),
  };
}
