/**
 * The plagiarism corpus routes, GET, POST and DELETE /api/admin/sources/ (listSources, importSources,
 * deleteSource), over HTTP against the real server: the file to open first for them. Strict URL and title
 * rules are pinned in integration/fuzz.test.ts (#36.7); the admin CLI's import in
 * integration/keys-and-admin.test.ts; the corpus itself in integration/plagiarism.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { refusesBadKeys } from '../helpers/endpoints.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('/api/admin/sources/', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startTestServer();
    admin = (await server.account({ scopes: ['admin'] })).key;
    const res = await server.request('/api/admin/sources/', { method: 'POST', key: admin, json: { sources: [{ url: 'https://en.example.org/wiki/Mitochondrion', title: 'Mitochondrion', text: 'The mitochondrion is a double-membrane-bound organelle found in most eukaryotic organisms.' }] } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });
  after(() => server.close());

  describe('happy path', () => {
    test('admin sources: list and delete over HTTP', async () => {
      const list = await server.request('/api/admin/sources/?limit=10', { key: admin });
      assert.equal(list.body.total, 1);
      assert.equal(list.body.sources[0].domain, 'en.example.org');
      const del = await server.request(`/api/admin/sources/?url=${encodeURIComponent('https://nowhere.example/')}`, { method: 'DELETE', key: admin });
      assert.equal(del.body.deleted, false);
    });
  });

  describe('errors', () => {
    test('a source without its text, or a list limit that is not a number → 400 invalid_payload', async () => {
      const noText = await server.request('/api/admin/sources/', { method: 'POST', key: admin, json: { sources: [{ url: 'https://example.com/a', title: 'a' }] } });
      assert.equal(noText.status, 400);
      assert.equal(noText.body.code, 'invalid_payload');
      const limit = await server.request('/api/admin/sources/?limit=ten', { key: admin });
      assert.equal(limit.status, 400);
      assert.equal(limit.body.code, 'invalid_payload');
    });
  });

  describe('security', () => {
    refusesBadKeys('listSources', () => server);
    refusesBadKeys('importSources', () => server);
    refusesBadKeys('deleteSource', () => server);

    test('admin routes need the admin scope, which "all scopes" does not include', async () => {
      const { key: valid } = await server.account();
      const res = await server.request('/api/admin/sources/', { key: valid });
      assert.equal(res.status, 403);
      assert.equal(res.body.code, 'insufficient_scope');
    });
  });
});
