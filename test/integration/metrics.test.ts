/**
 * GET /metrics: Prometheus text (checked by a strict reader of the format), counters that move with
 * the requests that cause them (HTTP by route template, credits charged and refunded, engine tasks,
 * webhook deliveries), the gauges read at scrape time (pools, breakers, graphile-worker's queue),
 * who may read it, and METRICS_PORT.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { LEDGER_OPERATIONS } from '../../contract/catalogue.ts';
import { mayReadMetrics, startMetricsServer } from '../../server/metrics/serve.ts';
import { assertError } from '../helpers/endpoints.ts';
import { AI_TEXT, receiver, startJobServer, waitFor } from '../helpers/jobs.ts';
import { parsePrometheus, valueOf, type Sample } from '../helpers/prometheus.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

async function scrape(url: string, headers: Record<string, string> = {}): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`, { headers });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  return parsePrometheus(await res.text());
}

describe('GET /metrics', () => {
  let server: TestServer;
  let key: string;
  before(async () => {
    server = await startJobServer();
    key = (await server.account()).key;
  });
  after(() => server.close());

  test('the strict reader refuses what Prometheus would', () => {
    assert.throws(() => parsePrometheus('x 1\n'), /without a TYPE/);
    assert.throws(() => parsePrometheus('# TYPE x counter\nx{a="1} 1\n'), /unterminated/);
    assert.throws(() => parsePrometheus('# TYPE x counter\nx one\n'), /not a sample value/);
    assert.throws(() => parsePrometheus('# TYPE x counter\nx 1\nx 2\n'), /twice/);
    assert.throws(() => parsePrometheus('# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\nh_sum 0\n'), /cumulative/);
    assert.deepEqual(parsePrometheus('# TYPE x gauge\nx{a="q\\"\\n"} -1.5e3\n'), [{ name: 'x', labels: { a: 'q"\n' }, value: -1500 }]);
  });

  test('parses as Prometheus text, with the defaults and every family of the service', async () => {
    const samples = await scrape(server.url);
    const names = new Set(samples.map((s) => s.name));
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'job_queue_read_ok']) assert.ok(names.has(name), name);
    assert.equal(valueOf(samples, 'db_pool_connections', { pool: 'main', state: 'total' }) >= 1, true, 'the scrape itself read the queue on the main pool');
    assert.ok(samples.some((s) => s.name === 'db_pool_waiting_clients' && s.labels.pool === 'unflushed'));
    assert.equal(valueOf(samples, 'job_queue_read_ok'), 1);
    for (const breaker of ['engine:image', 'engine:voice']) {
      assert.equal(valueOf(samples, 'circuit_breaker_state', { breaker, state: 'closed' }), 1, breaker);
      assert.equal(valueOf(samples, 'circuit_breaker_state', { breaker, state: 'open' }), 0, breaker);
    }
  });

  test('a detector request moves the request count of its route template and the credits charged', async () => {
    const before = await scrape(server.url);
    const res = await server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const after = await scrape(server.url);
    const requests = { name: 'http_request_duration_seconds_count', labels: { method: 'POST', route: '/api/detector/', status: '200' } };
    assert.equal(valueOf(after, requests.name, requests.labels) - valueOf(before, requests.name, requests.labels), 1);
    const charged = { operation: LEDGER_OPERATIONS.detectText };
    assert.equal(valueOf(after, 'credits_charged_total', charged) - valueOf(before, 'credits_charged_total', charged), res.body.word_count);
    const detections = { engine: 'detectText', outcome: 'ok' };
    assert.equal(valueOf(after, 'engine_task_duration_seconds_count', detections) - valueOf(before, 'engine_task_duration_seconds_count', detections), 1);
  });

  test('the route label is the template, never the raw URL; an unknown path is "unmatched"', async () => {
    const taskId = '3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14';
    assertError(await server.request(`/api/jobs/${taskId}/`, { key }), 404, 'not_found');
    assertError(await server.request('/no/such/path/1234', { key }), 404, 'not_found');
    const samples = await scrape(server.url);
    assert.ok(valueOf(samples, 'http_request_duration_seconds_count', { route: '/api/jobs/:task_id/', status: '404' }) >= 1);
    assert.ok(valueOf(samples, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' }) >= 1);
    assert.ok(!samples.some((s) => s.labels.route?.includes(taskId) || s.labels.route?.includes('1234')));
  });

  test('a refund moves the refunded counter under the charge it refunds', async () => {
    const before = await scrape(server.url);
    // Not above the threshold: detected, not humanized, and the humanization part refunded.
    const res = await server.request('/api/detect-and-humanize/', { method: 'POST', key, json: { content: AI_TEXT, detection_threshold: 1 } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.humanized, false);
    const after = await scrape(server.url);
    const refunded = { operation: LEDGER_OPERATIONS.humanization };
    assert.equal(valueOf(after, 'credits_refunded_total', refunded) - valueOf(before, 'credits_refunded_total', refunded), res.body.word_count);
    const charged = (s: Sample[]) => valueOf(s, 'credits_charged_total', { operation: LEDGER_OPERATIONS.detection }) + valueOf(s, 'credits_charged_total', refunded);
    assert.equal(charged(after) - charged(before), 2 * res.body.word_count);
  });

  test('webhook deliveries are counted by outcome', async () => {
    const hook = await receiver([500]); // a retry, then delivered
    try {
      const before = await scrape(server.url);
      const res = await server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, callback_url: hook.url } });
      assert.equal(res.status, 202);
      const after = await waitFor(async () => {
        const s = await scrape(server.url);
        return valueOf(s, 'webhook_deliveries_total', { outcome: 'delivered' }) > valueOf(before, 'webhook_deliveries_total', { outcome: 'delivered' }) ? s : undefined;
      });
      const delta = (outcome: string) => valueOf(after, 'webhook_deliveries_total', { outcome }) - valueOf(before, 'webhook_deliveries_total', { outcome });
      assert.equal(delta('delivered'), 1);
      // The 500 is one retry; on a machine slow enough for an attempt to time out, that attempt is another.
      assert.ok(delta('retry') >= 1 && delta('retry') <= hook.received.length - 1, `retry ${delta('retry')}, received ${hook.received.length}`);
      assert.equal(valueOf(after, 'webhook_deliveries_total', { outcome: 'gave_up' }), valueOf(before, 'webhook_deliveries_total', { outcome: 'gave_up' }));
    } finally {
      await hook.close();
    }
  });

  test("an accepted job shows in graphile-worker's queue until a worker takes it", async () => {
    // A server without a worker: the job stays ready. (Its services are now the process's queue reader.)
    const idle = await startTestServer();
    try {
      const { key } = await idle.account();
      const before = await scrape(idle.url);
      const res = await idle.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, poll: true } });
      assert.equal(res.status, 202);
      const after = await scrape(idle.url);
      assert.equal(valueOf(after, 'job_queue_read_ok'), 1);
      assert.equal(valueOf(after, 'job_queue_jobs', { task: 'run_text_job', state: 'ready' }) - valueOf(before, 'job_queue_jobs', { task: 'run_text_job', state: 'ready' }), 1);
      assert.ok(valueOf(after, 'job_queue_oldest_ready_seconds', { task: 'run_text_job' }) >= 0);
      assert.ok(after.some((s) => s.name === 'job_queue_oldest_ready_seconds' && s.labels.task === 'run_text_job'));
    } finally {
      await idle.close();
    }
  });
});

describe('who may read /metrics', () => {
  test('the decision: loopback callers, or the bearer token when one is set', () => {
    const token = 'a-token-of-sixteen-chars';
    for (const address of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) assert.ok(mayReadMetrics({ address, authorization: undefined }, undefined), address);
    for (const address of ['203.0.113.7', '10.0.0.2', '::ffff:192.168.1.1', '2001:db8::1', undefined, 'not an address']) {
      assert.equal(mayReadMetrics({ address, authorization: undefined }, token), false, String(address));
      assert.equal(mayReadMetrics({ address, authorization: `Bearer ${token}` }, token), true, String(address));
      assert.equal(mayReadMetrics({ address, authorization: `Bearer ${token}x` }, token), false, String(address));
      assert.equal(mayReadMetrics({ address, authorization: token }, token), false, 'not a bearer credential');
      assert.equal(mayReadMetrics({ address, authorization: 'Bearer ' }, undefined), false, 'no token set: remote callers are refused');
    }
  });

  test('over HTTP, a remote caller (behind a trusted proxy) gets 403 without the token and the metrics with it', async () => {
    const token = 'metrics-token-0123456789';
    const server = await startTestServer({ env: { METRICS_TOKEN: token, TRUST_PROXY: '1' } });
    try {
      const remote = { 'X-Forwarded-For': '203.0.113.7' };
      const refused = await server.request('/metrics', { headers: remote });
      assertError(refused, 403, 'forbidden');
      assertError(await server.request('/metrics', { headers: { ...remote, Authorization: 'Bearer wrong-token-0123456789' } }), 403, 'forbidden');
      assert.ok((await scrape(server.url, { ...remote, Authorization: `Bearer ${token}` })).length > 0);
      assert.ok((await scrape(server.url)).length > 0, 'a loopback caller needs no token');
    } finally {
      await server.close();
    }
  });

  test('METRICS_PORT serves it on a port of its own, and the main port no longer does', async () => {
    const server = await startTestServer({ env: { METRICS_PORT: '0' } });
    const metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    try {
      assertError(await server.request('/metrics'), 404, 'not_found');
      const url = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}`;
      const samples = await scrape(url);
      assert.ok(samples.some((s) => s.name === 'http_request_duration_seconds_count' && s.labels.route === 'unmatched'), 'the main port\'s 404 is counted');
      const other = await fetch(`${url}/api/detector/`);
      assert.equal(other.status, 404);
      assert.equal((await other.json()).code, 'not_found');
      assert.equal((await fetch(`${url}/metrics`, { method: 'POST' })).status, 405);
    } finally {
      metrics.close();
      await server.close();
    }
  });
});
