import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { createUser } from '../../server/platform/accounts.ts';
import { ChargeQueue } from '../../server/platform/credits.ts';
import { creditStatement, grantCredits, refundCharge, resetDueBillingPeriods, type ChargePart } from '../../server/platform/data/ledger.ts';
import type { ApiError } from '../../server/platform/errors.ts';
import { createTestDatabase } from '../helpers/database.ts';
import type { Database } from '../../server/db/database.ts';
import { Authenticator, createApiKey } from '../../server/platform/keys.ts';
import { hashSecret } from '../../server/platform/data/keys.ts';
import type { Scope } from '../../contract/catalogue.ts';

/** One request's charge on its own (a queue per call: no grouping with other calls). */
const chargeParts = (db: Database, userId: number, parts: ChargePart[], context: { requestId?: string }) => new ChargeQueue(db).charge(userId, parts, context);

describe('credits', () => {
  let db: Database;
  let n = 0;
  const user = async (plan = 'Free') => createUser(db, `credits${++n}@example.com`, plan);
  before(async () => {
    db = await createTestDatabase();
  });
  after(() => db.close());

  test('100 concurrent charges against a balance that covers some: never negative, each success charged once, ledger = balance', async () => {
    const u = await user('Free'); // 1,000 credits
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => chargeParts(db, u.id, [{ operation: 'test', amount: 30 }], { requestId: `r${i}` })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    assert.equal(ok.length, Math.floor(1000 / 30));
    for (const r of refused) assert.equal(((r as PromiseRejectedResult).reason as ApiError).code, 'insufficient_credits');
    const statement = await creditStatement(db, u.id, 1000);
    assert.equal(statement.balance, 1000 - 30 * ok.length);
    assert.equal(statement.ledgerSum, statement.balance);
    assert.equal(statement.entries.filter((e) => e.kind === 'charge').length, ok.length);
  });

  for (const payer of ['user', 'key'] as const) {
  test(`the charge queue by ${payer}: concurrent charges of one ${payer}, grouped, charge exactly what the balance covers, in arrival order`, async () => {
    const queue = new ChargeQueue(db);
    const auth = new Authenticator(db);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 40 }), async (amounts) => {
        const u = await user('Free'); // 1,000 credits
        const { key } = await createApiKey(db, { userId: u.id, name: 'k', scopes: ['ai_detector'], expiration: 'never' });
        const charge = (amount: number, i: number) =>
          payer === 'user'
            ? queue.charge(u.id, [{ operation: 'test', amount }], { requestId: `q${i}` })
            : queue.chargeByKey(auth.requestKey(key, ['ai_detector']), [{ operation: 'test', amount }], { requestId: `q${i}` }).then((paid) => paid.charges);
        const results = await Promise.allSettled(amounts.map(charge));
        // Arrival order decides: a request is charged exactly when the balance left by the ones before it covers it.
        let balance = 1000;
        results.forEach((result, i) => {
          if (balance >= amounts[i]) {
            balance -= amounts[i];
            assert.equal(result.status, 'fulfilled', `request ${i}`);
            const [charge] = (result as PromiseFulfilledResult<{ id: number; amount: number; balanceAfter: number }[]>).value;
            assert.equal(charge.amount, amounts[i]);
            assert.equal(charge.balanceAfter, balance);
          } else {
            assert.equal(result.status, 'rejected', `request ${i}`);
            assert.equal(((result as PromiseRejectedResult).reason as ApiError).code, 'insufficient_credits');
          }
        });
        const statement = await creditStatement(db, u.id, 100);
        assert.equal(statement.balance, balance);
        assert.equal(statement.ledgerSum, balance);
        const charged = statement.entries.filter((e) => e.kind === 'charge');
        assert.equal(charged.length, results.filter((r) => r.status === 'fulfilled').length);
        // Each ledger row names its own request and the balance right after it.
        for (const result of results) {
          if (result.status !== 'fulfilled') continue;
          const [charge] = result.value;
          const row = charged.find((e) => Number(e.id) === charge.id);
          assert.equal(row?.balance_after, charge.balanceAfter);
          assert.equal(row?.amount, -charge.amount);
        }
      }),
      { numRuns: 15 },
    );
  });
  }

  test('charging by key checks the key in the one charge statement; an unusable key or a short balance charges nothing and gets its own error', async () => {
    const u = await user('Free'); // 1,000 credits
    let statements = 0;
    const counting = { query: ((sql, params) => (statements++, db.query(sql, params))) as Database['query'] };
    const queue = new ChargeQueue(counting);
    const auth = new Authenticator(db);
    const keyOf = async (scopes: Scope[], expiration: '30d' | 'never' = 'never') => (await createApiKey(db, { userId: u.id, name: 'k', scopes, expiration })).key;
    // The Free plan allows one active key: the revoked and the expired one no longer count.
    const revoked = await keyOf(['ai_detector']);
    await db.query("update api_keys set status = 'Revoked' where key_hash = $1", [hashSecret(revoked)]);
    const expired = await keyOf(['ai_detector'], '30d');
    await db.query("update api_keys set expires_at = now() - interval '1 second' where key_hash = $1", [hashSecret(expired)]);
    const detectorKey = await keyOf(['ai_detector']);

    const requestKey = auth.requestKey(detectorKey, ['ai_detector']);
    const paid = await queue.chargeByKey(requestKey, [{ operation: 'test', amount: 40 }], { requestId: 'by-key' });
    assert.equal(statements, 1);
    assert.equal(paid.userId, u.id);
    assert.deepEqual(paid.charges.map((c) => [c.amount, c.balanceAfter]), [[40, 960]]);

    const refused = async (key: string, scopes: Scope[], amount: number) =>
      queue.chargeByKey(auth.requestKey(key, scopes), [{ operation: 'test', amount }], {}).then(() => 'charged', (e: ApiError) => [e.code, e.details]);
    assert.equal((await refused(`ci_${'B'.repeat(40)}`, ['ai_detector'], 10))[0], 'invalid_api_key');
    assert.equal((await refused(revoked, ['ai_detector'], 10))[0], 'api_key_revoked');
    assert.equal((await refused(expired, ['ai_detector'], 10))[0], 'api_key_expired');
    assert.equal((await refused(detectorKey, ['ai_detector', 'humanizer'], 10))[0], 'insufficient_scope');
    assert.deepEqual(await refused(detectorKey, ['ai_detector'], 5000), ['insufficient_credits', { credits: 960, required: 5000 }]);
    const statement = await creditStatement(db, u.id);
    assert.equal(statement.balance, 960);
    assert.equal(statement.ledgerSum, 960);
  });

  test('sync charges commit without waiting for the disk flush and are seen at once; everything else waits for it', async () => {
    const [unflushed] = await db.unflushed.query<{ synchronous_commit: string }>('show synchronous_commit');
    const [ordinary] = await db.query<{ synchronous_commit: string }>('show synchronous_commit');
    assert.deepEqual([unflushed.synchronous_commit, ordinary.synchronous_commit], ['off', 'on']);
    const u = await user('Free');
    const [charge] = await new ChargeQueue(db.unflushed).charge(u.id, [{ operation: 'test', amount: 40 }], { requestId: 'unflushed' });
    assert.equal((await creditStatement(db, u.id)).balance, 960);
    await refundCharge(db, u.id, charge, { operation: 'test' });
    const statement = await creditStatement(db, u.id);
    assert.equal(statement.balance, 1000);
    assert.equal(statement.ledgerSum, 1000);
  });

  test('a request in several parts is charged whole or not at all', async () => {
    const u = await user('Free');
    const parts = [{ operation: 'a', amount: 600 }, { operation: 'b', amount: 600 }];
    await assert.rejects(chargeParts(db, u.id, parts, {}), (e: ApiError) => e.code === 'insufficient_credits' && e.details?.required === 1200 && e.details?.credits === 1000);
    assert.equal((await creditStatement(db, u.id)).entries.filter((e) => e.kind === 'charge').length, 0);
    const charges = await chargeParts(db, u.id, [{ operation: 'a', amount: 300 }, { operation: 'b', amount: 200 }], { requestId: 'r' });
    assert.deepEqual(charges.map((c) => [c.amount, c.balanceAfter]), [[300, 700], [200, 500]]);
  });

  test('insufficient credits carries credits and required, and changes nothing', async () => {
    const u = await user('Free');
    await assert.rejects(chargeParts(db, u.id, [{ operation: 'test', amount: 5000 }], {}), (e: ApiError) => e.code === 'insufficient_credits' && e.details?.credits === 1000 && e.details?.required === 5000);
    assert.equal((await creditStatement(db, u.id)).balance, 1000);
  });

  test('a refund happens at most once, also when 20 race for it', async () => {
    const u = await user('Free');
    const [charge] = await chargeParts(db, u.id, [{ operation: 'test', amount: 100 }], {});
    const refunds = await Promise.all(Array.from({ length: 20 }, () => refundCharge(db, u.id, charge, { operation: 'refund' })));
    assert.equal(refunds.filter((r) => r !== undefined).length, 1);
    const statement = await creditStatement(db, u.id);
    assert.equal(statement.balance, 1000);
    assert.equal(statement.ledgerSum, 1000);
  });

  test('property: any sequence of charges, refunds and grants keeps ledger sum = balance ≥ 0', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('charge', 'refund', 'grant'), fc.integer({ min: 1, max: 700 })), { maxLength: 15 }), async (ops) => {
        const u = await user('Free');
        const charges: { id: number; amount: number }[] = [];
        for (const [op, amount] of ops) {
          if (op === 'charge') await chargeParts(db, u.id, [{ operation: 'p', amount }], {}).then(([c]) => charges.push(c), () => {});
          else if (op === 'grant') await grantCredits(db, u.id, amount, 'p');
          else if (charges.length) await refundCharge(db, u.id, charges[amount % charges.length], { operation: 'p' });
        }
        const statement = await creditStatement(db, u.id, 100);
        assert.ok(statement.balance >= 0);
        assert.equal(statement.ledgerSum, statement.balance);
      }),
      { numRuns: 25 },
    );
  });

  test('billing period reset sets the balance to the allotment, once per period', async () => {
    const u = await user('Trial');
    await chargeParts(db, u.id, [{ operation: 'test', amount: 2500 }], {});
    await db.query("update users set period_started_at = now() - interval '32 days' where id = $1", [u.id]);
    assert.ok((await resetDueBillingPeriods(db, new Date())) >= 1);
    assert.equal(await resetDueBillingPeriods(db, new Date()), 0);
    const statement = await creditStatement(db, u.id);
    assert.equal(statement.balance, 10_000);
    assert.equal(statement.ledgerSum, 10_000);
  });
});
