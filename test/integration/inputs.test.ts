/**
 * Inputs that once broke the service (issue 21), each over HTTP against the real server: none may
 * answer 5xx, every refusal has the contract's error body, and no refused request moves credits.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ErrorBody } from '../../contract/schemas.ts';
import { creditStatement } from '../../server/platform/credits.ts';
import { createEngineRuntime, type EngineRuntime } from '../../server/runtime/engines.ts';
import type { EngineTask } from '../../server/runtime/engine-worker.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const NUL_TEXT = 'nul \u0000 byte in this text here now.';
const SURROGATE_TEXT = 'lone \ud800 surrogate in this text here now.';
const LONG_TEXT = 'The committee reviewed the proposal on Monday and asked for a revised budget before the next meeting. '.repeat(6);

/** A request with any method, over node:http (fetch refuses TRACE and friends). */
function rawRequest(url: string, method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url + path, { method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Bytes straight onto a socket, for what Node's HTTP parser refuses; the whole answer as text. */
function rawSocket(url: string, bytes: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseRawResponse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('inputs that once broke the service', () => {
  let server: TestServer;
  /** The kinds of every task handed to the engine runtime (the real one, recorded on the way). */
  const engineTasks: EngineTask['kind'][] = [];
  before(async () => {
    const engines = createEngineRuntime({ threads: 1 });
    const recorded: EngineRuntime = { ...engines, run: (task) => (engineTasks.push(task.kind), engines.run(task)) };
    server = await startTestServer({ worker: false, overrides: { engines: recorded } });
  });
  after(() => server.close());

  const balance = async (userId: number) => (await creditStatement(server.services.db, userId)).balance;

  test('1. grammar with an Idempotency-Key and NUL or a lone surrogate: 400 invalid_payload, nothing charged, retries too', async () => {
    const { key, userId } = await server.account();
    const before = await balance(userId);
    for (const content of [NUL_TEXT, SURROGATE_TEXT]) {
      for (const headers of [{ 'Idempotency-Key': 'k1' }, {}, { 'Idempotency-Key': 'k1' }] as Record<string, string>[]) {
        const res = await server.request('/api/grammar/correct/', { method: 'POST', key, headers, json: { content } });
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.equal(ErrorBody.parse(res.body).code, 'invalid_payload');
        assert.match(res.body.message, /U\+0000|surrogate/);
      }
    }
    const statement = await creditStatement(server.services.db, userId);
    assert.equal(statement.balance, before);
    assert.equal(statement.entries.filter((e) => e.kind === 'charge').length, 0);
  });

  test('2. the text endpoints refuse NUL and lone surrogates alike, synchronous or with poll: 400, nothing charged', async () => {
    const { key, userId } = await server.account();
    const before = await balance(userId);
    const long = (bad: string) => `${LONG_TEXT}${bad}`;
    for (const bad of [NUL_TEXT, SURROGATE_TEXT]) {
      for (const poll of [true, false]) {
        for (const [path, extra] of [['/api/detector/', {}], ['/api/humanizer/', {}], ['/api/detect-and-humanize/', { detection_threshold: 0.5 }]] as const) {
          const res = await server.request(path, { method: 'POST', key, json: { content: long(bad), poll, ...extra } });
          assert.equal(res.status, 400, `${path} poll=${poll}: ${JSON.stringify(res.body)}`);
          assert.equal(ErrorBody.parse(res.body).code, 'invalid_payload');
        }
      }
    }
    assert.equal(await balance(userId), before);
  });

  test('4. TRACE, PROPFIND, MKCOL, LOCK and other methods: 405 with Allow and the error body', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/detector/', '/api/jobs/3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14/', '/api/image-detector/health/']) {
        const res = await rawRequest(server.url, method, path);
        assert.equal(res.status, 405, `${method} ${path}: ${res.body}`);
        assert.equal(ErrorBody.parse(JSON.parse(res.body)).code, 'method_not_allowed');
        assert.ok(res.headers.allow && res.headers.allow.length > 0, `${method} ${path} has no Allow`);
        assert.ok(res.headers['x-request-id']);
      }
    }
    const admin = await rawRequest(server.url, 'PATCH', '/api/admin/sources/');
    assert.deepEqual(admin.headers.allow?.split(', ').sort(), ['DELETE', 'GET', 'HEAD', 'POST']);
    const unknown = await rawRequest(server.url, 'TRACE', '/api/nowhere/');
    assert.equal(unknown.status, 404);
    assert.equal(JSON.parse(unknown.body).code, 'not_found');
  });

  test('5. an image over 10 MB and a multipart body with too many fields: 400 invalid_payload, nothing charged', async () => {
    const { key, userId } = await server.account();
    const before = await balance(userId);
    const big = new FormData();
    big.append('file', new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]), 'big.jpg');
    const tooBig = await server.request('/api/image-detector/predict/', { method: 'POST', key, body: big });
    assert.equal(tooBig.status, 400, JSON.stringify(tooBig.body));
    assert.equal(ErrorBody.parse(tooBig.body).code, 'invalid_payload');
    assert.match(tooBig.body.message, /10 MB/);

    const fields = new FormData();
    for (let i = 0; i < 11; i++) fields.append(`field${i}`, 'x');
    fields.append('file', new Blob([new Uint8Array(16)]), 'small.jpg');
    for (const path of ['/api/image-detector/predict/', '/api/voice-detector/detect/']) {
      const res = await server.request(path, { method: 'POST', key, body: fields });
      assert.equal(res.status, 400, `${path}: ${JSON.stringify(res.body)}`);
      assert.equal(ErrorBody.parse(res.body).code, 'invalid_payload');
    }
    assert.equal(await balance(userId), before);
  });

  test('6. errors of Node\'s HTTP parser get the JSON error body and a request id', async () => {
    const huge = parseRawResponse(await rawSocket(server.url, `GET /api/image-detector/health/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    assert.equal(huge.status, 431);
    assert.equal(ErrorBody.parse(JSON.parse(huge.body)).code, 'headers_too_large');
    assert.match(huge.headers['x-request-id'], /^req_/);

    const many = parseRawResponse(await rawSocket(server.url, `GET /api/image-detector/health/ HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 4000 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\n\r\n`));
    assert.equal(many.status, 431);
    assert.equal(JSON.parse(many.body).request_id, many.headers['x-request-id']);

    // A method Node's parser does not know is answered like any other method no route takes (#36.5).
    const foo = parseRawResponse(await rawSocket(server.url, 'FOO /api/detector/ HTTP/1.1\r\nHost: x\r\n\r\n'));
    assert.equal(foo.status, 405);
    assert.equal(ErrorBody.parse(JSON.parse(foo.body)).code, 'method_not_allowed');
    assert.equal(foo.headers.allow, 'POST');
    assert.match(foo.headers['x-request-id'], /^req_/);

    const framing = parseRawResponse(await rawSocket(server.url, 'GET /api/account/ HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'));
    assert.equal(framing.status, 400);
    assert.equal(ErrorBody.parse(JSON.parse(framing.body)).code, 'invalid_payload');
    assert.doesNotMatch(framing.body, /HPE_/);
  });

  test('7. the contract: uploads require file; 404 and 405 are declared', () => {
    const spec = parse(readFileSync('openapi.yaml', 'utf8'));
    for (const name of ['ImageUpload', 'VoiceUpload']) assert.deepEqual(spec.components.schemas[name].required, ['file']);
    assert.ok(spec.components.responses.NotFound);
    assert.ok(spec.components.responses.MethodNotAllowed.headers.Allow);
    assert.deepEqual(spec.components.schemas.ImageResult.required.filter((f: string) => ['credits_remaining', 'user'].includes(f)), ['credits_remaining', 'user']);
  });

  // How long the loop stalls is load-dependent (benchmarks measure it); what keeps it free is that
  // the scan's two CPU-heavy steps run as engine tasks, which the runtime never runs on this thread.
  test('3. a 25,000-word plagiarism scan runs its CPU-heavy steps on the engine threads', async () => {
    const admin = await server.account({ scopes: ['admin', 'plagiarism_checker'] });
    // Varied prose from a seeded generator; the sources are passages of it, so the scan aligns them.
    const vocabulary = 'river mountain bright quickly system energy market forest ancient careful policy signal harbor winter garden lantern machine silver theory village'.split(' ');
    let seed = 11;
    const word = () => vocabulary[(seed = (seed * 1103515245 + 12345) & 0x7fffffff) % vocabulary.length];
    const sentences = Array.from({ length: 2_500 }, () => `The ${word()} ${word()} ${word()} near the ${word()} ${word()} was ${word()}.`);
    const content = sentences.join(' ');
    const sources = Array.from({ length: 8 }, (_, s) => ({ url: `https://example.org/source-${s}`, title: `Source ${s}`, text: sentences.slice(s * 300, s * 300 + 120).join(' ') }));
    const imported = await server.request('/api/admin/sources/', { method: 'POST', key: admin.key, json: { sources } });
    assert.equal(imported.status, 200, JSON.stringify(imported.body));
    engineTasks.length = 0;
    const scan = await server.request('/api/plagiarism/scan/', { method: 'POST', key: admin.key, json: { content } });
    assert.equal(scan.status, 200, JSON.stringify(scan.body).slice(0, 300));
    assert.ok(scan.body.sources.length > 0, 'the scan found none of the sources');
    assert.deepEqual(engineTasks, ['plagiarismQuery', 'plagiarismReport']);
  });
});
