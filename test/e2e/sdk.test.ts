/**
 * The SDK against the real server (real PostgreSQL, engines and worker): every method, typed errors,
 * webhook verification of a real delivery, multipart from every kind of input; and its retry and
 * polling behaviour against small local fake servers, with an injected sleep so nothing really waits.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import {
  AccountInfo,
  BatchAccepted,
  BatchStatus,
  DetectAndHumanizeResult,
  DetectionAccepted,
  DetectionResult,
  GrammarResult,
  HealthReport,
  HumanizationResult,
  ImageResult,
  PlagiarismResult,
  SourceList,
  VoiceResult,
} from '../../contract/schemas.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { ContentIntegrityClient, ContentIntegrityError, verifyWebhook, type ClientOptions } from '../../sdk/src/index.ts';
import type * as Sdk from '../../sdk/src/index.ts';
import { rootTypesFile, sdkTypesFile, sdkTypesFrom } from '../../sdk/scripts/sync-types.ts';
import { makePdf } from '../helpers/documents.ts';
import { wav } from '../helpers/media.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const AI_TEXT =
  'Artificial intelligence has become an integral part of modern society, transforming the way we live and work. ' +
  'Moreover, it is important to note that these technologies offer numerous benefits across various industries. ' +
  'Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation. ' +
  'In conclusion, embracing artificial intelligence is essential for businesses seeking to remain competitive in an ever-evolving landscape.';

const SOURCE_TEXT =
  'The mitochondrion is a double-membrane-bound organelle found in most eukaryotic organisms. Mitochondria generate most of the cell\'s supply of adenosine triphosphate, which is used as a source of chemical energy. ' +
  'They were first discovered by Albert von Kölliker in 1857 in the voluntary muscles of insects. The term mitochondrion was coined by Carl Benda in 1898.';

/** A small photo-like JPEG: gradients plus noise. */
async function photo(size = 96): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * 3);
  let seed = 11;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = Math.max(0, Math.min(255, 110 + 70 * Math.sin(i / 97) + ((seed / 0x7fffffff) - 0.5) * 20));
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/** Records the waits the SDK asks for and returns at once. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

/** A local HTTP server that answers the n-th request (0-based) with `answer(n, req, res)`. */
async function fakeApi(answer: (n: number, req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const requests: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      answer(requests.length - 1, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'X-Request-Id': `req_fake_${status}`, ...headers });
  res.end(JSON.stringify(body));
}

const errorBody = (code: string, message = code) => ({ status: 'error', code, message, request_id: 'req_fake' });
const processing = (taskId: string) => ({ status: 'processing', task_id: taskId, result: null, service_name: null, execution_time: null, word_count: null, credits_remaining: null, user: { id: 1 } });

