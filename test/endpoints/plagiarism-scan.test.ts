/**
 * POST /api/plagiarism/scan/ (scanPlagiarism) over HTTP against the real server: the file to open first
 * for this endpoint. The scanner against PostgreSQL (import, offsets, web search) is tested in
 * integration/plagiarism.test.ts, the engine in unit/plagiarism.test.ts; the corpus routes in
 * endpoints/admin-sources.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PlagiarismResult } from '../../contract/schemas.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { createEngineRuntime, type EngineRuntime } from '../../server/runtime/engines.ts';
import type { EngineTask } from '../../server/runtime/engine-worker.ts';
import { assertError, refusesBadKeys } from '../helpers/endpoints.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const SOURCE =
  'The mitochondrion is a double-membrane-bound organelle found in most eukaryotic organisms. Mitochondria generate most of the cell\'s supply of adenosine triphosphate, which is used as a source of chemical energy. They were first discovered by Albert von Kölliker in 1857 in the voluntary muscles of insects. ' +
  'The term mitochondrion was coined by Carl Benda in 1898. The organelle is composed of compartments that carry out specialized functions, including the outer membrane, the intermembrane space, the inner membrane and the cristae.';

describe('POST /api/plagiarism/scan/', () => {
  let server: TestServer;
  /** The kinds of every task handed to the engine runtime (the real one, recorded on the way). */
  const engineTasks: EngineTask['kind'][] = [];
  before(async () => {
    const engines = createEngineRuntime({ threads: 1 });
    const recorded: EngineRuntime = { ...engines, run: (task) => (engineTasks.push(task.kind), engines.run(task)) };
    server = await startTestServer({ overrides: { engines: recorded } });
    const admin = (await server.account({ scopes: ['admin'] })).key;
    const res = await server.request('/api/admin/sources/', { method: 'POST', key: admin, json: { sources: [{ url: 'https://en.example.org/wiki/Mitochondrion', title: 'Mitochondrion', text: SOURCE }] } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });
  after(() => server.close());

  describe('happy path', () => {
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

    // How long the loop stalls is load-dependent (benchmarks measure it); what keeps it free is that
    // the scan's two CPU-heavy steps run as engine tasks, which the runtime never runs on this thread.
    test('issue 21.3: a 25,000-word plagiarism scan runs its CPU-heavy steps on the engine threads', async () => {
      const admin = await server.account({ scopes: ['admin', 'plagiarism_checker'] });
      // Varied prose from a seeded generator; the sources are passages of it, so the scan aligns them.
      const vocabulary = 'river mountain bright quickly system energy market forest ancient careful policy signal harbor winter garden lantern machine silver theory village'.split(' ');
      let seed = 11;
      const word = () => vocabulary[(seed = (seed * 1103515245 + 12345) & 0x7fffffff) % vocabulary.length];
      const sentences = Array.from({ length: 2_500 }, () => `The ${word()} ${word()} ${word()} near the ${word()} ${word()} was ${word()}.`);
      const content = sentences.join(' ');
      const sources = Array.from({ length: 8 }, (_, s) => ({ url: `https://example.org/source-${s}`, title: `Source ${s}`, text: sentences.slice(s * 300, s * 300 + 120).join(' ') }));
      const imported = await server.request('/api/admin/sources/', { method: 'POST', key: admin.key, json: { sources } });
      assert.equal(imported.status, 200, JSON.stringify(imported.body));
      engineTasks.length = 0;
      const scan = await server.request('/api/plagiarism/scan/', { method: 'POST', key: admin.key, json: { content } });
      assert.equal(scan.status, 200, JSON.stringify(scan.body).slice(0, 300));
      assert.ok(scan.body.sources.length > 0, 'the scan found none of the sources');
      assert.deepEqual(engineTasks, ['plagiarismQuery', 'plagiarismReport']);
    });
  });

  describe('errors', () => {
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

    test('a plagiarism scan with nothing to compare against: 409 no_sources saying how to add sources, nothing charged', async () => {
      const fresh = await startTestServer(); // an empty corpus: this file's server has sources
      try {
        const account = await fresh.account();
        const res = await fresh.request('/api/plagiarism/scan/', { method: 'POST', key: account.key, headers: { 'Idempotency-Key': 'fresh-install' }, json: { content: 'Four score and seven years ago our fathers brought forth on this continent, a new nation. It was conceived in Liberty.' } });
        assertError(res, 409, 'no_sources');
        assert.match(res.body.message, /npm run admin -- sources import/);
        assert.match(res.body.message, /PLAGIARISM_SEARXNG_URL/);
        assert.deepEqual(res.body.details, { sources: 0, web_search: false });
        const [ledger] = await fresh.services.db.query("select count(*)::int as n from credit_ledger where user_id = $1 and kind = 'charge'", [account.userId]);
        assert.equal(ledger.n, 0);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('security', () => {
    refusesBadKeys('scanPlagiarism', () => server);
  });
});
