import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ERROR_CODES, ERROR_STATUS } from '../../contract/errors.ts';
import { routes, type RouteDef } from '../../contract/routes.ts';
import { ErrorBody } from '../../contract/schemas.ts';
import { toErrorResponse } from '../../server/http/errors.ts';
import { ApiError } from '../../server/platform/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('the code → status table', () => {
  test('covers every code of the contract, with a 4xx/5xx status', () => {
    for (const code of ERROR_CODES) {
      const response = toErrorResponse(new ApiError(code, 'x'));
      assert.equal(response.status, ERROR_STATUS[code], code);
      assert.ok(response.status >= 400 && response.status < 600);
    }
  });

  test('every code a route documents is in the table', () => {
    for (const route of routes as readonly RouteDef[]) for (const code of route.errors) assert.ok(code in ERROR_STATUS, `${route.path}: ${code}`);
  });

  test('an unknown failure is a 500 internal_error without internals', () => {
    const response = toErrorResponse(new TypeError('secret stack detail at /srv/app.ts:12'));
    assert.equal(response.status, 500);
    assert.equal(response.code, 'internal_error');
    assert.doesNotMatch(response.message, /secret|app\.ts/);
  });
});

describe('error bodies over HTTP', () => {
  let server: TestServer;
  let key: string;
  before(async () => {
    server = await startTestServer();
    key = (await server.account()).key;
  });
  after(() => server.close());

  const post = (path: string, init: RequestInit & { json?: unknown }) => server.request(path, { method: 'POST', key, ...init });

  function assertError(res: { status: number; headers: Headers; body: unknown }, status: number, code: string) {
    assert.equal(res.status, status);
    const body = ErrorBody.parse(res.body);
    assert.equal(body.code, code);
    assert.ok(body.message.length > 0);
    assert.equal(body.request_id, res.headers.get('x-request-id'));
  }

  test('malformed JSON → 400 invalid_payload', async () => {
    assertError(await post('/api/detector/', { headers: { 'Content-Type': 'application/json' }, body: '{"content": ' }), 400, 'invalid_payload');
  });

  test('wrong types → 400 invalid_payload naming the field', async () => {
    const res = await post('/api/detector/', { json: { content: 42 } });
    assertError(res, 400, 'invalid_payload');
    assert.match(res.body.message, /content/);
    assertError(await post('/api/detect-and-humanize/', { json: { content: 'word '.repeat(60), detection_threshold: 1.5 } }), 400, 'invalid_payload');
    assertError(await post('/api/detect-and-humanize/', { json: { content: 'word '.repeat(60) } }), 400, 'invalid_payload');
    assertError(await post('/api/grammar/correct/', { json: { content: 'one two three four five', target_variant: 'en-XX' } }), 400, 'invalid_payload');
  });

  test('a JSON array or missing body → 400 invalid_payload', async () => {
    assertError(await post('/api/detector/', { json: ['content'] }), 400, 'invalid_payload');
    assertError(await post('/api/detector/', {}), 400, 'invalid_payload');
  });

  test('wrong content type → 415 unsupported_media_type', async () => {
    assertError(await post('/api/detector/', { headers: { 'Content-Type': 'text/plain' }, body: 'content=hello' }), 415, 'unsupported_media_type');
    assertError(await post('/api/image-detector/predict/', { json: { file: 'x' } }), 415, 'unsupported_media_type');
  });

  test('oversized body → 413 payload_too_large', async () => {
    assertError(await post('/api/detector/', { json: { content: 'a'.repeat(3 * 1024 * 1024) } }), 413, 'payload_too_large');
  });

  test('too long for the endpoint → 400 with limit and actual, nothing charged', async () => {
    const account = await server.account();
    const res = await server.request('/api/humanizer/', { method: 'POST', key: account.key, json: { content: 'word '.repeat(2001) } });
    assertError(res, 400, 'max_words_exceeded');
    assert.deepEqual(res.body.details, { limit: 2000, actual: 2001 });
    const short = await server.request('/api/humanizer/', { method: 'POST', key: account.key, json: { content: 'word '.repeat(49), poll: true } });
    assertError(short, 400, 'min_words_not_met');
    const [ledger] = await server.services.db.query("select count(*)::int as n from credit_ledger where user_id = $1 and kind = 'charge'", [account.userId]);
    assert.equal(ledger.n, 0);
  });

  test('unknown route → 404 not_found; a path without its trailing slash says so', async () => {
    assertError(await server.request('/api/nothing/', { key }), 404, 'not_found');
    const res = await post('/api/detector', { json: { content: 'x' } });
    assertError(res, 404, 'not_found');
    assert.match(res.body.message, /\/api\/detector\//);
  });

  test('wrong method → 405 method_not_allowed', async () => {
    assertError(await server.request('/api/detector/', { method: 'GET', key }), 405, 'method_not_allowed');
  });

  test('unknown JSON fields are ignored', async () => {
    const res = await post('/api/detector/', { json: { content: 'word '.repeat(60), poll: 'yes' } });
    assertError(res, 400, 'invalid_payload'); // wrong type still refused
    const ok = await post('/api/detect-and-humanize/', { json: { content: 'hi', detection_threshold: 0.5, colour: 'blue' } });
    assertError(ok, 400, 'min_words_not_met'); // got past validation: the extra field did not matter
  });

  test('every error has details, {} when the code says it all (the README promises it), the HTTP parser\'s answers too', async () => {
    const errors = [
      await server.request('/api/nothing/', { key }),
      await server.request('/api/detector/', { method: 'GET', key }),
      await post('/api/detector/', { headers: { 'Content-Type': 'text/plain' }, body: 'x' }),
      await server.request('/api/detector/', { method: 'POST', json: { content: 'x' } }),
    ];
    for (const res of errors) {
      assert.ok(res.status >= 400);
      assert.deepEqual(res.body.details, {}, JSON.stringify(res.body));
    }
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    assert.deepEqual(ErrorBody.parse(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).details, {});
  });

  test('bounds messages count in words a person reads: "1 word", never "at least 1 are needed"', async () => {
    const empty = await post('/api/detector/', { json: { content: '   ' } });
    assertError(empty, 400, 'min_words_not_met');
    assert.equal(empty.body.message, 'content has 0 words; it needs at least 1 word.');
    assert.deepEqual(empty.body.details, { limit: 1, actual: 0 });
    const one = await post('/api/grammar/correct/', { json: { content: 'Hello.' } });
    assert.equal(one.body.message, 'content has 1 word; it needs at least 5 words.');
  });

  test('a plagiarism scan with nothing to compare against: 409 no_sources saying how to add sources, nothing charged', async () => {
    const account = await server.account();
    const res = await server.request('/api/plagiarism/scan/', { method: 'POST', key: account.key, headers: { 'Idempotency-Key': 'fresh-install' }, json: { content: 'Four score and seven years ago our fathers brought forth on this continent, a new nation. It was conceived in Liberty.' } });
    assertError(res, 409, 'no_sources');
    assert.match(res.body.message, /npm run admin -- sources import/);
    assert.match(res.body.message, /PLAGIARISM_SEARXNG_URL/);
    assert.deepEqual(res.body.details, { sources: 0, web_search: false });
    const [ledger] = await server.services.db.query("select count(*)::int as n from credit_ledger where user_id = $1 and kind = 'charge'", [account.userId]);
    assert.equal(ledger.n, 0);
  });

  test('every response carries X-Request-Id, and a sane incoming one is echoed', async () => {
    const res = await server.request('/api/image-detector/health/', { headers: { 'X-Request-Id': 'abc-123' } });
    assert.equal(res.headers.get('x-request-id'), 'abc-123');
  });

  test('the committed spec and the reference page are served', async () => {
    const spec = await server.request('/openapi.yaml');
    assert.equal(spec.status, 200);
    assert.match(spec.body, /\/api\/detector\/:/);
    const docs = await server.request('/docs');
    assert.equal(docs.status, 200);
    for (const route of routes) assert.ok(docs.body.includes(route.path), route.path);
    const portalDocs = await server.request('/docs/portal');
    assert.equal(portalDocs.status, 200);
    assert.match(portalDocs.body, /\/portal\/api\/keys\//);
  });
});