async function rejection(promise: Promise<unknown>): Promise<ContentIntegrityError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ContentIntegrityError, `expected a ContentIntegrityError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

describe('SDK against the real server', () => {
  let server: TestServer;
  let client: ContentIntegrityClient;
  let userId: number;
  let apiKey: string;
  let tmp: string;
  const sdk = (options: ClientOptions = {}) => new ContentIntegrityClient({ baseUrl: server.url, ...options });

  before(async () => {
    server = await startTestServer({ worker: true });
    const account = await server.account({ scopes: ['ai_detector', 'humanizer', 'grammar_checker', 'plagiarism_checker', 'image_detector', 'voice_detector', 'admin'] });
    ({ userId, key: apiKey } = account);
    client = sdk({ apiKey });
    tmp = mkdtempSync(path.join(os.tmpdir(), 'ci-sdk-'));
  });
  after(async () => {
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  test('detectText: a synchronous DetectionResult; credits_remaining matches the ledger', async () => {
    const result = await client.detectText({ content: AI_TEXT });
    assert.equal(result.status, 'success');
    DetectionResult.parse(result);
    assert.equal(result.credits_remaining, (await creditStatement(server.services.db, userId)).balance);
  });

  test('account: the plan, balance, period, limits and usage per service of the key\'s owner', async () => {
    const account = await client.account();
    AccountInfo.parse(account);
    assert.equal(account.user_id, userId);
    assert.equal(account.plan, '1M');
    assert.equal(account.credits_remaining, (await creditStatement(server.services.db, userId)).balance);
    assert.ok(account.usage.detector > 0, 'the detection above is counted');
    assert.equal(account.limits.max_active_keys, 5);
    assert.ok(Date.parse(account.period_end) > Date.parse(account.period_start));
  });

  test('detectText with poll: 202 pending, then waitForJob returns the result with its task_id; only the owner reads it', async () => {
    const accepted = await client.detectText({ content: AI_TEXT, poll: true });
    assert.equal(accepted.status, 'pending');
    DetectionAccepted.parse(accepted);
    const stranger = await rejection(sdk({ apiKey: (await server.account()).key }).getJob(accepted.task_id!));
    assert.equal(stranger.code, 'not_found');
    // Polls 50 ms apart instead of 2, 4, 8 … s.
    const polling = sdk({ apiKey, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))) });
    const done = await polling.waitForJob(accepted.task_id!, { maxWaitMs: 60_000 });
    assert.equal(done.status, 'success');
    assert.equal(DetectionResult.parse(done).task_id, accepted.task_id);
  });

  test('batches: create (202, credits held), wait, results in order across pages, get a page, cancel a finished batch', async () => {
    const polling = sdk({ apiKey, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))) });
    const items = Array.from({ length: 7 }, (_, i) => ({ content: `Note ${i}: ${AI_TEXT}`, ref: `n${i}` }));
    const accepted = await polling.batches.create({ service: 'detector', items });
    BatchAccepted.parse(accepted);
    assert.equal(accepted.item_count, 7);
    assert.equal(accepted.credits_remaining, (await creditStatement(server.services.db, userId)).balance);
    const refs: (string | null)[] = [];
    for await (const item of polling.batches.results(accepted.batch_id, { limit: 3, maxWaitMs: 60_000 })) {
      assert.equal(item.status, 'succeeded');
      DetectionResult.parse(item.result);
      refs.push(item.ref);
    }
    assert.deepEqual(refs, items.map((i) => i.ref));
    const done = await polling.batches.wait(accepted.batch_id, { maxWaitMs: 60_000 });
    assert.equal(BatchStatus.parse(done).status, 'completed');
    const page = await client.batches.get(accepted.batch_id, { cursor: '5', limit: 5 });
    assert.deepEqual(page.items.map((i) => i.index), [5, 6]);
    assert.equal((await client.batches.cancel(accepted.batch_id)).cancelled_items, 0);
    const refused = await rejection(client.batches.create({ service: 'humanizer', items: [{ content: 'Too short.', ref: 'x' }] }));
    assert.equal(refused.code, 'invalid_payload');
    assert.deepEqual((refused.details as { items: { index: number; ref: string }[] }).items.map((i) => [i.index, i.ref]), [[0, 'x']]);
  });

  test('batches.create with files: a path, a Buffer (named) and a Blob go as multipart; refs are the file names; results carry their document', async () => {
    const polling = sdk({ apiKey, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))) });
    const pdf = await makePdf([{ lines: ['The committee met on Monday to review the annual budget in detail.'] }], { title: 'Batch report' });
    const file = path.join(tmp, 'batch-report.pdf');
    writeFileSync(file, pdf);
    const markdown = Buffer.from('# Notes\n\nThe members asked for more detail on travel costs before the vote.\n');
    const blob = new File([new Uint8Array(Buffer.from('A plain text note about the revised summary for everyone.'))], 'note.txt');
    const accepted = await polling.batches.create({ service: 'detector', files: [file, { file: markdown, filename: 'notes.md' }, blob] });
    BatchAccepted.parse(accepted);
    assert.equal(accepted.item_count, 3);
    const done = await polling.batches.wait(accepted.batch_id, { maxWaitMs: 60_000 });
    assert.equal(done.status, 'completed');
    assert.deepEqual(done.items.map((i) => i.ref), ['batch-report.pdf', 'notes.md', 'note.txt']);
    assert.deepEqual(done.items.map((i) => DetectionResult.parse(i.result).document?.type), ['pdf', 'markdown', 'text']);
    // An unreadable file refuses the batch whole, listed by its name; nothing is charged.
    const balance = (await creditStatement(server.services.db, userId)).balance;
    const refused = await rejection(client.batches.create({ service: 'detector', files: [file, { file: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 3]), filename: 'photo.jpg' }] }));
    assert.equal(refused.code, 'invalid_payload');
    assert.deepEqual((refused.details as { items: { index: number; ref: string; code: string }[] }).items.map((i) => [i.index, i.ref, i.code]), [[1, 'photo.jpg', 'unsupported_document']]);
    assert.equal((await creditStatement(server.services.db, userId)).balance, balance);
  });

  test('humanize and detectAndHumanize: synchronous bodies of the contract', async () => {
    const humanized = await client.humanize({ content: AI_TEXT });
    HumanizationResult.parse(humanized);
    const combined = await client.detectAndHumanize({ content: AI_TEXT, detection_threshold: 0.99 });
    DetectAndHumanizeResult.parse(combined);
    assert.equal(combined.status === 'pending', false);
  });

  test('correctGrammar: the diff rebuilds the corrected text; the same idempotencyKey replays without a second charge', async () => {
    const content = 'She go to school every day and she like it very much.';
    const first = await client.correctGrammar({ content }, { idempotencyKey: 'sdk-grammar-1' });
    GrammarResult.parse(first);
    const chars = [...content];
    let rebuilt = '';
    let at = 0;
    for (const op of first.diff) {
      rebuilt += chars.slice(at, op.start).join('') + op.corrected;
      at = op.end;
    }
    assert.equal(rebuilt + chars.slice(at).join(''), first.corrected_text);
    const charges = async () => (await creditStatement(server.services.db, userId)).entries.filter((e) => e.kind === 'charge').length;
    const before = await charges();
    const replay = await client.correctGrammar({ content }, { idempotencyKey: 'sdk-grammar-1' });
    assert.deepEqual(replay, first);
    assert.equal(await charges(), before);
    // Without a key each call is its own request (the SDK makes a fresh key per call).
    await client.correctGrammar({ content });
    assert.equal(await charges(), before + 1);
  });

  test('admin sources: import, list, scan for plagiarism, delete', async () => {
    const url = 'https://sdk.example.org/mitochondrion';
    assert.deepEqual(await client.importSources([{ url, title: 'Mitochondrion', text: SOURCE_TEXT }]), { status: 'success', imported: 1 });
    const list = await client.listSources({ limit: 1000 });
    SourceList.parse(list);
    assert.ok(list.sources.some((s) => s.url === url));
    const scan = await client.scanPlagiarism({ content: SOURCE_TEXT }, { idempotencyKey: 'sdk-scan-1' });
    PlagiarismResult.parse(scan);
    assert.ok(scan.sources.some((s) => s.url === url), JSON.stringify(scan.sources));
    assert.deepEqual(await client.deleteSource(url), { status: 'success', deleted: true });
    assert.deepEqual(await client.deleteSource(url), { status: 'success', deleted: false });
  });

  test('detectImage takes a path, a Buffer, a Blob and a stream; health checks answer without a key', async () => {
    const bytes = await photo();
    const file = path.join(tmp, 'photo.jpg');
    writeFileSync(file, bytes);
    const results = [
      await client.detectImage(file),
      await client.detectImage(bytes),
      await client.detectImage(new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), { filename: 'photo.jpg' }),
      await client.detectImage(createReadStream(file)),
    ];
    for (const result of results) ImageResult.parse(result);
    // Same bytes, same answer, whatever they came in (the balance after each charge differs).
    const verdict = ({ credits_remaining: _balance, ...rest }: (typeof results)[number]) => rest;
    for (const result of results.slice(1)) assert.deepEqual(verdict(result), verdict(results[0]));
    assert.deepEqual(results.map((r) => results[0].credits_remaining - r.credits_remaining), results.map((_, i) => i * results[0].credits_charged));
    HealthReport.parse(await sdk().imageHealth());
    HealthReport.parse(await sdk().voiceHealth());
  });

  test('documents: the text methods take a path, a Buffer, a Blob or a URL, and answer with document and pages', async () => {
    const pdf = await makePdf([{ lines: ['The first page says one thing about budgets.'] }, { lines: ['She go to school every days on the second page.'] }], { title: 'SDK report' });
    const file = path.join(tmp, 'report.pdf');
    writeFileSync(file, pdf);
    const site = http.createServer((_req, res) => res.writeHead(200).end(pdf)).listen(0, '127.0.0.1');
    await new Promise((resolve) => site.once('listening', resolve));
    try {
      const address = `http://127.0.0.1:${(site.address() as AddressInfo).port}/report.pdf`;
      const results = [
        await client.detectTextDocument(file),
        await client.detectTextDocument(pdf),
        await client.detectTextDocument(new Blob([new Uint8Array(pdf)])),
        await client.detectTextDocument(new URL(address)),
        await client.detectTextDocument(address),
      ].map((r) => DetectionResult.parse(r));
      for (const result of results) {
        assert.equal(result.document?.title, 'SDK report');
        assert.deepEqual(result.items.map((i) => i.page), [1, 2]);
      }
      assert.equal(results[3].document?.url, address);
      const grammar = GrammarResult.parse(await client.correctGrammarDocument(pdf, { target_variant: 'en-US' }));
      assert.ok(grammar.diff.length > 0 && grammar.diff.every((edit) => edit.page === 2));
      const accepted = DetectionAccepted.parse(await client.detectTextDocument(file, { poll: true }));
      const done = DetectionResult.parse(await client.waitForJob(accepted.task_id, { maxWaitMs: 60_000 }));
      assert.equal(done.document?.pages, 2);
      await assert.rejects(client.detectTextDocument(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])), (error: unknown) => error instanceof ContentIntegrityError && error.status === 415 && error.code === 'unsupported_document');
    } finally {
      site.close();
    }
  });

  test('detectVoice takes a path and a stream', async () => {
    const file = path.join(tmp, 'tone.wav');
    writeFileSync(file, wav(2));
    const fromPath = await client.detectVoice(file);
    VoiceResult.parse(fromPath);
    assert.equal(fromPath.billed_seconds, 2);
    const fromStream = await client.detectVoice(createReadStream(file));
    assert.equal(fromStream.verdict, fromPath.verdict);
    assert.equal(fromStream.ai_probability, fromPath.ai_probability);
  });

  test('typed errors: 401, 403 with the required scope, 400 with details, 404 job; each with its request id', async () => {
    const missing = await rejection(sdk().detectText({ content: 'hello' }));
    assert.equal(missing.status, 401);
    assert.equal(missing.code, 'missing_api_key');
    const invalid = await rejection(sdk({ apiKey: 'ci_not-a-real-key' }).detectText({ content: 'hello' }));
    assert.equal(invalid.code, 'invalid_api_key');

    const narrow = sdk({ apiKey: (await server.account({ scopes: ['ai_detector'] })).key });
    const scope = await rejection(narrow.correctGrammar({ content: 'She go to school every day.' }));
    assert.equal(scope.status, 403);
    assert.equal(scope.code, 'insufficient_scope');
    assert.ok(JSON.stringify(scope.details).includes('grammar_checker'), JSON.stringify(scope.details));

    const short = await rejection(client.correctGrammar({ content: 'Too few words.' }));
    assert.equal(short.status, 400);
    assert.equal(short.code, 'min_words_not_met');
    assert.deepEqual(short.details, { limit: 5, actual: 3 });
    assert.match(short.requestId ?? '', /^req_/);
    assert.ok(short.message.length > 0);

    const job = await rejection(client.getJob('3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14'));
    assert.equal(job.status, 404);
    assert.equal(job.code, 'not_found');
  });

  test('a real 429 rate_limited is retried after Retry-After, then reported with retryAfter', async () => {
    const free = await server.account({ plan: 'Free', scopes: ['image_detector'] }); // 5 images per minute
    const { waits, sleep } = recordingSleep();
    const limited = sdk({ apiKey: free.key, sleep, maxRetries: 2 });
    const image = await photo(64);
    for (let i = 0; i < 5; i++) await limited.detectImage(image);
    assert.deepEqual(waits, []);
    const error = await rejection(limited.detectImage(image));
    assert.equal(error.status, 429);
    assert.equal(error.code, 'rate_limited');
    assert.ok(error.retryAfter! > 0 && error.retryAfter! <= 60, String(error.retryAfter));
    assert.equal(waits.length, 2, 'two retries, each after the server\'s Retry-After');
    for (const wait of waits) assert.ok(wait >= 1000 && wait <= 60_000 && wait % 1000 === 0, String(wait));
  });

  test('verifyWebhook accepts a real delivery and refuses a tampered body, a wrong secret or a missing X-Webhook-Secret', async () => {
    const deliveries: { headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        deliveries.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const callback = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const accepted = await client.detectText({ content: AI_TEXT, callback_url: callback, webhook_secret: 'whsec-sdk-test' });
      assert.equal(accepted.status, 'pending');
      // A hang guard, generous for a busy machine: a delivery normally arrives within a second.
      const deadline = Date.now() + 120_000;
      while (deliveries.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const [delivery] = deliveries;
      assert.ok(delivery, 'no webhook delivery within 120 s');
      assert.equal(JSON.parse(delivery.body.toString()).task_id, accepted.task_id);

      assert.equal(verifyWebhook(delivery.headers, delivery.body, 'whsec-sdk-test'), true);
      assert.equal(verifyWebhook(delivery.headers, delivery.body.toString('utf8'), 'whsec-sdk-test'), true);
      assert.equal(verifyWebhook(new Headers(delivery.headers as Record<string, string>), delivery.body, 'whsec-sdk-test'), true);
      const tampered = Buffer.from(delivery.body.toString().replace(accepted.task_id!, accepted.task_id!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))));
      assert.equal(verifyWebhook(delivery.headers, tampered, 'whsec-sdk-test'), false);
      assert.equal(verifyWebhook(delivery.headers, delivery.body, 'whsec-other'), false);
      const { 'x-webhook-secret': _secret, ...withoutSecret } = delivery.headers;
      assert.equal(verifyWebhook(withoutSecret, delivery.body, 'whsec-sdk-test'), false);
      const later = Number(delivery.headers['webhook-timestamp']) * 1000 + 10 * 60_000;
      assert.equal(verifyWebhook(delivery.headers, delivery.body, 'whsec-sdk-test', { nowMs: later }), false, 'too old');
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('SDK retries and polling (local fake servers, injected sleep)', () => {
  test('429 with Retry-After, then 200: retried once after exactly Retry-After seconds', async () => {
    const api = await fakeApi((n, _req, res) => (n === 0 ? json(res, 429, errorBody('rate_limited'), { 'Retry-After': '3' }) : json(res, 200, { status: 'success', imported: 1 })));
    try {
      const { waits, sleep } = recordingSleep();
      const result = await new ContentIntegrityClient({ baseUrl: api.url, apiKey: 'k', sleep }).importSources([{ url: 'https://x.example/', title: 't', text: 'x' }]);
      assert.deepEqual(result, { status: 'success', imported: 1 });
      assert.deepEqual(waits, [3000]);
      assert.equal(api.requests.length, 2);
    } finally {
      await api.close();
    }
  });

  test('429 without Retry-After, or with one over a minute, is not retried', async () => {
    for (const headers of [{}, { 'Retry-After': '3600' }] as Record<string, string>[]) {
      const api = await fakeApi((_n, _req, res) => json(res, 429, errorBody('rate_limited'), headers));
      try {
        const { waits, sleep } = recordingSleep();
        const error = await rejection(new ContentIntegrityClient({ baseUrl: api.url, sleep }).detectText({ content: 'x' }));
        assert.equal(error.code, 'rate_limited');
        assert.equal(error.retryAfter, headers['Retry-After'] ? 3600 : undefined);
        assert.equal(api.requests.length, 1);
        assert.deepEqual(waits, []);
      } finally {
        await api.close();
      }
    }
  });

  test('503 service_unavailable is retried (even on a charged POST: nothing was charged); 503 service_error is not', async () => {
    const api = await fakeApi((n, _req, res) =>
      n < 2 ? json(res, 503, errorBody('service_unavailable'), n === 0 ? { 'Retry-After': '1' } : {}) : json(res, 200, { status: 'success', task_id: null }),
    );
    try {
      const { waits, sleep } = recordingSleep();
      const result = await new ContentIntegrityClient({ baseUrl: api.url, sleep, maxRetries: 2 }).detectText({ content: 'x' });
      assert.equal(result.status, 'success');
      assert.equal(api.requests.length, 3);
      assert.equal(waits[0], 1000, 'Retry-After first');
      assert.ok(waits[1]! >= 500 && waits[1]! <= 1000, `then backoff: ${waits[1]}`);
    } finally {
      await api.close();
    }
    const failing = await fakeApi((_n, _req, res) => json(res, 503, errorBody('service_error'), { 'Retry-After': '1' }));
    try {
      const error = await rejection(new ContentIntegrityClient({ baseUrl: failing.url, sleep: recordingSleep().sleep }).detectText({ content: 'x' }));
      assert.equal(error.code, 'service_error');
      assert.equal(error.requestId, 'req_fake');
      assert.equal(failing.requests.length, 1);
    } finally {
      await failing.close();
    }
  });

  test('gives up after maxRetries and throws the last error', async () => {
    const api = await fakeApi((_n, _req, res) => json(res, 503, errorBody('service_unavailable'), { 'Retry-After': '2' }));
    try {
      const { waits, sleep } = recordingSleep();
      const error = await rejection(new ContentIntegrityClient({ baseUrl: api.url, sleep, maxRetries: 3 }).getJob('t'));
      assert.equal(error.code, 'service_unavailable');
      assert.equal(error.retryAfter, 2);
      assert.deepEqual(waits, [2000, 2000, 2000]);
      assert.equal(api.requests.length, 4);
    } finally {
      await api.close();
    }
  });

  test('network errors: a charged POST is not retried; a GET and a POST with an Idempotency-Key are', async () => {
    // The first request of each kind has its connection dropped before any answer.
    const api = await fakeApi((n, req, res) => {
      const seen = api.requests.filter((r) => r.url === req.url).length;
      if (seen === 1) return req.socket.destroy();
      if (req.url?.startsWith('/api/jobs/')) return json(res, 200, processing('t1'));
      return json(res, 200, { status: 'success', edits_count: 0 });
    });
    try {
      const { waits, sleep } = recordingSleep();
      const sdkClient = new ContentIntegrityClient({ baseUrl: api.url, apiKey: 'k', sleep });

      const charged = await rejection(sdkClient.detectText({ content: 'x' }));
      assert.equal(charged.code, 'network_error');
      assert.equal(charged.status, 0);
      assert.equal(api.requests.filter((r) => r.url === '/api/detector/').length, 1, 'never sent twice');
      assert.deepEqual(waits, []);

      assert.equal((await sdkClient.getJob('t1')).status, 'processing');
      assert.equal(api.requests.filter((r) => r.url === '/api/jobs/t1/').length, 2);

      await sdkClient.correctGrammar({ content: 'x' }, { idempotencyKey: 'key-1' });
      const grammar = api.requests.filter((r) => r.url === '/api/grammar/correct/');
      assert.equal(grammar.length, 2);
      assert.deepEqual(grammar.map((r) => r.headers['idempotency-key']), ['key-1', 'key-1'], 'the retry carries the same key');
      assert.equal(waits.length, 2);
    } finally {
      await api.close();
    }
  });

  test('a timed-out attempt is a timeout error; the caller\'s abort stops at once', async () => {
    const api = await fakeApi(() => {
      // never answers
    });
    try {
      const error = await rejection(new ContentIntegrityClient({ baseUrl: api.url, timeoutMs: 100, maxRetries: 0 }).detectText({ content: 'x' }));
      assert.equal(error.code, 'timeout');
      const controller = new AbortController();
      const pending = new ContentIntegrityClient({ baseUrl: api.url }).getJob('t', { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await assert.rejects(pending, (e: Error) => e.name === 'AbortError');
    } finally {
      await api.close();
    }
  });

  test('waitForJob polls with the spec\'s backoff (2, 4, 8, 16, 30, 30 … s) and stops at maxWaitMs', async () => {
    const api = await fakeApi((_n, _req, res) => json(res, 200, processing('t2')));
    try {
      const { waits, sleep } = recordingSleep();
      const error = await rejection(new ContentIntegrityClient({ baseUrl: api.url, sleep }).waitForJob('t2', { maxWaitMs: 100_000 }));
      assert.equal(error.code, 'timeout');
      assert.deepEqual(error.details, { task_id: 't2' });
      assert.deepEqual(waits, [2000, 4000, 8000, 16_000, 30_000, 30_000, 10_000]);
      assert.equal(api.requests.length, waits.length, 'one poll after each wait');
    } finally {
      await api.close();
    }
  });

  test('waitForJob returns the finished body, failed jobs included', async () => {
    const failed = { status: 'failed', task_id: 't3', result: null, error: 'engine failed', word_count: 12 };
    const api = await fakeApi((n, _req, res) => json(res, 200, n < 2 ? processing('t3') : failed));
    try {
      const { waits, sleep } = recordingSleep();
      const job = await new ContentIntegrityClient({ baseUrl: api.url, sleep }).waitForJob('t3');
      assert.deepEqual(job, failed);
      assert.deepEqual(waits, [2000, 4000, 8000]);
    } finally {
      await api.close();
    }
  });

  test('batches.results yields each item once it is final, in order, polling with backoff while the next is unfinished', async () => {
    const item = (index: number, status: string) => ({ index, ref: null, status, result: null, error: null });
    const batch = (items: unknown[], next: string | null) => ({ batch_id: 'b1', items, next_cursor: next });
    // Page 1 (items 0, 1): 0 done and 1 running (asked again at once after 0 is handed out, then after
    // a wait), then both done; page 2 (item 2): done.
    const running = batch([item(0, 'succeeded'), item(1, 'running')], '2');
    const answers = [running, running, batch([item(0, 'succeeded'), item(1, 'failed')], '2'), batch([item(2, 'cancelled')], null)];
    const api = await fakeApi((n, _req, res) => json(res, 200, answers[n]));
    try {
      const { waits, sleep } = recordingSleep();
      const seen: [number, string][] = [];
      for await (const it of new ContentIntegrityClient({ baseUrl: api.url, sleep }).batches.results('b1', { limit: 2 })) seen.push([it.index, it.status]);
      assert.deepEqual(seen, [[0, 'succeeded'], [1, 'failed'], [2, 'cancelled']]);
      assert.deepEqual(waits, [2000], 'one wait, for item 1');
      assert.deepEqual(api.requests.map((r) => r.url), ['/api/batches/b1/?limit=2', '/api/batches/b1/?limit=2', '/api/batches/b1/?limit=2', '/api/batches/b1/?cursor=2&limit=2']);
    } finally {
      await api.close();
    }
  });

  test('a non-JSON error page is an unexpected_response error with its status', async () => {
    const api = await fakeApi((_n, _req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    try {
      const error = await rejection(new ContentIntegrityClient({ baseUrl: api.url, maxRetries: 0 }).detectText({ content: 'x' }));
      assert.equal(error.status, 502);
      assert.equal(error.code, 'unexpected_response');
      assert.match(error.message, /Bad gateway/);
    } finally {
      await api.close();
    }
  });
});

describe('SDK package', () => {
  test('src/generated/api.ts is the generated copy of generated/api.d.ts (run `npm --prefix sdk run sync-types` when this fails)', () => {
    assert.equal(readFileSync(sdkTypesFile, 'utf8'), sdkTypesFrom(readFileSync(rootTypesFile, 'utf8')));
  });

  test('builds with tsc -p sdk into an ESM package with types that runs where it is installed', async () => {
    // Lay the package out as npm would install it: node_modules/@content-integrity/sdk beside its dependency.
    const root = mkdtempSync(path.join(os.tmpdir(), 'ci-sdk-install-'));
    const pkgDir = path.join(root, 'node_modules', '@content-integrity', 'sdk');
    try {
      const tsc = path.resolve('node_modules/typescript/bin/tsc');
      execFileSync(process.execPath, [tsc, '-p', 'sdk', '--outDir', path.join(pkgDir, 'dist')], { stdio: 'pipe' });
      const manifest = JSON.parse(readFileSync('sdk/package.json', 'utf8')) as { type: string; exports: { '.': { import: string; types: string } }; dependencies: Record<string, string> };
      writeFileSync(path.join(pkgDir, 'package.json'), JSON.stringify(manifest));
      assert.equal(manifest.type, 'module');
      for (const dependency of Object.keys(manifest.dependencies)) symlinkSync(path.resolve('node_modules', dependency), path.join(root, 'node_modules', dependency));
      readFileSync(path.join(pkgDir, manifest.exports['.'].types));
      readFileSync(path.join(pkgDir, 'dist/generated/api.d.ts'));

      const built = (await import(pathToFileURL(path.join(pkgDir, manifest.exports['.'].import)).href)) as typeof Sdk;
      assert.equal(typeof built.verifyWebhook, 'function');
      const api = await fakeApi((_n, _req, res) => json(res, 401, errorBody('missing_api_key')));
      try {
        const error = await new built.ContentIntegrityClient({ baseUrl: api.url }).detectText({ content: 'x' }).catch((e: unknown) => e);
        assert.ok(error instanceof built.ContentIntegrityError);
        assert.equal(error.code, 'missing_api_key');
      } finally {
        await api.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
