/**
 * POST /api/batches/, GET and DELETE /api/batches/{batch_id}/ (createBatch, getBatch, cancelBatch) over
 * HTTP against the real server with its worker: the file to open first for batches. The batch
 * lifecycle (exact ledger of 100 items, fairness between accounts, cancel, webhook, crash safety) is in
 * integration/batches.test.ts.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { BatchAccepted, BatchCancelled, BatchStatus, DetectionResult, GrammarResult } from '../../contract/schemas.ts';
import { ChargeQueue } from '../../server/platform/credits.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { assertError, NUL_TEXT, refusesBadKeys, UNKNOWN_TASK_ID } from '../helpers/endpoints.ts';
import { AI_TEXT, finishedBatch, startJobServer } from '../helpers/jobs.ts';
import type { TestServer } from '../helpers/server.ts';

describe('/api/batches/', () => {
  let server: TestServer;
  before(async () => {
    server = await startJobServer();
  });
  after(() => server.close());

  describe('happy path', () => {
    test('a detector batch: 202 with the credits held, then every item in order with its ref and the single request\'s body', async () => {
      const { key, userId } = await server.account();
      const before = (await creditStatement(server.services.db, userId)).balance;
      const items = [{ content: AI_TEXT, ref: 'first' }, { content: 'A short human note about lunch.' }, { content: AI_TEXT.slice(0, 120), ref: 'third' }];
      const res = await server.request('/api/batches/', { method: 'POST', key, json: { service: 'detector', items } });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      const accepted = BatchAccepted.parse(res.body);
      assert.equal(accepted.item_count, 3);
      assert.equal(accepted.credits_remaining, before - accepted.credits_held);
      assert.equal(accepted.credits_remaining, (await creditStatement(server.services.db, userId)).balance);

      const batch = await finishedBatch(server, key, accepted.batch_id);
      assert.equal(batch.status, 'completed');
      assert.deepEqual(batch.counts, { queued: 0, running: 0, succeeded: 3, failed: 0, cancelled: 0 });
      assert.deepEqual(batch.items.map((i) => [i.index, i.ref, i.status]), [[0, 'first', 'succeeded'], [1, null, 'succeeded'], [2, 'third', 'succeeded']]);
      const words = batch.items.map((i) => DetectionResult.parse(i.result).word_count);
      assert.deepEqual(batch.items.map((i) => DetectionResult.parse(i.result).task_id), [null, null, null]);
      assert.equal(accepted.credits_held, words.reduce((a, b) => a + b, 0));
      assert.equal(batch.credits_charged, accepted.credits_held);
      assert.equal(batch.credits_refunded, 0);
      assert.equal(batch.next_cursor, null);
      // The result is what the single synchronous request returns, but for its time and balance.
      const single = DetectionResult.parse((await server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT } })).body);
      assert.equal(DetectionResult.parse(batch.items[0].result).ai_score, single.ai_score);
    });

    test('a grammar batch applies its target_variant to every item; results are GrammarResult bodies', async () => {
      const { key } = await server.account();
      const res = await server.request('/api/batches/', { method: 'POST', key, json: { service: 'grammar', target_variant: 'en-US', items: [{ content: 'She go to school every days.' }, { content: 'The colour of the sea was grey today.' }] } });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      const batch = await finishedBatch(server, key, res.body.batch_id);
      const [first, second] = batch.items.map((i) => GrammarResult.parse(i.result));
      assert.equal(first.corrected_text, 'She goes to school every day.');
      assert.match(second.corrected_text, /color/);
    });

    test('items come in pages: 25 by default, then the rest with cursor = next_cursor; limit sets the page size', async () => {
      const { key } = await server.account();
      const items = Array.from({ length: 30 }, (_, i) => ({ content: `Note number ${i} about the weather.`, ref: `r${i}` }));
      const res = await server.request('/api/batches/', { method: 'POST', key, json: { service: 'detector', items } });
      const first = await finishedBatch(server, key, res.body.batch_id);
      assert.equal(first.items.length, 25);
      assert.equal(first.next_cursor, '25');
      const rest = BatchStatus.parse((await server.request(`/api/batches/${res.body.batch_id}/?cursor=${first.next_cursor}`, { key })).body);
      assert.deepEqual(rest.items.map((i) => i.ref), ['r25', 'r26', 'r27', 'r28', 'r29']);
      assert.equal(rest.next_cursor, null);
      const small = BatchStatus.parse((await server.request(`/api/batches/${res.body.batch_id}/?limit=10&cursor=20`, { key })).body);
      assert.deepEqual(small.items.map((i) => i.index), [20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
      assert.equal(small.next_cursor, null);
    });

    test('url items are fetched and read at acceptance, priced by their text; a url that cannot be read refuses the batch, listed, nothing charged', async () => {
      const pages = http.createServer((req, res) => {
        if (req.url === '/essay.txt') {
          res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end(AI_TEXT);
        } else {
          res.writeHead(404);
          res.end();
        }
      });
      await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r));
      const base = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
      try {
        const { key, userId } = await server.account();
        const res = await server.request('/api/batches/', { method: 'POST', key, json: { service: 'detector', items: [{ url: `${base}/essay.txt`, ref: 'web' }, { content: AI_TEXT, ref: 'inline' }] } });
        assert.equal(res.status, 202, JSON.stringify(res.body));
        const batch = await finishedBatch(server, key, res.body.batch_id);
        const [web, inline] = batch.items.map((i) => DetectionResult.parse(i.result));
        assert.equal(web.word_count, inline.word_count);
        assert.equal(web.ai_score, inline.ai_score);
        assert.equal(res.body.credits_held, 2 * inline.word_count);

        const before = (await creditStatement(server.services.db, userId)).balance;
        const refused = await server.request('/api/batches/', { method: 'POST', key, json: { service: 'detector', items: [{ content: AI_TEXT }, { url: `${base}/gone.txt`, ref: 'gone' }, { content: AI_TEXT, url: `${base}/essay.txt`, ref: 'both' }] } });
        assertError(refused, 400, 'invalid_payload');
        assert.deepEqual(refused.body.details.items.map((i: { index: number; ref: string; code: string }) => [i.index, i.ref, i.code]), [[1, 'gone', 'remote_error'], [2, 'both', 'invalid_payload']]);
        assert.equal((await creditStatement(server.services.db, userId)).balance, before);
      } finally {
        await new Promise((r) => pages.close(r));
      }
    });

    test('Idempotency-Key: the same batch again answers the first 202 (one batch, charged once); another batch with the key is 409', async () => {
      const { key, userId } = await server.account();
      const json = { service: 'detector', items: [{ content: AI_TEXT }] };
      const headers = { 'Idempotency-Key': 'batch-key-1' };
      const first = await server.request('/api/batches/', { method: 'POST', key, json, headers });
      const again = await server.request('/api/batches/', { method: 'POST', key, json, headers });
      assert.equal(again.status, 202);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(again.body, first.body);
      const [{ batches }] = await server.services.db.query('select count(*)::int as batches from batches where user_id = $1', [userId]);
      assert.equal(batches, 1);
      const other = await server.request('/api/batches/', { method: 'POST', key, json: { ...json, items: [{ content: 'Something else entirely.' }] }, headers });
      assertError(other, 409, 'idempotency_key_reuse');
    });

    test('DELETE of a finished batch cancels nothing and answers its summary', async () => {
      const { key } = await server.account();
      const res = await server.request('/api/batches/', { method: 'POST', key, json: { service: 'detector', items: [{ content: AI_TEXT }] } });
      await finishedBatch(server, key, res.body.batch_id);
      const cancel = await server.request(`/api/batches/${res.body.batch_id}/`, { method: 'DELETE', key });
      assert.equal(cancel.status, 200);
      const body = BatchCancelled.parse(cancel.body);
      assert.equal(body.cancelled_items, 0);
      assert.equal(body.status, 'completed');
    });
  });

  describe('errors', () => {
    test('3 invalid items among 50: the batch is refused whole, those 3 listed in details.items, nothing charged or queued', async () => {
      const { key, userId } = await server.account();
      const before = await creditStatement(server.services.db, userId);
      const items = Array.from({ length: 50 }, (_, i) => ({ content: `Valid text number ${i} for the humanizer. ${AI_TEXT}`, ref: `essay-${i}` }));
      items[7] = { content: 'Far too short to humanize.', ref: 'essay-7' };
      items[20] = { content: 'word '.repeat(2_001), ref: 'essay-20' };
      items[41] = { content: 'Short again.', ref: 'essay-41' };
      const res = await server.request('/api/batches/', { method: 'POST', key, json: { service: 'humanizer', items } });
      assertError(res, 400, 'invalid_payload');
      assert.deepEqual(res.body.details.items.map((i: { index: number; ref: string; code: string }) => [i.index, i.ref, i.code]), [[7, 'essay-7', 'min_words_not_met'], [20, 'essay-20', 'max_words_exceeded'], [41, 'essay-41', 'min_words_not_met']]);
      for (const item of res.body.details.items) assert.ok(item.message.length > 0);
      assert.match(res.body.message, /^3 of 50 items are invalid/);
      const after = await creditStatement(server.services.db, userId);
      assert.equal(after.balance, before.balance);
      assert.equal(after.entries.length, before.entries.length);
      assert.equal((await server.services.db.query('select 1 from batches where user_id = $1', [userId])).length, 0);
    });

    test('a batch costing more than the balance is 403 insufficient_credits naming the total and the balance; nothing charged', async () => {
      const { key, userId } = await server.account();
      const balance = 500;
      await new ChargeQueue(server.services.db).charge(userId, [{ operation: 'test', amount: (await creditStatement(server.services.db, userId)).balance - balance }], {});
      const words = 63; // AI_TEXT
      const count = 8; // 504 credits
      const res = await server.request('/api/batches/', { method: 'POST', key, json: { service: 'detector', items: Array.from({ length: count }, () => ({ content: AI_TEXT })) } });
      assertError(res, 403, 'insufficient_credits');
      assert.equal(res.body.details.required, count * words);
      assert.equal(res.body.details.credits, balance);
      assert.ok(res.body.message.includes(String(count * words)) && res.body.message.includes(String(balance)), res.body.message);
      assert.equal((await creditStatement(server.services.db, userId)).balance, balance);
      assert.equal((await server.services.db.query('select 1 from batches where user_id = $1', [userId])).length, 0);
    });

    test('malformed batches are 400 invalid_payload: no items, 101 items, an unknown service, a missing option, NUL in an item, a long ref', async () => {
      const { key } = await server.account();
      const item = { content: 'A fine text.' };
      for (const json of [
        { service: 'detector', items: [] },
        { service: 'detector', items: Array.from({ length: 101 }, () => item) },
        { service: 'translator', items: [item] },
        { service: 'detect-and-humanize', items: [item] },
        { service: 'detector', items: [{ content: NUL_TEXT }] },
        { service: 'detector', items: [{ content: 'A fine text.', ref: 'r'.repeat(201) }] },
        { items: [item] },
      ]) {
        assertError(await server.request('/api/batches/', { method: 'POST', key, json }), 400, 'invalid_payload');
      }
    });

    test('a JSON batch may be up to 16 MB (not the 2 MB of a single request); over it is 413 payload_too_large', async () => {
      const { key } = await server.account();
      // 3 MB: read, then refused by the humanizer's bounds (the item listed), not by the body's size.
      const large = await server.request('/api/batches/', { method: 'POST', key, json: { service: 'humanizer', items: [{ content: 'word '.repeat(600_000), ref: 'large' }] } });
      assertError(large, 400, 'invalid_payload');
      assert.deepEqual(large.body.details.items.map((i: { index: number; ref: string }) => [i.index, i.ref]), [[0, 'large']]);
      assertError(await server.request('/api/batches/', { method: 'POST', key, json: { service: 'detector', items: [{ content: 'x'.repeat(17 * 2 ** 20) }] } }), 413, 'payload_too_large');
    });

    test('GET: an unknown or malformed batch_id is 404; a cursor that is not one is 400', async () => {
      const { key } = await server.account();
      assertError(await server.request(`/api/batches/${UNKNOWN_TASK_ID}/`, { key }), 404, 'not_found');
      assertError(await server.request('/api/batches/not-a-batch/', { key }), 404, 'not_found');
      assertError(await server.request(`/api/batches/${UNKNOWN_TASK_ID}/`, { method: 'DELETE', key }), 404, 'not_found');
      const res = await server.request('/api/batches/', { method: 'POST', key, json: { service: 'detector', items: [{ content: AI_TEXT }] } });
      assertError(await server.request(`/api/batches/${res.body.batch_id}/?cursor=abc`, { key }), 400, 'invalid_payload');
      assertError(await server.request(`/api/batches/${res.body.batch_id}/?limit=0`, { key }), 400, 'invalid_payload');
    });
  });

  describe('security', () => {
    refusesBadKeys('createBatch', () => server);
    refusesBadKeys('getBatch', () => server);
    refusesBadKeys('cancelBatch', () => server);

    test('a batch needs its service\'s scopes: a grammar-only key gets 403 insufficient_scope for a detector batch, nothing charged', async () => {
      const { key, userId } = await server.account({ scopes: ['grammar_checker'] });
      const before = (await creditStatement(server.services.db, userId)).balance;
      const res = await server.request('/api/batches/', { method: 'POST', key, json: { service: 'detect-and-humanize', detection_threshold: 0.5, items: [{ content: AI_TEXT }] } });
      assertError(res, 403, 'insufficient_scope');
      assert.deepEqual(res.body.details.required, ['humanizer', 'ai_detector']);
      assert.equal((await creditStatement(server.services.db, userId)).balance, before);
      assert.equal((await server.request('/api/batches/', { method: 'POST', key, json: { service: 'grammar', items: [{ content: 'She go to school every days.' }] } })).status, 202);
    });

    test('another account\'s batch is 404 to read and to cancel, and is not cancelled', async () => {
      const owner = await server.account();
      const other = await server.account();
      const res = await server.request('/api/batches/', { method: 'POST', key: owner.key, json: { service: 'detector', items: [{ content: AI_TEXT }] } });
      assertError(await server.request(`/api/batches/${res.body.batch_id}/`, { key: other.key }), 404, 'not_found');
      assertError(await server.request(`/api/batches/${res.body.batch_id}/`, { method: 'DELETE', key: other.key }), 404, 'not_found');
      const batch = await finishedBatch(server, owner.key, res.body.batch_id);
      assert.equal(batch.status, 'completed');
    });
  });
});
