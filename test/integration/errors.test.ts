import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ERROR_CODES, ERROR_STATUS } from '../../contract/errors.ts';
import { routes, type RouteDef } from '../../contract/routes.ts';
import { ErrorBody } from '../../contract/schemas.ts';
import { toErrorResponse } from '../../server/http/errors.ts';
import { ApiError } from '../../server/platform/errors.ts';
import { assertError } from '../helpers/endpoints.ts';
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

// Each endpoint's own refusals (bad JSON, wrong types, bounds, media type, method) are in its file in
// test/endpoints ("errors"); here are the ones every route shares.
describe('error bodies over HTTP', () => {
  let server: TestServer;
  let key: string;
  before(async () => {
    server = await startTestServer();
    key = (await server.account()).key;
  });
  after(() => server.close());

  const post = (path: string, init: RequestInit & { json?: unknown }) => server.request(path, { method: 'POST', key, ...init });

  test('unknown route → 404 not_found; a path without its trailing slash says so', async () => {
    assertError(await server.request('/api/nothing/', { key }), 404, 'not_found');
    const res = await post('/api/detector', { json: { content: 'x' } });
    assertError(res, 404, 'not_found');
    assert.match(res.body.message, /\/api\/detector\//);
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
