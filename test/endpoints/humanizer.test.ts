/**
 * POST /api/humanizer/ (humanize) over HTTP against the real server: the file to open first for this
 * endpoint. The rewriting itself is tested in test/unit/humanize*.test.ts; rules every route shares in
 * integration/inputs.test.ts and integration/fuzz.test.ts; the job lifecycle in integration/jobs.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HumanizationAccepted, HumanizationResult } from '../../contract/schemas.ts';
import { assertError, detectorScore, refusesBadKeys } from '../helpers/endpoints.ts';
import { AI_TEXT, answersSyncPollAndCallback, startJobServer } from '../helpers/jobs.ts';
import type { TestServer } from '../helpers/server.ts';

describe('POST /api/humanizer/', () => {
  let server: TestServer;
  before(async () => {
    server = await startJobServer();
  });
  after(() => server.close());

  describe('happy path', () => {
    answersSyncPollAndCallback({ path: '/api/humanizer/', body: { content: AI_TEXT }, sync: HumanizationResult, accepted: HumanizationAccepted }, () => server);

    test("the humanizer reports the detector's score of the input and of the rewrite", async () => {
      const { key } = await server.account();
      const humanized = HumanizationResult.parse((await server.request('/api/humanizer/', { method: 'POST', key, json: { content: AI_TEXT } })).body);
      assert.equal(humanized.ai_score_before, await detectorScore(server, key, AI_TEXT));
      assert.equal(humanized.ai_score_after, await detectorScore(server, key, humanized.result));
      assert.notEqual(humanized.result, AI_TEXT);
    });
  });

  describe('errors', () => {
    test('too long for the endpoint → 400 with limit and actual, nothing charged', async () => {
      const account = await server.account();
      const res = await server.request('/api/humanizer/', { method: 'POST', key: account.key, json: { content: 'word '.repeat(2001) } });
      assertError(res, 400, 'max_words_exceeded');
      assert.deepEqual(res.body.details, { limit: 2000, actual: 2001 });
      const short = await server.request('/api/humanizer/', { method: 'POST', key: account.key, json: { content: 'word '.repeat(49), poll: true } });
      assertError(short, 400, 'min_words_not_met');
      const [ledger] = await server.services.db.query("select count(*)::int as n from credit_ledger where user_id = $1 and kind = 'charge'", [account.userId]);
      assert.equal(ledger.n, 0);
    });
  });

  describe('security', () => {
    refusesBadKeys('humanize', () => server);
  });
});
