/**
 * docs/grafana-dashboard.json: valid JSON in Grafana's dashboard shape, and every metric its queries
 * read is one the service exports (server/metrics/registry.ts, prom-client's defaults included),
 * so a renamed metric cannot leave an empty panel behind.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { registry } from '../../server/metrics/registry.ts';

interface Panel { type: string; title: string; gridPos: { w: number; h: number }; targets?: { expr: string }[] }

test('the Grafana dashboard reads only metrics the service exports', async () => {
  const dashboard = JSON.parse(readFileSync('docs/grafana-dashboard.json', 'utf8')) as { title: string; uid: string; panels: Panel[] };
  assert.ok(dashboard.title && dashboard.uid);
  const exported = new Set((await registry.getMetricsAsJSON()).map((m) => m.name));
  const queries = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
  assert.ok(queries.length >= 15);
  const read = new Set(queries.flatMap((expr) => [...expr.matchAll(/\b([a-z_:][a-z0-9_:]*)\{/g)].map((m) => m[1])));
  for (const name of read) assert.ok(exported.has(name.replace(/_(bucket|count|sum)$/, '')) || exported.has(name), `${name} is not exported`);
  for (const family of ['http_request_duration_seconds', 'credits_charged_total', 'credits_refunded_total', 'engine_task_duration_seconds', 'engine_task_queue_wait_seconds', 'job_queue_jobs', 'job_queue_oldest_ready_seconds', 'webhook_deliveries_total', 'circuit_breaker_state', 'db_pool_connections']) {
    assert.ok([...read].some((name) => name.startsWith(family)), `no panel shows ${family}`);
  }
});
