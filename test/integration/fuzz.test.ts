/**
 * A bounded corpus of malformed requests replayed against every route of the route table: wrong
 * types, NUL and lone surrogates, odd methods, odd multipart bodies, bad query strings and huge
 * headers. Every answer must be a 4xx with the contract's error body (never a 5xx), and the
 * caller's balance must not move.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { PUBLIC_SCOPES } from '../../contract/catalogue.ts';
import { routes, type RouteDef } from '../../contract/routes.ts';
import { ErrorBody } from '../../contract/schemas.ts';
import { creditStatement } from '../../server/platform/credits.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface Malformed {
  what: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

const NUL = 'a text \u0000 with a NUL byte in it, long enough to count.';
const SURROGATE = 'a text \udc00 with a lone surrogate in it, long enough to count.';

/** Bodies that are not what a JSON route takes. */
function jsonBodies(route: RouteDef): [string, string][] {
  const text = (content: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ content, ...extra });
  const bodies: [string, string][] = [
    ['not JSON', '{"content": '],
    ['an array', '[]'],
    ['a string', '"text"'],
    ['null', 'null'],
    ['an empty object', '{}'],
    ['content a number', text(123)],
    ['content null', text(null)],
    ['content an object', text({ nested: ['deep'] })],
    ['content with NUL', text(NUL)],
    ['content with a lone surrogate', text(SURROGATE)],
    ['content with NUL, async', text(NUL, { poll: true })],
    ['content with a lone surrogate, async', text(SURROGATE, { poll: true, detection_threshold: 0.5 })],
    ['poll not a boolean', text('Fine words here.', { poll: 'yes' })],
    ['callback_url not a URL', text('Fine words here.', { callback_url: 'not a url' })],
    ['callback_url with NUL', text('Fine words here.', { callback_url: 'https://example.com/\u0000' })],
    ['webhook_secret not ASCII', text('Fine words here.', { poll: true, webhook_secret: 'sécret\u0000' })],
    ['detection_threshold out of range', text('Fine words here.', { detection_threshold: 7 })],
    ['target_variant unknown', text('She go to school every days.', { target_variant: 'en-XX' })],
    ['sources not an array', JSON.stringify({ sources: 'x' })],
    ['a source with NUL', JSON.stringify({ sources: [{ url: 'https://example.com/a', title: 't\u0000', text: NUL }] })],
    ['a source with a bad url', JSON.stringify({ sources: [{ url: 'javascript:alert(1)', title: 't', text: 'x' }] })],
  ];
  // A few arbitrary JSON values from a fixed seed (bounded, the same on every run).
  for (const [i, value] of fc.sample(fc.jsonValue({ maxDepth: 2 }), { seed: 21, numRuns: 12 }).entries()) bodies.push([`arbitrary JSON #${i}`, JSON.stringify(value)]);
  // Fields a route does not take are dropped, not refused: each of these goes only where it is wrong.
  const only: Record<string, string> = { 'detection_threshold out of range': 'detectAndHumanize', 'target_variant unknown': 'correctGrammar', 'sources not an array': 'importSources', 'a source with NUL': 'importSources', 'a source with a bad url': 'importSources' };
  return bodies.filter(([what]) => !only[what] || only[what] === route.op);
}

