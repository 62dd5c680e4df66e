/**
 * HTTP/1.1 over a plain socket, for requests no HTTP client sends (lower-case or unknown methods,
 * no Host, a body larger than its route takes written while the answer may already come) and for
 * seeing exactly what the server wrote back, or that it reset the connection.
 */
import net from 'node:net';
import { once } from 'node:events';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses what a server wrote on a connection closed after one answer (chunked bodies decoded). */
export function parseRawResponse(answer: Buffer | string): RawResponse {
  let text = Buffer.isBuffer(answer) ? answer.toString('utf8') : answer;
  // Interim answers (100 Continue) come before the answer.
  while (/^HTTP\/1\.1 1\d\d /.test(text)) text = text.slice(text.indexOf('\r\n\r\n') + 4);
  const split = text.indexOf('\r\n\r\n');
  const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  let body = text.slice(split + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let decoded = '';
    for (let at = 0; ; ) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = Number.parseInt(body.slice(at, lineEnd), 16);
      if (!(size > 0)) break;
      decoded += body.slice(lineEnd + 2, lineEnd + 2 + size);
      at = lineEnd + 2 + size + 2;
    }
    body = decoded;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/**
 * Writes `head` and then `body` (in `chunk`-byte pieces, waiting for the socket to take each, as a
 * client on a slow link would) and resolves with everything the server wrote before closing.
 * Rejects when the connection is reset: the client would then never see the answer.
 */
export function rawExchange(url: string, head: string, body: Buffer = Buffer.alloc(0), chunk = 64 * 1024): Promise<Buffer> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('end', () => resolve(Buffer.concat(received)));
    socket.on('error', reject);
    socket.once('connect', async () => {
      socket.write(head);
      for (let at = 0; at < body.length && socket.writable; at += chunk) {
        if (!socket.write(body.subarray(at, at + chunk))) await Promise.race([once(socket, 'drain'), once(socket, 'close')]);
      }
    });
  });
}

/** One request and its answer; `Connection: close` is added so that the answer ends with the connection. */
export async function rawRequest(url: string, request: { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string; noHost?: boolean }): Promise<RawResponse> {
  const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body);
  const headers: Record<string, string> = { ...(request.noHost ? {} : { Host: new URL(url).host }), Connection: 'close', ...(body ? { 'Content-Length': String(body.length) } : {}), ...request.headers };
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  return parseRawResponse(await rawExchange(url, head, body));
}
