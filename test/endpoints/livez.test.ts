/** GET /livez (livez) over HTTP against the real server: the liveness probe. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Liveness } from '../../contract/schemas.ts';
import { assertError } from '../helpers/endpoints.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('GET /livez', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  describe('happy path', () => {
    test('200 alive, in the contract\'s shape', async () => {
      const res = await server.request('/livez');
      assert.equal(res.status, 200);
      assert.equal(Liveness.parse(res.body).status, 'alive');
    });

    test('alive while the database is unreachable: liveness never depends on it (a restart would not help)', async () => {
      const query = server.services.db.query;
      server.services.db.query = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      try {
        assert.equal((await server.request('/livez')).status, 200);
      } finally {
        server.services.db.query = query;
      }
    });
  });

  describe('errors', () => {
    test('a POST → 405 method_not_allowed; /livez/ is not the probe', async () => {
      assertError(await server.request('/livez', { method: 'POST', json: {} }), 405, 'method_not_allowed');
      assertError(await server.request('/livez/'), 404, 'not_found');
    });
  });

  describe('security', () => {
    test('needs no key, and a key changes nothing', async () => {
      assert.equal((await server.request('/livez', { key: 'ci_not_a_real_key' })).status, 200);
    });
  });
});
