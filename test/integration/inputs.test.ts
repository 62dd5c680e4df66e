/**
 * Inputs that once broke the service (issue 21), each over HTTP against the real server: none may
 * answer 5xx, every refusal has the contract's error body, and no refused request moves credits.
 * The cases of one endpoint are in its file in test/endpoints (1: grammar-correct, 3: plagiarism-scan,
 * 5: image-detector-predict and voice-detector-detect); here are those that span routes.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ErrorBody } from '../../contract/schemas.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { NUL_TEXT, SURROGATE_TEXT } from '../helpers/endpoints.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

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
  before(async () => {
    server = await startTestServer({ worker: false });
  });
  after(() => server.close());

  const balance = async (userId: number) => (await creditStatement(server.services.db, userId)).balance;

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
});
