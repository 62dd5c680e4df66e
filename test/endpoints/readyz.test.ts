/**
 * GET /readyz (readyz) over HTTP against the real server: 200 when the database answers, the engines
 * are loaded and the job worker runs; 503 naming the part that is down. A real PostgreSQL stopped
 * under load is tested in test/integration/database-outage.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Readiness } from '../../contract/schemas.ts';
import { assertError } from '../helpers/endpoints.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('GET /readyz', () => {
  let server: TestServer;
  before(async () => {
    // WARM_ENGINES loads the engines at start, as `npm start` does; the worker runs in-process.
    server = await startTestServer({ worker: true, env: { WARM_ENGINES: 'true' } });
  });
  after(() => server.close());

  async function readiness() {
    const res = await server.request('/readyz');
    return { status: res.status, body: Readiness.parse(res.body) };
  }

  describe('happy path', () => {
    test('200 ready once the engines are loaded and the worker listens; each part named', async () => {
      let answer = await readiness();
      for (let i = 0; i < 600 && answer.status !== 200; i++) {
        assert.equal(answer.status, 503);
        assert.ok(answer.body.message?.startsWith('Not ready: '));
        await new Promise((resolve) => setTimeout(resolve, 250));
        answer = await readiness();
      }
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, { status: 'ready', checks: { database: 'ready', engines: 'ready', worker: 'ready', shutdown: 'ready' } });
    });
  });

  describe('errors', () => {
    test('503 with the database named while it does not answer', async () => {
      const query = server.services.db.query;
      server.services.db.query = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      try {
        const { status, body } = await readiness();
        assert.equal(status, 503);
        assert.equal(body.checks.database, 'down');
        assert.match(body.message ?? '', /database does not answer/);
      } finally {
        server.services.db.query = query;
      }
    });

    test('503 draining once the process is stopping', async () => {
      server.services.lifecycle.startDraining();
      const { status, body } = await readiness();
      assert.equal(status, 503);
      assert.equal(body.checks.shutdown, 'draining');
      assert.match(body.message ?? '', /stopping/);
    });

    test('a POST → 405 method_not_allowed', async () => {
      assertError(await server.request('/readyz', { method: 'POST', json: {} }), 405, 'method_not_allowed');
    });
  });

  describe('security', () => {
    test('needs no key and says nothing of the data', async () => {
      const res = await server.request('/readyz');
      assert.deepEqual(Object.keys(res.body as object).sort(), ['checks', 'message', 'status']);
    });
  });
});
