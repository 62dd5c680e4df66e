/**
 * POST /api/grammar/correct/ (correctGrammar) over HTTP against the real server: the file to open first
 * for this endpoint. The rules themselves are tested in test/unit/grammar-*.test.ts; idempotency records
 * in integration/idempotency.test.ts; rules every route shares in integration/inputs.test.ts and
 * integration/fuzz.test.ts; the first request after warm-up in integration/warm-up.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ErrorBody, GrammarResult } from '../../contract/schemas.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { assertError, NUL_TEXT, refusesBadKeys, SURROGATE_TEXT } from '../helpers/endpoints.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('POST /api/grammar/correct/', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  describe('happy path', () => {
    test('grammar: corrections with a complete diff; charged input_words; bounds refuse before charging', async () => {
      const { key, userId } = await server.account();
      const content = 'She go to school every day and she like it very much.';
      const res = await server.request('/api/grammar/correct/', { method: 'POST', key, json: { content } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const body = GrammarResult.parse(res.body);
      assert.equal(body.edits_count, body.diff.length);
      assert.equal(body.input_words, 12);
      assert.equal(body.word_count, 12);
      assert.equal(body.changed, body.diff.length > 0);
      // The diff applied to the input (code points) gives the corrected text.
      const chars = [...content];
      let out = '';
      let at = 0;
      for (const op of body.diff) {
        out += chars.slice(at, op.start).join('') + op.corrected;
        assert.equal(chars.slice(op.start, op.end).join(''), op.original);
        at = op.end;
      }
      assert.equal(out + chars.slice(at).join(''), body.corrected_text);
      assert.equal((await creditStatement(server.services.db, userId)).balance, body.credits_remaining);

      const short = await server.request('/api/grammar/correct/', { method: 'POST', key, json: { content: 'Too few words.' } });
      assert.equal(short.body.code, 'min_words_not_met');
      assert.deepEqual(short.body.details, { limit: 5, actual: 3 });
      const long = await server.request('/api/grammar/correct/', { method: 'POST', key, json: { content: 'x'.repeat(75_001) } });
      assert.equal(long.body.code, 'invalid_payload');
    });

    test('grammar idempotency: replay without a second charge, 409 on other text, 400 on a long key', async () => {
      const { key, userId } = await server.account();
      const headers = { 'Idempotency-Key': 'order-42' };
      const first = await server.request('/api/grammar/correct/', { method: 'POST', key, headers, json: { content: 'This are a test of the system.' } });
      const second = await server.request('/api/grammar/correct/', { method: 'POST', key, headers, json: { content: 'This are a test of the system.' } });
      assert.equal(second.status, 200);
      assert.equal(second.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(second.body, first.body);
      assert.equal((await creditStatement(server.services.db, userId)).entries.filter((e) => e.kind === 'charge').length, 1);
      const reuse = await server.request('/api/grammar/correct/', { method: 'POST', key, headers, json: { content: 'Another text entirely, my dear friends.' } });
      assert.equal(reuse.status, 409);
      assert.equal(reuse.body.code, 'idempotency_key_reuse');
      const bad = await server.request('/api/grammar/correct/', { method: 'POST', key, headers: { 'Idempotency-Key': 'k'.repeat(256) }, json: { content: 'This are a test of the system.' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.code, 'invalid_idempotency_key');
    });

    test('grammar: concurrent duplicates with one key are charged once', async () => {
      const { key, userId } = await server.account();
      const results = await Promise.all(Array.from({ length: 4 }, () => server.request('/api/grammar/correct/', { method: 'POST', key, headers: { 'Idempotency-Key': 'dup' }, json: { content: 'We was late for the meeting yesterday.' } })));
      assert.ok(results.every((r) => r.status === 200));
      assert.equal((await creditStatement(server.services.db, userId)).entries.filter((e) => e.kind === 'charge').length, 1);
    });
  });

  describe('errors', () => {
    test('an unknown target_variant → 400 invalid_payload', async () => {
      const { key } = await server.account();
      assertError(await server.request('/api/grammar/correct/', { method: 'POST', key, json: { content: 'one two three four five', target_variant: 'en-XX' } }), 400, 'invalid_payload');
    });

    test('bounds messages count in words a person reads: "1 word", "5 words"', async () => {
      const { key } = await server.account();
      const one = await server.request('/api/grammar/correct/', { method: 'POST', key, json: { content: 'Hello.' } });
      assert.equal(one.body.message, 'content has 1 word; it needs at least 5 words.');
    });

    test('issue 21.1: with an Idempotency-Key and NUL or a lone surrogate: 400 invalid_payload, nothing charged, retries too', async () => {
      const { key, userId } = await server.account();
      const before = (await creditStatement(server.services.db, userId)).balance;
      for (const content of [NUL_TEXT, SURROGATE_TEXT]) {
        for (const headers of [{ 'Idempotency-Key': 'k1' }, {}, { 'Idempotency-Key': 'k1' }] as Record<string, string>[]) {
          const res = await server.request('/api/grammar/correct/', { method: 'POST', key, headers, json: { content } });
          assert.equal(res.status, 400, JSON.stringify(res.body));
          assert.equal(ErrorBody.parse(res.body).code, 'invalid_payload');
          assert.match(res.body.message, /U\+0000|surrogate/);
        }
      }
      const statement = await creditStatement(server.services.db, userId);
      assert.equal(statement.balance, before);
      assert.equal(statement.entries.filter((e) => e.kind === 'charge').length, 0);
    });
  });

  describe('security', () => {
    refusesBadKeys('correctGrammar', () => server);
  });
});