function multipart(parts: { name: string; filename?: string; data: string | Buffer }[], boundary = 'fuzzboundary'): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function corpus(route: RouteDef): Malformed[] {
  const path = route.path.replace('{task_id}', '3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14');
  const method = route.method.toUpperCase();
  const cases: Malformed[] = ['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'PATCH', 'PUT'].map((m) => ({ what: `method ${m}`, method: m, path }));
  if (route.request.kind === 'json') {
    for (const [what, body] of jsonBodies(route)) cases.push({ what, method, path, headers: { 'content-type': 'application/json' }, body });
    cases.push({ what: 'no body', method, path, headers: { 'content-type': 'application/json' } });
    cases.push({ what: 'text/plain', method, path, headers: { 'content-type': 'text/plain' }, body: 'hello there' });
    cases.push({ what: 'multipart instead of JSON', method, path, headers: { 'content-type': 'multipart/form-data; boundary=fuzzboundary' }, body: multipart([{ name: 'content', data: 'hello' }]) });
    if (route.headers) cases.push({ what: 'Idempotency-Key over 255 characters', method, path, headers: { 'content-type': 'application/json', 'idempotency-key': 'k'.repeat(300) }, body: JSON.stringify({ content: NUL }) });
  }
  if (route.request.kind === 'multipart') {
    const type = { 'content-type': 'multipart/form-data; boundary=fuzzboundary' };
    cases.push({ what: 'no file', method, path, headers: type, body: multipart([{ name: 'other', data: 'x' }]) });
    cases.push({ what: 'file as a text field', method, path, headers: type, body: multipart([{ name: 'file', data: 'not a file' }]) });
    cases.push({ what: 'empty file', method, path, headers: type, body: multipart([{ name: 'file', filename: 'a.bin', data: Buffer.alloc(0) }]) });
    cases.push({ what: 'two files', method, path, headers: type, body: multipart([{ name: 'file', filename: 'a.jpg', data: 'aaaa' }, { name: 'file', filename: 'b.jpg', data: 'bbbb' }]) });
    cases.push({ what: 'eleven fields', method, path, headers: type, body: multipart([...Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, data: 'x' })), { name: 'file', filename: 'a.jpg', data: 'aaaa' }]) });
    cases.push({ what: 'garbage bytes', method, path, headers: type, body: multipart([{ name: 'file', filename: 'a.jpg', data: Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)) }]) });
    cases.push({ what: 'a NUL in the file name', method, path, headers: type, body: multipart([{ name: 'file', filename: 'a\u0000.jpg', data: 'aaaa' }]) });
    cases.push({ what: 'a broken boundary', method, path, headers: type, body: '--fuzzboundary\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nxx' });
    cases.push({ what: 'no boundary', method, path, headers: { 'content-type': 'multipart/form-data' }, body: 'xx' });
    cases.push({ what: 'JSON instead of multipart', method, path, headers: { 'content-type': 'application/json' }, body: '{"file": "x"}' });
  }
  if (route.params) {
    for (const id of ['%00', '%ED%A0%80', 'x'.repeat(5000), '..%2F..%2Fetc', 'not-a-uuid']) cases.push({ what: `task_id ${id.slice(0, 20)}`, method, path: route.path.replace('{task_id}', id) });
  }
  if (route.query) {
    const takes = Object.keys(route.query.shape);
    for (const query of ['limit=-1', 'limit=abc', 'offset=1e400', 'url=%00', 'limit=1&limit=2', 'url=a&url=b']) {
      if (takes.includes(query.split('=')[0])) cases.push({ what: `query ${query}`, method, path: `${path}?${query}` });
    }
  }
  return cases;
}

function send(url: string, request: Malformed, key: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url + request.path, { method: request.method, headers: { 'x-api-key': key, ...request.headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

function huge(url: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1', () => socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(40_000)}\r\n\r\n`));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('malformed requests against every route', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('no 5xx, the error body every time, an unchanged balance', async () => {
    const { key, userId } = await server.account({ scopes: [...PUBLIC_SCOPES, 'admin'] });
    const before = await creditStatement(server.services.db, userId);
    let replayed = 0;
    for (const route of routes as readonly RouteDef[]) {
      for (const request of corpus(route)) {
        const res = await send(server.url, request, key);
        const where = `${request.method} ${request.path.slice(0, 80)} (${route.op}: ${request.what}) → ${res.status} ${res.body.slice(0, 200)}`;
        assert.ok(res.status >= 400 && res.status < 500, where);
        assert.equal(ErrorBody.safeParse(JSON.parse(res.body)).success, true, where);
        assert.ok(res.headers['x-request-id'], where);
        replayed++;
      }
      const answer = await huge(server.url, route.path);
      assert.match(answer, /^HTTP\/1\.1 431 /);
      assert.equal(ErrorBody.safeParse(JSON.parse(answer.split('\r\n\r\n')[1])).success, true);
    }
    assert.ok(replayed > 300, `only ${replayed} requests replayed`);
    const after = await creditStatement(server.services.db, userId);
    assert.equal(after.balance, before.balance);
    assert.equal(after.entries.length, before.entries.length, 'a refused request wrote to the ledger');
  });
});
