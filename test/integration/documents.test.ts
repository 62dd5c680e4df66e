/**
 * Documents and web pages in, over HTTP, on every text route: a multipart `file` or a JSON `url`
 * instead of `content`; the answer the same text would get plus `document`, with the page (PDF)
 * and paragraph of every sentence, edit and match; each refusal its own declared error, charged
 * nothing; no upload left on disk; URLs fetched through the outbound guard.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { grammarCharges, textCharges } from '../../contract/catalogue.ts';
import { DetectionAccepted, DetectionResult, GrammarResult, PlagiarismResult } from '../../contract/schemas.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { encryptedPdf, imageOnlyPdf, makeDocx, makeOdt, makePdf, truncatedPdf, zipBombDocx } from '../helpers/documents.ts';
import { assertError } from '../helpers/endpoints.ts';
import { pollJob, startJobServer } from '../helpers/jobs.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const PAGES = [
  ['The committee met on Monday to review the annual budget.', 'Several members asked for more detail on travel costs.', 'The chair agreed to circulate a revised summary.'],
  ['Photosynthesis converts light energy into chemical energy in plants.', 'Chlorophyll absorbs mostly blue and red wavelengths of light.', 'The process releases oxygen as a by-product into the air.', 'Glucose made in the leaves feeds the growth of the plant.'],
  ['The final page closes the report with a short conclusion.', 'Questions may be sent to the secretary before Friday.'],
];
/** The page each sentence is on. */
const pageOf = (sentence: string) => PAGES.findIndex((lines) => lines.some((line) => line.startsWith(sentence.slice(0, 30)))) + 1;

