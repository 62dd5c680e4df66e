/**
 * POST /api/detector/ (detectText) over HTTP against the real server: the file to open first for this
 * endpoint. Rules every route shares are tested once elsewhere: refusals of all inputs
 * (integration/inputs.test.ts, integration/fuzz.test.ts), the job lifecycle (integration/jobs.test.ts),
 * operator model servers (integration/model-servers.test.ts), the SDK (e2e/sdk.test.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DetectionAccepted, DetectionResult } from '../../contract/schemas.ts';
import type { Queryable } from '../../server/db/database.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { assertError, refusesBadKeys } from '../helpers/endpoints.ts';
import { AI_TEXT, answersSyncPollAndCallback, startJobServer } from '../helpers/jobs.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('POST /api/detector/', () => {
  let server: TestServer;
  let key: string;
  before(async () => {
    server = await startJobServer();
    key = (await server.account()).key;
  });
  after(() => server.close());

  const post = (init: RequestInit & { json?: unknown }) => server.request('/api/detector/', { method: 'POST', key, ...init });

  describe('happy path', () => {
    answersSyncPollAndCallback({ path: '/api/detector/', body: { content: AI_TEXT }, sync: DetectionResult, accepted: DetectionAccepted }, () => server);

    test('a synchronous detector request costs one database statement: the charge that checks the key', async () => {
      // A server of its own without the worker, whose polling would share the counted pool.
      const quiet = await startTestServer();
      try {
        const { key } = await quiet.account();
        const statements: unknown[] = [];
        const restore = [quiet.services.db, quiet.services.db.unflushed].map((target: Queryable) => {
          const query = target.query;
          target.query = ((sql, params) => (statements.push(sql), query(sql, params))) as Queryable['query'];
          return () => (target.query = query);
        });
        try {
          const res = await quiet.request('/api/detector/', { method: 'POST', key, json: { content: 'One short sentence to score.' } });
          assert.equal(res.status, 200);
        } finally {
          for (const undo of restore) undo();
        }
        assert.deepEqual(statements.map((sql) => (sql as { name?: string }).name), ['debit-key-owner']);
      } finally {
        await quiet.close();
      }
    });
  });

  describe('errors', () => {
    test('malformed JSON → 400 invalid_payload', async () => {
      assertError(await post({ headers: { 'Content-Type': 'application/json' }, body: '{"content": ' }), 400, 'invalid_payload');
    });

    test('wrong types → 400 invalid_payload naming the field', async () => {
      const res = await post({ json: { content: 42 } });
      assertError(res, 400, 'invalid_payload');
      assert.match(res.body.message, /content/);
    });

    test('a JSON array or missing body → 400 invalid_payload', async () => {
      assertError(await post({ json: ['content'] }), 400, 'invalid_payload');
      assertError(await post({}), 400, 'invalid_payload');
    });

    test('a known field of the wrong type is refused, unknown fields or not', async () => {
      assertError(await post({ json: { content: 'word '.repeat(60), poll: 'yes' } }), 400, 'invalid_payload');
    });

    test('wrong content type → 415 unsupported_media_type', async () => {
      assertError(await post({ headers: { 'Content-Type': 'text/plain' }, body: 'content=hello' }), 415, 'unsupported_media_type');
    });

    test('oversized body → 413 payload_too_large', async () => {
      assertError(await post({ json: { content: 'a'.repeat(3 * 1024 * 1024) } }), 413, 'payload_too_large');
    });

    test('wrong method → 405 method_not_allowed', async () => {
      assertError(await server.request('/api/detector/', { method: 'GET', key }), 405, 'method_not_allowed');
    });

    test('bounds messages count in words a person reads: "1 word", never "at least 1 are needed"', async () => {
      const empty = await post({ json: { content: '   ' } });
      assertError(empty, 400, 'min_words_not_met');
      assert.equal(empty.body.message, 'content has 0 words; it needs at least 1 word.');
      assert.deepEqual(empty.body.details, { limit: 1, actual: 0 });
    });

    test('100 concurrent detector requests against a balance that covers some: each 200 charged once, the rest 403, ledger = balance ≥ 0', async () => {
      const { userId, key } = await server.account({ plan: 'Free' }); // 1,000 credits
      const content = 'word '.repeat(30).trim(); // 30 credits
      const responses = await Promise.all(Array.from({ length: 100 }, () => server.request('/api/detector/', { method: 'POST', key, json: { content } })));
      const ok = responses.filter((r) => r.status === 200);
      assert.equal(ok.length, Math.floor(1000 / 30));
      for (const r of responses.filter((r) => r.status !== 200)) {
        assert.equal(r.status, 403);
        assert.deepEqual([r.body.code, r.body.details.required], ['insufficient_credits', 30]);
      }
      const statement = await creditStatement(server.services.db, userId, 1000);
      assert.equal(statement.balance, 1000 - 30 * ok.length);
      assert.equal(statement.ledgerSum, statement.balance);
      // One charge row per answered request, named by its request id, with the balance it reported.
      const charges = statement.entries.filter((e) => e.kind === 'charge');
      assert.equal(charges.length, ok.length);
      for (const r of ok) {
        const row = charges.filter((e) => e.request_id === r.headers.get('x-request-id'));
        assert.equal(row.length, 1);
        assert.equal(row[0].balance_after, r.body.credits_remaining);
        assert.equal(r.body.user.id, userId);
      }
    });

    test('a synchronous engine failure is a 503 service_error and refunds the charge', async () => {
      const { key, userId } = await server.account();
      const before = (await creditStatement(server.services.db, userId)).balance;
      const res = await server.request('/api/detector/', { method: 'POST', key, json: { content: `FAIL_ME ${AI_TEXT}` } });
      assert.equal(res.status, 503);
      assert.equal(res.body.code, 'service_error');
      const statement = await creditStatement(server.services.db, userId);
      assert.equal(statement.balance, before);
      assert.equal(statement.ledgerSum, before);
    });
  });

  describe('security', () => {
    refusesBadKeys('detectText', () => server);

    test('callback_url to a private address is refused at request time when private callbacks are off', async () => {
      const strict = await startTestServer({ env: { ALLOW_PRIVATE_CALLBACKS: 'false' } });
      try {
        const { key, userId } = await strict.account();
        for (const url of ['http://127.0.0.1/hook', 'http://10.0.0.1/', 'http://[::1]/', 'http://2130706433/', 'ftp://example.com/', 'http://localhost:8080/', 'http://169.254.169.254/latest/meta-data/']) {
          const res = await strict.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, callback_url: url } });
          assert.equal(res.status, 400, url);
          assert.equal(res.body.code, 'invalid_payload');
        }
        assert.equal((await creditStatement(strict.services.db, userId)).entries.filter((e) => e.kind === 'charge').length, 0);
      } finally {
        await strict.close();
      }
    });
  });
});
