import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { GrammarResult, PlagiarismResult } from '../../contract/schemas.ts';
import { creditStatement } from '../../server/platform/credits.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const SOURCE =
  'The mitochondrion is a double-membrane-bound organelle found in most eukaryotic organisms. Mitochondria generate most of the cell\'s supply of adenosine triphosphate, which is used as a source of chemical energy. They were first discovered by Albert von Kölliker in 1857 in the voluntary muscles of insects. ' +
  'The term mitochondrion was coined by Carl Benda in 1898. The organelle is composed of compartments that carry out specialized functions, including the outer membrane, the intermembrane space, the inner membrane and the cristae.';

describe('grammar and plagiarism over HTTP', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startTestServer();
    admin = (await server.account({ scopes: ['admin'] })).key;
    const res = await server.request('/api/admin/sources/', { method: 'POST', key: admin, json: { sources: [{ url: 'https://en.example.org/wiki/Mitochondrion', title: 'Mitochondrion', text: SOURCE }] } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });
  after(() => server.close());

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

  test('plagiarism: a copied passage is found with code-point ranges; flat 2 credits', async () => {
    const { key, userId } = await server.account();
    const copied = SOURCE.slice(0, 300);
    const content = `😀 My essay. ${copied} That is all I wanted to say about the topic today, thank you for reading.`;
    const res = await server.request('/api/plagiarism/scan/', { method: 'POST', key, json: { content } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const body = PlagiarismResult.parse(res.body);
    assert.equal(body.sources[0].url, 'https://en.example.org/wiki/Mitochondrion');
    assert.notEqual(body.verdict, 'original');
    // matched_percentage is a percent (0 to 100), as documented: the copy is most of the text.
    const words = content.split(/\s+/).length;
    const copiedShare = (copied.split(/\s+/).length / words) * 100;
    assert.ok(body.sources[0].matched_percentage > 1 && Math.abs(body.sources[0].matched_percentage - copiedShare) < 25, `matched_percentage ${body.sources[0].matched_percentage}, copied share ${copiedShare}`);
    const start = [...content].indexOf('T', 12); // the copied text starts after "😀 My essay. "
    const h = body.highlights[0];
    assert.ok(Math.abs(h.start - start) <= 2, `highlight starts at ${h.start}, copy at ${start}`);
    assert.equal((await creditStatement(server.services.db, userId)).balance, body.credits_remaining);
    const charges = (await creditStatement(server.services.db, userId)).entries.filter((e) => e.kind === 'charge');
    assert.deepEqual(charges.map((c) => c.amount), [-2]);
  });

  test('plagiarism: under 50 characters is invalid_payload; no complete sentences is insufficient_content; neither is charged', async () => {
    const { key, userId } = await server.account();
    const short = await server.request('/api/plagiarism/scan/', { method: 'POST', key, json: { content: 'Too short to scan.' } });
    assert.equal(short.body.code, 'invalid_payload');
    const fragments = await server.request('/api/plagiarism/scan/', { method: 'POST', key, json: { content: 'apple banana cherry date elderberry fig grape honeydew kiwi lemon mango' } });
    assert.equal(fragments.status, 400, JSON.stringify(fragments.body));
    assert.equal(fragments.body.code, 'insufficient_content');
    const statement = await creditStatement(server.services.db, userId);
    assert.equal(statement.balance, statement.ledgerSum);
    assert.equal(statement.entries.filter((e) => e.kind === 'charge').length, 0);
  });

  test('admin sources: list and delete over HTTP', async () => {
    const list = await server.request('/api/admin/sources/?limit=10', { key: admin });
    assert.equal(list.body.total, 1);
    assert.equal(list.body.sources[0].domain, 'en.example.org');
    const del = await server.request(`/api/admin/sources/?url=${encodeURIComponent('https://nowhere.example/')}`, { method: 'DELETE', key: admin });
    assert.equal(del.body.deleted, false);
  });
});
