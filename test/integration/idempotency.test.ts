import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createUser } from '../../server/platform/accounts.ts';
import type { ApiError } from '../../server/platform/errors.ts';
import { requestFingerprint, validateIdempotencyKey, withIdempotency } from '../../server/platform/idempotency.ts';
import { createTestDatabase } from '../helpers/database.ts';
import type { Database } from '../../server/db/database.ts';

describe('idempotency records', () => {
  let db: Database;
  let userId: number;
  before(async () => {
    db = await createTestDatabase();
    userId = (await createUser(db, 'idem@example.com', 'Free')).id;
  });
  after(() => db.close());

  const scope = (key: string, input: unknown) => ({ userId, operation: 'grammar', key, fingerprint: requestFingerprint(input) });

  test('the same key and text replays the first response without running again', async () => {
    let runs = 0;
    const work = async () => ({ status: 200, body: { run: ++runs } });
    const first = await withIdempotency(db, scope('k1', { content: 'a' }), work);
    const second = await withIdempotency(db, scope('k1', { content: 'a' }), work);
    assert.equal(runs, 1);
    assert.deepEqual(second, { status: 200, body: { run: 1 }, replayed: true });
    assert.equal(first.replayed, false);
  });

  test('the same key with another text is 409 idempotency_key_reuse', async () => {
    await withIdempotency(db, scope('k2', { content: 'a' }), async () => ({ status: 200, body: {} }));
    await assert.rejects(withIdempotency(db, scope('k2', { content: 'b' }), async () => ({ status: 200, body: {} })), (e: ApiError) => e.code === 'idempotency_key_reuse');
  });

  test('after 5 minutes the key can be used again', async () => {
    let runs = 0;
    await withIdempotency(db, scope('k3', { content: 'a' }), async () => ({ status: 200, body: ++runs }));
    await db.query("update idempotency_records set created_at = now() - interval '301 seconds' where key = 'k3'");
    const again = await withIdempotency(db, scope('k3', { content: 'b' }), async () => ({ status: 200, body: ++runs }));
    assert.equal(again.body, 2);
    assert.equal(again.replayed, false);
  });

  test('concurrent duplicates: one runs, the others wait and replay it', async () => {
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 300));
      return { status: 200, body: { ok: true } };
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => withIdempotency(db, scope('k4', { content: 'a' }), work)));
    assert.equal(runs, 1);
    assert.equal(results.filter((r) => r.replayed).length, 4);
  });

  test('a replay has the keys of the first response in the same order, nested ones too', async () => {
    const body = { status: 'success', corrected_text: 'x', diff: [{ type: 'replace', original: 'a', replacement: 'b' }], zeta: 1, id: 2 };
    const first = await withIdempotency(db, scope('order', { content: 'o' }), async () => ({ status: 200, body }));
    const replay = await withIdempotency(db, scope('order', { content: 'o' }), async () => assert.fail('ran twice'));
    assert.equal(replay.replayed, true);
    assert.equal(JSON.stringify(replay.body), JSON.stringify(first.body));
  });

  test('a failed first request releases the key', async () => {
    await assert.rejects(withIdempotency(db, scope('k5', { content: 'a' }), async () => { throw new Error('engine down'); }));
    const retry = await withIdempotency(db, scope('k5', { content: 'a' }), async () => ({ status: 200, body: 'second' }));
    assert.equal(retry.body, 'second');
  });

  test('keys longer than 255 characters are refused; an emoji counts as one character', () => {
    assert.equal(validateIdempotencyKey('x'.repeat(255)), 'x'.repeat(255));
    assert.equal(validateIdempotencyKey('😀'.repeat(255))?.length, 510);
    assert.throws(() => validateIdempotencyKey('x'.repeat(256)), (e: ApiError) => e.code === 'invalid_idempotency_key');
  });
});
