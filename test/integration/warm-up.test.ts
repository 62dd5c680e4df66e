/**
 * Engines load at start, in the background: the health checks answer 503 until every engine is
 * loaded, and then the first grammar request pays no load (it took 3.7 s when the engine loaded on
 * first use; a warm one takes about 0.1 s).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { HealthReport } from '../../contract/schemas.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer({ env: { WARM_ENGINES: 'true' } });
});
after(() => server.close());

test('health reports readiness; once ready, a grammar request is answered', async () => {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const res = await server.request('/api/voice-detector/health/');
    HealthReport.parse(res.body);
    if (res.status === 200) break;
    assert.equal(res.body.upstream.status, 'unhealthy');
    assert.ok(Date.now() < deadline, 'the engines never became ready');
    await new Promise((r) => setTimeout(r, 250));
  }
  // Ready means the warm-up ran on every thread, grammar included; what the first request then costs
  // is measured by `npm run bench -- grammar`, not asserted here.
  const { key } = await server.account();
  const res = await server.request('/api/grammar/correct/', { method: 'POST', key, json: { content: 'She go to school every days and we was late.' } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
});
