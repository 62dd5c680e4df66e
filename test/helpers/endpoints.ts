/**
 * What the endpoint files of test/endpoints share: the route of an operation, a request to it that only
 * its key can spoil, and the key refusals every protected endpoint answers alike (registered in the
 * endpoint's own "security" block, so a reader sees them where the endpoint is).
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { routes, type OperationId, type RouteDef } from '../../contract/routes.ts';
import { DetectionResult, ErrorBody } from '../../contract/schemas.ts';
import type { TestServer } from './server.ts';

/** Texts PostgreSQL cannot store, which every text endpoint refuses before any charge. */
export const NUL_TEXT = 'nul \u0000 byte in this text here now.';
export const SURROGATE_TEXT = 'lone \ud800 surrogate in this text here now.';

/** A job id no job has. */
export const UNKNOWN_TASK_ID = '3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14';

/** The contract's error body, with its status and code, and the request id it echoes. */
export function assertError(res: { status: number; headers: Headers; body: unknown }, status: number, code: string): void {
  assert.equal(res.status, status);
  const body = ErrorBody.parse(res.body);
  assert.equal(body.code, code);
  assert.ok(body.message.length > 0);
  assert.equal(body.request_id, res.headers.get('x-request-id'));
}

function routeOf(op: OperationId): RouteDef {
  return (routes as readonly RouteDef[]).find((r) => r.op === op)!;
}

/** The detector's score of `content` (what the humanizers report before and after). */
export async function detectorScore(server: TestServer, key: string, content: string): Promise<number> {
  return DetectionResult.parse((await server.request('/api/detector/', { method: 'POST', key, json: { content } })).body).ai_score;
}

/** A multipart body with `bytes` as its file. */
export function upload(bytes: Buffer, name: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

/** A request to `route` that is well formed apart from its key, so only authentication can fail. */
function requestFor(route: RouteDef): { path: string; init: RequestInit } {
  const path = route.path.replace(/\{\w+\}/, UNKNOWN_TASK_ID);
  if (route.request.kind === 'json') {
    return { path, init: { method: route.method.toUpperCase(), headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ content: 'word '.repeat(60), detection_threshold: 0.5, sources: [{ url: 'https://example.com/a', title: 'a', text: 'text' }] }) } };
  }
  if (route.request.kind === 'multipart') return { path, init: { method: 'POST', body: upload(Buffer.from([1, 2, 3]), 'x.bin') } };
  return { path: route.method === 'delete' ? `${path}?url=https%3A%2F%2Fexample.com%2Fa` : path, init: { method: route.method.toUpperCase() } };
}

/**
 * The key refusals of a protected endpoint: no, malformed, unknown, revoked and expired keys are 401 with
 * their own code, and a key without the route's scopes is 403 naming them (admin routes: see their file).
 * Call inside the endpoint's "security" describe block; `server` is read once its `before` has run.
 */
export function refusesBadKeys(op: OperationId, server: () => TestServer): void {
  const route = routeOf(op);
  let revoked: string;
  let expired: string;
  let noScopes: string;
  before(async () => {
    const s = server();
    const r = await s.account();
    await s.services.db.query("update api_keys set status = 'Revoked' where id = $1", [r.keyId]);
    revoked = r.key;
    const e = await s.account({ expiration: '30d' });
    await s.services.db.query("update api_keys set expires_at = now() - interval '1 second' where id = $1", [e.keyId]);
    expired = e.key;
    // A key whose only scope is one no protected route but the job read needs.
    noScopes = (await s.account({ scopes: ['admin'] })).key;
  });

  const cases: [string, () => string | undefined, number, string][] = [
    ['no key', () => undefined, 401, 'missing_api_key'],
    ['malformed key', () => 'not-a-key', 401, 'invalid_api_key'],
    ['unknown key', () => `ci_${'A'.repeat(40)}`, 401, 'invalid_api_key'],
    ['revoked key', () => revoked, 401, 'api_key_revoked'],
    ['expired key', () => expired, 401, 'api_key_expired'],
  ];
  for (const [name, key, status, code] of cases) {
    test(`${route.method.toUpperCase()} ${route.path}: ${name} → ${status} ${code}`, async () => {
      const { path, init } = requestFor(route);
      const res = await server().request(path, { ...init, key: key() });
      assert.equal(res.status, status);
      assert.equal(res.body.code, code);
      assert.equal(res.body.status, 'error');
      assert.equal(res.body.request_id, res.headers.get('x-request-id'));
    });
  }
  if (route.scopes!.length > 0 && !route.scopes!.includes('admin')) {
    test(`${route.method.toUpperCase()} ${route.path}: missing scope → 403 insufficient_scope`, async () => {
      const { path, init } = requestFor(route);
      const res = await server().request(path, { ...init, key: noScopes });
      assert.equal(res.status, 403);
      assert.equal(res.body.code, 'insufficient_scope');
      assert.deepEqual(res.body.details.required, route.scopes);
    });
  }
}
