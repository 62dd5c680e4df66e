/**
 * GET /api/voice-detector/health/ (voiceHealth) over HTTP against the real server: the file to open first for
 * this endpoint. Readiness while the engines warm up is tested in integration/warm-up.test.ts; an
 * operator's model server's channel in integration/model-servers.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthReport } from '../../contract/schemas.ts';
import { assertError } from '../helpers/endpoints.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('GET /api/voice-detector/health/', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  describe('happy path', () => {
    test('the health report follows the spec shape', async () => {
      HealthReport.parse((await server.request('/api/voice-detector/health/')).body);
    });
  });

  describe('errors', () => {
    test('a POST → 405 method_not_allowed', async () => {
      assertError(await server.request('/api/voice-detector/health/', { method: 'POST', json: {} }), 405, 'method_not_allowed');
    });
  });

  describe('security', () => {
    test('the health check needs no key', async () => {
      const res = await server.request('/api/voice-detector/health/');
      assert.equal(res.status, 200);
      assert.equal(res.body.status, 'healthy');
      assert.equal(res.body.circuit.status, 'closed');
    });
  });
});
