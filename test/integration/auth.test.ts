import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { routes, type RouteDef } from '../../contract/routes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** A request to `route` that is well formed apart from its key, so only authentication can fail. */
function requestFor(route: RouteDef): { path: string; init: RequestInit } {
  const path = route.path.replace('{task_id}', '3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14');
  if (route.request.kind === 'json') {
    return { path, init: { method: route.method.toUpperCase(), headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ content: 'word '.repeat(60), detection_threshold: 0.5, sources: [{ url: 'https://example.com/a', title: 'a', text: 'text' }] }) } };
  }
  if (route.request.kind === 'multipart') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'x.bin');
    return { path, init: { method: 'POST', body: form } };
  }
  return { path: route.method === 'delete' ? `${path}?url=https%3A%2F%2Fexample.com%2Fa` : path, init: { method: route.method.toUpperCase() } };
}

const protectedRoutes = (routes as readonly RouteDef[]).filter((r) => r.scopes !== null);

describe('authentication on every protected route', () => {
  let server: TestServer;
  let valid: string;
  let revoked: string;
  let expired: string;
  let noScopes: string;

  before(async () => {
    server = await startTestServer();
    valid = (await server.account()).key;
    const r = await server.account();
    await server.services.db.query("update api_keys set status = 'Revoked' where id = $1", [r.keyId]);
    revoked = r.key;
    const e = await server.account({ expiration: '30d' });
    await server.services.db.query("update api_keys set expires_at = now() - interval '1 second' where id = $1", [e.keyId]);
    expired = e.key;
    // A key whose only scope is one no protected route but the job read needs.
    noScopes = (await server.account({ scopes: ['admin'] })).key;
  });
  after(() => server.close());

  const cases: [string, () => string | undefined, number, string][] = [
    ['no key', () => undefined, 401, 'missing_api_key'],
    ['malformed key', () => 'not-a-key', 401, 'invalid_api_key'],
    ['unknown key', () => `ci_${'A'.repeat(40)}`, 401, 'invalid_api_key'],
    ['revoked key', () => revoked, 401, 'api_key_revoked'],
    ['expired key', () => expired, 401, 'api_key_expired'],
  ];

  for (const route of protectedRoutes) {
    for (const [name, key, status, code] of cases) {
      test(`${route.method.toUpperCase()} ${route.path}: ${name} → ${status} ${code}`, async () => {
        const { path, init } = requestFor(route);
        const res = await server.request(path, { ...init, key: key() });
        assert.equal(res.status, status);
        assert.equal(res.body.code, code);
        assert.equal(res.body.status, 'error');
        assert.equal(res.body.request_id, res.headers.get('x-request-id'));
      });
    }
    if (route.scopes!.length > 0 && !route.scopes!.includes('admin')) {
      test(`${route.method.toUpperCase()} ${route.path}: missing scope → 403 insufficient_scope`, async () => {
        const { path, init } = requestFor(route);
        const res = await server.request(path, { ...init, key: noScopes });
        assert.equal(res.status, 403);
        assert.equal(res.body.code, 'insufficient_scope');
        assert.deepEqual(res.body.details.required, route.scopes);
      });
    }
  }

  test('detect-and-humanize needs both scopes: humanizer alone is refused', async () => {
    const { key } = await server.account({ scopes: ['humanizer'] });
    const res = await server.request('/api/detect-and-humanize/', { method: 'POST', key, json: { content: 'word '.repeat(60), detection_threshold: 0.5 } });
    assert.equal(res.status, 403);
    assert.deepEqual(res.body.details.missing, ['ai_detector']);
  });

  test('admin routes need the admin scope, which "all scopes" does not include', async () => {
    const res = await server.request('/api/admin/sources/', { key: valid });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'insufficient_scope');
  });

  test('the health checks need no key', async () => {
    for (const path of ['/api/image-detector/health/', '/api/voice-detector/health/']) {
      const res = await server.request(path);
      assert.equal(res.status, 200);
      assert.equal(res.body.status, 'healthy');
      assert.equal(res.body.circuit.status, 'closed');
    }
  });

  test("a bad key's 401 or 403 comes before a bad body's 400, also where the charge checks the key", async () => {
    const short = { content: 'word '.repeat(80_000), detection_threshold: 0.5 }; // over every text route's character limit
    for (const path of ['/api/detector/', '/api/humanizer/', '/api/detect-and-humanize/', '/api/grammar/correct/']) {
      assert.equal((await server.request(path, { method: 'POST', key: revoked, json: short })).body.code, 'api_key_revoked', path);
      assert.equal((await server.request(path, { method: 'POST', key: `ci_${'A'.repeat(40)}`, json: { nothing: true } })).body.code, 'invalid_api_key', path);
      assert.equal((await server.request(path, { method: 'POST', key: noScopes, json: short })).body.code, 'insufficient_scope', path);
      assert.equal((await server.request(path, { method: 'POST', key: valid, json: short })).status, 400, path);
    }
  });

  test('a revoked key is refused on its very next request', async () => {
    const { key, keyId } = await server.account();
    assert.equal((await server.request('/api/jobs/3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14/', { key })).status, 404);
    await server.services.db.query("update api_keys set status = 'Revoked' where id = $1", [keyId]);
    assert.equal((await server.request('/api/jobs/3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14/', { key })).body.code, 'api_key_revoked');
    const detect = { method: 'POST', key, json: { content: 'word '.repeat(60) } };
    assert.equal((await server.request('/api/detector/', detect)).body.code, 'api_key_revoked');
  });
});
