/**
 * Key rules across endpoints. Each endpoint's own key refusals (no, malformed, unknown, revoked and
 * expired keys, a missing scope) are in its file in test/endpoints ("security").
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { UNKNOWN_TASK_ID } from '../helpers/endpoints.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('authentication across routes', () => {
  let server: TestServer;
  let valid: string;
  let revoked: string;
  let noScopes: string;

  before(async () => {
    server = await startTestServer();
    valid = (await server.account()).key;
    const r = await server.account();
    await server.services.db.query("update api_keys set status = 'Revoked' where id = $1", [r.keyId]);
    revoked = r.key;
    // A key whose only scope is one no protected route but the job read needs.
    noScopes = (await server.account({ scopes: ['admin'] })).key;
  });
  after(() => server.close());

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
    assert.equal((await server.request(`/api/jobs/${UNKNOWN_TASK_ID}/`, { key })).status, 404);
    await server.services.db.query("update api_keys set status = 'Revoked' where id = $1", [keyId]);
    assert.equal((await server.request(`/api/jobs/${UNKNOWN_TASK_ID}/`, { key })).body.code, 'api_key_revoked');
    const detect = { method: 'POST', key, json: { content: 'word '.repeat(60) } };
    assert.equal((await server.request('/api/detector/', detect)).body.code, 'api_key_revoked');
  });
});