/** A multipart body: the file and form fields. */
function form(file: Buffer | undefined, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  if (file) body.append('file', new Blob([new Uint8Array(file)]), 'upload.bin');
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

/** A loopback site (127.0.0.1 unless another loopback address is given): each path its own handler. */
async function site(routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>, host = '127.0.0.1') {
  const server = http.createServer((req, res) => (routes[req.url ?? ''] ?? ((_q, r) => r.writeHead(404).end('missing')))(req, res));
  server.listen(0, host);
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://${host}:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))) };
}

const ARTICLE = `<!doctype html><html><head><title>Budget news</title></head><body><nav><a href="/">Home</a> <a href="/contact">Contact the newsroom</a></nav>
<article><h1>Budget news</h1>${PAGES.flat().map((s) => `<p>${s} It was reported in the local paper and discussed at length by the members present.</p>`).join('')}</article>
<footer>All rights reserved by the newsroom footer.</footer></body></html>`;

describe('documents in: file and url on the text routes', () => {
  let server: TestServer;
  let key: string;
  let userId: number;
  let uploads: string;
  let remote: Awaited<ReturnType<typeof site>>;
  let pdf: Buffer;
  before(async () => {
    uploads = mkdtempSync(path.join(os.tmpdir(), 'docs-uploads-'));
    server = await startJobServer({ env: { UPLOAD_DIR: uploads } });
    ({ key, userId } = await server.account());
    pdf = await makePdf(PAGES.map((lines) => ({ lines })), { title: 'Annual report' });
    const forever = (_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'a ');
      const pump = () => {
        while (res.write(chunk));
        res.once('drain', pump);
      };
      pump();
      res.on('close', () => res.removeAllListeners('drain'));
    };
    remote = await site({
      '/article.html': (_q, r) => r.writeHead(200, { 'Content-Type': 'text/html' }).end(ARTICLE),
      '/report.pdf': (_q, r) => r.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(pdf),
      '/moved': (_q, r) => r.writeHead(302, { Location: '/article.html' }).end(),
      '/to-metadata': (_q, r) => r.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/loop': (_q, r) => r.writeHead(302, { Location: '/loop' }).end(),
      '/gone': (_q, r) => r.writeHead(410).end('gone'),
      '/forever': forever,
    });
  });
  after(async () => {
    await remote.close();
    await server.close();
  });

  const post = (route: string, body: FormData | Record<string, unknown>) => server.request(route, { method: 'POST', key, ...(body instanceof FormData ? { body } : { json: body }) });
  const balance = async () => (await creditStatement(server.services.db, userId)).balance;

  describe('the answer says where', () => {
    test('detector, PDF upload: the result of its text, document, and every sentence with the page it is on', async () => {
      const before = await balance();
      const res = await post('/api/detector/', form(pdf));
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const body = DetectionResult.parse(res.body);
      assert.deepEqual({ ...body.document, text: undefined }, { type: 'pdf', title: 'Annual report', pages: 3, words: countWords(body.document!.text), characters: [...body.document!.text].length, url: null, text: undefined });
      assert.equal(body.items.length, PAGES.flat().length);
      for (const item of body.items) assert.equal(item.page, pageOf(item.text), item.text);
      const paragraphs = body.items.map((i) => i.paragraph!);
      assert.equal(paragraphs[0], 0);
      assert.ok(paragraphs.every((p, i) => i === 0 || p >= paragraphs[i - 1]), 'paragraphs in order');
      assert.equal(new Set(paragraphs).size, body.document!.text.split('\n\n').length);
      // Charged exactly as its text would be.
      const same = await post('/api/detector/', { content: body.document!.text });
      assert.equal(same.body.ai_score, body.ai_score);
      assert.equal(same.body.items.length, body.items.length);
      assert.equal(same.body.document, undefined);
      assert.equal(same.body.items[0].page, undefined);
      const price = textCharges('detectText', body.word_count).reduce((sum, c) => sum + c.amount, 0);
      assert.equal(before - (await balance()), 2 * price);
    });

    test('grammar, DOCX upload with form fields: edits carry their paragraph; ODT too', async () => {
      const docx = makeDocx(['This paragraph is written correctly and needs nothing.', 'She go to school every days.'], { title: 'Homework' });
      const res = await post('/api/grammar/correct/', form(docx, { target_variant: 'en-US' }));
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const body = GrammarResult.parse(res.body);
      assert.equal(body.document?.type, 'docx');
      assert.equal(body.document?.title, 'Homework');
      assert.ok(body.diff.length > 0);
      for (const edit of body.diff) {
        assert.equal(edit.paragraph, 1);
        assert.equal(edit.page, undefined, 'no pages outside PDF');
      }
      assert.equal(body.input_words, grammarCharges(body.input_words)[0].amount);
      const odt = await post('/api/grammar/correct/', form(makeOdt(['A title', 'She go to school every days.'])));
      assert.equal(odt.status, 200, JSON.stringify(odt.body));
      assert.equal(odt.body.document.type, 'odt');
      assert.ok(odt.body.diff.every((edit: { paragraph: number }) => edit.paragraph === 1));
    });

    test('plagiarism, PDF by url: matches and highlights carry the page of the copied passage', async () => {
      const admin = await server.account({ scopes: ['admin'] });
      const imported = await server.request('/api/admin/sources/', { method: 'POST', key: admin.key, json: { sources: [{ url: 'https://example.org/photosynthesis', title: 'Photosynthesis', text: PAGES[1].join(' ') }] } });
      assert.equal(imported.status, 200);
      const res = await post('/api/plagiarism/scan/', { url: `${remote.url}/report.pdf` });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const body = PlagiarismResult.parse(res.body);
      assert.equal(body.document?.url, `${remote.url}/report.pdf`);
      assert.ok(body.highlights.length > 0);
      for (const highlight of body.highlights) assert.equal(highlight.page, 2);
      for (const match of body.sources[0].matches) assert.equal(match.page, 2);
    });

    test('detect-and-humanize and humanizer by url (an HTML article, through a redirect): the article only', async () => {
      const res = await post('/api/detect-and-humanize/', { url: `${remote.url}/moved`, detection_threshold: 0.99 });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.document.type, 'html');
      assert.equal(res.body.document.url, `${remote.url}/article.html`, 'the address that answered');
      assert.ok(!res.body.document.text.includes('newsroom'), 'navigation and footer are left out');
      assert.ok(res.body.detection_items.every((item: { paragraph: number }) => Number.isInteger(item.paragraph)));
      const humanized = await post('/api/humanizer/', { url: `${remote.url}/article.html` });
      assert.equal(humanized.status, 200, JSON.stringify(humanized.body));
      assert.equal(humanized.body.document.type, 'html');
    });

    test('async: a file with poll=true as a form field → 202, then the job result is placed in the document', async () => {
      const res = await post('/api/detector/', form(pdf, { poll: 'true' }));
      assert.equal(res.status, 202, JSON.stringify(res.body));
      const accepted = DetectionAccepted.parse(res.body);
      const done = DetectionResult.parse(await pollJob(server, key, accepted.task_id));
      assert.equal(done.document?.pages, 3);
      for (const item of done.items) assert.equal(item.page, pageOf(item.text));
    });
  });

  describe('errors, each declared; nothing charged; nothing left on disk', () => {
    const cases: [string, () => Promise<FormData | Record<string, unknown>>, number, string][] = [
      ['an image', async () => form(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==', 'base64')), 415, 'unsupported_document'],
      ['an encrypted PDF', async () => form(encryptedPdf()), 422, 'encrypted_document'],
      ['an image-only PDF', async () => form(await imageOnlyPdf()), 422, 'no_text'],
      ['a truncated PDF', async () => form(await truncatedPdf()), 400, 'unreadable_document'],
      ['a zip bomb DOCX (1 GB inflated)', async () => form(await zipBombDocx()), 413, 'payload_too_large'],
      ['a file over the size limit', async () => form(Buffer.alloc(26 * 1024 * 1024, 'a')), 413, 'payload_too_large'],
      ['both content and a file', async () => form(pdf, { content: 'Some text here.' }), 400, 'invalid_payload'],
      ['neither content, url nor file', async () => ({ poll: false }), 400, 'invalid_payload'],
      ['content and url', async () => ({ content: 'Some text.', url: `${remote.url}/article.html` }), 400, 'invalid_payload'],
      ['a JSON "file" (never a path on our disk)', async () => ({ file: { path: '/etc/passwd', name: 'x', type: 'x', size: 1 } }), 400, 'invalid_payload'],
      ['a url that redirects to a link-local address', async () => ({ url: `${remote.url}/to-metadata` }), 400, 'invalid_payload'],
      ['a url that redirects forever', async () => ({ url: `${remote.url}/loop` }), 422, 'remote_error'],
      ['a url whose site answers 410', async () => ({ url: `${remote.url}/gone` }), 422, 'remote_error'],
      ['a url that streams forever', async () => ({ url: `${remote.url}/forever` }), 413, 'payload_too_large'],
      ['a url that is not http(s)', async () => ({ url: 'file:///etc/passwd' }), 400, 'invalid_payload'],
    ];
    for (const [what, body, status, code] of cases) {
      test(`${what} → ${status} ${code}`, async () => {
        const before = await balance();
        const res = await post('/api/detector/', await body());
        assertError(res, status, code);
        assert.equal(await balance(), before, 'nothing charged');
      });
    }

    test('the site status is named; the guard refuses loopback unless the operator allows it', async () => {
      const res = await post('/api/grammar/correct/', { url: `${remote.url}/gone` });
      assertError(res, 422, 'remote_error');
      assert.equal(res.body.details.remote_status, 410);
      const strict = await startTestServer({ env: { ALLOW_PRIVATE_CALLBACKS: 'false' } });
      try {
        const account = await strict.account();
        const refused = await strict.request('/api/detector/', { method: 'POST', key: account.key, json: { url: `${remote.url}/article.html` } });
        assertError(refused, 400, 'invalid_payload');
        assert.match(refused.body.message, /^url: /);
      } finally {
        await strict.close();
      }
    });

    test('a url that redirects to 127.0.0.1 is refused at the redirect, when only another address is open', async () => {
      // 127.0.0.2 stands for an allowed intranet site (OUTBOUND_ALLOWED_NETWORKS); 127.0.0.1 stays closed.
      let loopbackHits = 0;
      const target = await site({ '/secret': (_q, r) => (loopbackHits++, r.writeHead(200, { 'Content-Type': 'text/plain' }).end('internal text that must not be read')) });
      const intranet = await site({
        '/article.html': (_q, r) => r.writeHead(200, { 'Content-Type': 'text/html' }).end(ARTICLE),
        '/to-loopback': (_q, r) => r.writeHead(302, { Location: `${target.url}/secret` }).end(),
      }, '127.0.0.2');
      const guarded = await startTestServer({ env: { ALLOW_PRIVATE_CALLBACKS: 'false', OUTBOUND_ALLOWED_NETWORKS: '127.0.0.2/32' } });
      try {
        const account = await guarded.account();
        const statement = async () => (await creditStatement(guarded.services.db, account.userId)).balance;
        const read = await guarded.request('/api/grammar/correct/', { method: 'POST', key: account.key, json: { url: `${intranet.url}/article.html` } });
        assert.equal(read.status, 200, JSON.stringify(read.body));
        assert.equal(read.body.document.title, 'Budget news');
        const before = await statement();
        const redirected = await guarded.request('/api/grammar/correct/', { method: 'POST', key: account.key, json: { url: `${intranet.url}/to-loopback` } });
        assertError(redirected, 400, 'invalid_payload');
        assert.match(redirected.body.message, /127\.0\.0\.1/);
        const direct = await guarded.request('/api/detector/', { method: 'POST', key: account.key, json: { url: `${target.url}/secret` } });
        assertError(direct, 400, 'invalid_payload');
        assert.equal(loopbackHits, 0, 'the loopback site was never contacted');
        assert.equal(await statement(), before, 'nothing charged');
      } finally {
        await guarded.close();
        await intranet.close();
        await target.close();
      }
    });

    test('an upload with a bad key is refused before its file is stored; no upload folder is left behind', async () => {
      const res = await server.request('/api/detector/', { method: 'POST', key: 'ci_' + 'x'.repeat(40), body: form(pdf) });
      assertError(res, 401, 'invalid_api_key');
      assert.deepEqual(readdirSync(uploads), []);
    });
  });
});
