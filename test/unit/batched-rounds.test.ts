import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { BatchedRounds, type Outcome } from '../../server/platform/batched-rounds.ts';

/** A round that answers each input with its double, rejects negative inputs, and records the groups it saw. */
function doubling(rounds: number[][][]) {
  return new BatchedRounds<number, number, number>(async (userId, inputs) => {
    (rounds[userId] ??= []).push(inputs);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return inputs.map((n): Outcome<number> => (n < 0 ? { ok: false, error: new Error(`negative ${n}`) } : { ok: true, value: 2 * n }));
  });
}

describe('BatchedRounds', () => {
  test('a lone request goes at once; requests arriving during a round go together in the next, in arrival order', async () => {
    const rounds: number[][][] = [];
    const batches = doubling(rounds);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => batches.submit(7, n)));
    assert.deepEqual(answers, [2, 4, 6, 8]);
    assert.deepEqual(rounds[7], [[1], [2, 3, 4]]);
  });

  test('each request gets its own answer or error; users do not wait for each other', async () => {
    const rounds: number[][][] = [];
    const batches = doubling(rounds);
    const results = await Promise.allSettled([batches.submit(1, 5), batches.submit(1, -1), batches.submit(1, 6), batches.submit(2, 9)]);
    assert.deepEqual(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)), [10, 'negative -1', 12, 18]);
    assert.deepEqual(rounds[1], [[5], [-1, 6]]);
    assert.deepEqual(rounds[2], [[9]]);
  });

  test('a round that throws rejects its whole group, and the next group still runs', async () => {
    let calls = 0;
    const batches = new BatchedRounds<number, number, number>(async (_userId, inputs) => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (calls === 2) throw new Error('database down');
      return inputs.map((n) => ({ ok: true as const, value: n }));
    });
    const first = batches.submit(1, 1);
    const second = [batches.submit(1, 2), batches.submit(1, 3)];
    assert.equal(await first, 1);
    for (const failed of await Promise.allSettled(second)) assert.equal(failed.status, 'rejected');
    assert.equal(await batches.submit(1, 4), 4);
  });

  test('property: every input is answered exactly once, in order within each user, whatever the interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: -5, max: 50 })), { maxLength: 40 }), async (requests) => {
        const rounds: number[][][] = [];
        const batches = doubling(rounds);
        const results = await Promise.allSettled(requests.map(([user, n]) => batches.submit(user, n)));
        results.forEach((result, i) => {
          const n = requests[i][1];
          if (n < 0) assert.equal(result.status, 'rejected');
          else assert.deepEqual(result, { status: 'fulfilled', value: 2 * n });
        });
        for (let user = 0; user <= 3; user++) {
          assert.deepEqual((rounds[user] ?? []).flat(), requests.filter(([u]) => u === user).map(([, n]) => n));
        }
      }),
      { numRuns: 30 },
    );
  });
});
