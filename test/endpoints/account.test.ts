/**
 * GET /api/account/ (getAccount) over HTTP against the real server: the file to open first for this
 * endpoint. The portal's usage page agreeing with it is in integration/portal.test.ts; the SDK's call in
 * e2e/sdk.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AccountInfo } from '../../contract/schemas.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { assertError, refusesBadKeys } from '../helpers/endpoints.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('GET /api/account/', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  describe('happy path', () => {
    test("the key's owner: plan, balance after a charge, the period, the plan's limits and the usage per service", async () => {
      const { key, userId } = await server.account({ plan: '1M' });
      const detect = await server.request('/api/detector/', { method: 'POST', key, json: { content: 'The committee reviewed the proposal on Monday.' } });
      assert.equal(detect.status, 200);
      const res = await server.request('/api/account/', { key });
      assert.equal(res.status, 200);
      const account = AccountInfo.parse(res.body);
      assert.equal(account.user_id, userId);
      assert.equal(account.plan, '1M');
      assert.equal(account.credits_remaining, (await creditStatement(server.services.db, userId)).balance);
      assert.equal(account.credits_remaining, detect.body.credits_remaining);
      assert.equal(account.usage.detector, detect.body.word_count);
      assert.equal(account.usage.grammar, 0);
      assert.equal(account.limits.max_active_keys, 5);
      assert.ok(Date.parse(account.period_end) > Date.parse(account.period_start));
    });
  });

  describe('errors', () => {
    test('a method other than GET → 405 method_not_allowed', async () => {
      const { key } = await server.account();
      assertError(await server.request('/api/account/', { method: 'POST', key, json: {} }), 405, 'method_not_allowed');
    });
  });

  describe('security', () => {
    refusesBadKeys('getAccount', () => server);
  });
});
