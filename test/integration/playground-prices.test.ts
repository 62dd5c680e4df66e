/**
 * The playground is a client of the API: a price changed in the catalogue (in-process) is what the
 * API (synchronous and async) and the portal playground both charge, with no second copy to update.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PRICES, PUBLIC_SCOPES } from '../../contract/catalogue.ts';
import { balanceOf } from '../../server/platform/data/ledger.ts';
import { createApiKey } from '../../server/platform/keys.ts';
import { portalUser, signIn } from '../helpers/portal.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const SEVEN_WORDS = 'One sentence here. And another one there.';
const SIX_WORDS = 'She go to school every days.';

test('a price changed in the catalogue is charged by the API and by the playground alike', async () => {
  const user = await portalUser(server, '1M');
  const { key } = await createApiKey(server.services.db, { userId: user.userId, name: 'prices', scopes: [...PUBLIC_SCOPES], expiration: 'never' });
  const session = await signIn(server, user.email, user.password);
  const spent = async (call: () => Promise<{ status: number }>) => {
    const before = await balanceOf(server.services.db, user.userId);
    const res = await call();
    assert.ok(res.status === 200 || res.status === 202, `status ${res.status}`);
    return before - (await balanceOf(server.services.db, user.userId));
  };
  const prices = structuredClone(PRICES);
  try {
    PRICES.perWord.detectText = 3;
    PRICES.perWord.correctGrammar = 5;
    assert.equal(await spent(() => server.request('/api/detector/', { method: 'POST', key, json: { content: SEVEN_WORDS } })), 21);
    assert.equal(await spent(() => server.request('/api/detector/', { method: 'POST', key, json: { content: SEVEN_WORDS, poll: true } })), 21);
    assert.equal(await spent(() => session.request('/portal/api/playground/detector/', { json: { content: SEVEN_WORDS } })), 21);
    assert.equal(await spent(() => server.request('/api/grammar/correct/', { method: 'POST', key, json: { content: SIX_WORDS } })), 30);
    assert.equal(await spent(() => session.request('/portal/api/playground/grammar/', { json: { content: SIX_WORDS } })), 30);
  } finally {
    Object.assign(PRICES, prices);
  }
  // And back: the catalogue's price again, everywhere.
  assert.equal(await spent(() => session.request('/portal/api/playground/detector/', { json: { content: SEVEN_WORDS } })), 7 * PRICES.perWord.detectText);
});
