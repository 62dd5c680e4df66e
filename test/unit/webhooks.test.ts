import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import type { OutboundPolicy } from '../../server/platform/outbound.ts';
import {
  attemptWebhook as attemptAt,
  WEBHOOK_MAX_ATTEMPTS,
  RESPONSE_BODY_KEPT,
  webhookHeaders,
  webhookRetryDelayMs,
  WEBHOOK_USER_AGENT,
  type WebhookDelivery,
} from '../../server/platform/webhooks.ts';
import type { WebhookAttempt } from '../../server/platform/data/jobs.ts';
import { verifyWebhookSignature } from '../../sdk/src/webhooks.ts';

const attemptWebhook = (d: WebhookDelivery, policy: OutboundPolicy, timeoutMs?: number) => attemptAt(d, policy, new Date(), timeoutMs);

const STRICT: OutboundPolicy = { allowPrivate: false };
const LOCAL_DEV: OutboundPolicy = { allowPrivate: true };

/** The reference implementation, keyed as the interface promises: the UTF-8 bytes of the secret. */
const referenceWebhook = (secret: string): Webhook => new Webhook(new TextEncoder().encode(secret), { format: 'raw' });

const BODY = JSON.stringify({ status: 'success', task_id: 'b6d0c1e2-0000-4000-8000-000000000001', result: { score: 0.93, text: 'naïve café 🙂' }, word_count: 3 });
const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  url: 'http://127.0.0.1:1/',
  webhookId: 'msg_2f1c9a',
  body: BODY,
  secret: 'whk-s3cret',
  ...overrides,
});

describe('webhookHeaders', () => {
  it('sends Content-Type, a User-Agent, the secret unchanged and the Standard Webhooks headers', () => {
    const at = new Date('2025-03-04T05:06:07.890Z');
    const headers = webhookHeaders(delivery(), at);
    assert.deepEqual(Object.keys(headers).sort(), ['Content-Type', 'User-Agent', 'X-Webhook-Secret', 'webhook-id', 'webhook-signature', 'webhook-timestamp']);
    assert.equal(headers['Content-Type'], 'application/json');
    assert.match(headers['User-Agent'], /^ContentIntegrityAPI-Webhooks\/\d+\.\d+\.\d+$/);
    assert.equal(headers['X-Webhook-Secret'], 'whk-s3cret');
    assert.equal(headers['webhook-id'], 'msg_2f1c9a');
    assert.equal(headers['webhook-timestamp'], String(Math.floor(at.getTime() / 1000)));
    assert.match(headers['webhook-signature'], /^v1,[A-Za-z0-9+/]{43}=$/);
    assert.equal(headers['webhook-signature'], referenceWebhook('whk-s3cret').sign('msg_2f1c9a', at, BODY));
  });

  it('without a secret: no X-Webhook-Secret and no signature, but id and timestamp for de-duplication', () => {
    for (const secret of [undefined, '']) {
      const headers = webhookHeaders(delivery({ secret }), new Date(1_700_000_000_000));
      assert.deepEqual(headers, { 'Content-Type': 'application/json', 'User-Agent': WEBHOOK_USER_AGENT, 'webhook-id': 'msg_2f1c9a', 'webhook-timestamp': '1700000000' });
    }
  });

  it('the webhook-id stays the same across attempts while the timestamp and signature move', () => {
    const first = webhookHeaders(delivery(), new Date(1_700_000_000_000));
    const retry = webhookHeaders(delivery(), new Date(1_700_000_025_000));
    assert.equal(first['webhook-id'], retry['webhook-id']);
    assert.notEqual(first['webhook-timestamp'], retry['webhook-timestamp']);
    assert.notEqual(first['webhook-signature'], retry['webhook-signature']);
  });
});

describe('signature interoperability with standardwebhooks', () => {
  const secretArb = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });
  const idArb = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s !== '');
  const bodyArb = fc.json({ maxDepth: 3 });

  it('property: what we sign, Webhook.verify accepts (and returns the parsed body); so does our verifier', () => {
    fc.assert(
      fc.property(secretArb, idArb, bodyArb, (secret, webhookId, body) => {
        const headers = webhookHeaders({ url: 'http://x/', webhookId, body, secret }, new Date());
        assert.deepEqual(referenceWebhook(secret).verify(body, headers), JSON.parse(body));
        assert.equal(verifyWebhookSignature(headers, body, secret), true);
      }),
      { numRuns: 300 },
    );
  });

  it('property: what Webhook.sign produces, our verifier accepts', () => {
    fc.assert(
      fc.property(secretArb, idArb, bodyArb, (secret, webhookId, body) => {
        const now = new Date();
        const headers = {
          'webhook-id': webhookId,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': referenceWebhook(secret).sign(webhookId, now, body),
        };
        return verifyWebhookSignature(headers, body, secret);
      }),
      { numRuns: 300 },
    );
  });

  it('property: a changed body, secret or id fails both verifiers', () => {
    fc.assert(
      fc.property(secretArb, idArb, bodyArb, fc.string({ minLength: 1, maxLength: 5 }), (secret, webhookId, body, extra) => {
        const headers = webhookHeaders({ url: 'http://x/', webhookId, body, secret }, new Date());
        const tampered = body + extra;
        assert.equal(verifyWebhookSignature(headers, tampered, secret), false);
        assert.equal(verifyWebhookSignature(headers, body, secret + extra), false);
        assert.equal(verifyWebhookSignature({ ...headers, 'webhook-id': webhookId + extra }, body, secret), false);
        assert.throws(() => referenceWebhook(secret).verify(tampered, headers));
        assert.throws(() => referenceWebhook(secret + extra).verify(body, headers));
      }),
      { numRuns: 200 },
    );
  });

  it('keys the HMAC by UTF-8 bytes, not UTF-16 code units truncated to bytes', () => {
    const secret = 'ключ-🔑';
    const headers = webhookHeaders(delivery({ secret }), new Date());
    referenceWebhook(secret).verify(BODY, headers); // throws on mismatch
    const latin1Keyed = new Webhook(secret, { format: 'raw' }); // the library's string form takes charCodeAt(i) & 0xff
    assert.throws(() => latin1Keyed.verify(BODY, headers));
  });
});

describe('verifyWebhookSignature', () => {
  const secret = 'whk-s3cret';
  const signedAt = (offsetSeconds: number): Record<string, string> =>
    webhookHeaders(delivery({ secret }), new Date(Date.now() + offsetSeconds * 1000));

  it('accepts timestamps within the tolerance either way, refuses older or newer ones', () => {
    assert.equal(verifyWebhookSignature(signedAt(-240), BODY, secret), true);
    assert.equal(verifyWebhookSignature(signedAt(240), BODY, secret), true);
    assert.equal(verifyWebhookSignature(signedAt(-600), BODY, secret), false);
    assert.equal(verifyWebhookSignature(signedAt(600), BODY, secret), false);
    assert.equal(verifyWebhookSignature(signedAt(-600), BODY, secret, 900), true);
    assert.equal(verifyWebhookSignature(signedAt(-60), BODY, secret, 30), false);
  });

  it('accepts any matching v1 entry among several, ignores other versions', () => {
    const headers = signedAt(0);
    const valid = headers['webhook-signature'];
    const bogus = `v1,${Buffer.alloc(32, 7).toString('base64')}`;
    assert.equal(verifyWebhookSignature({ ...headers, 'webhook-signature': `${bogus} ${valid}` }, BODY, secret), true);
    assert.equal(verifyWebhookSignature({ ...headers, 'webhook-signature': bogus }, BODY, secret), false);
    assert.equal(verifyWebhookSignature({ ...headers, 'webhook-signature': valid.replace('v1,', 'v2,') }, BODY, secret), false);
    assert.equal(verifyWebhookSignature({ ...headers, 'webhook-signature': valid.slice(0, -2) }, BODY, secret), false);
  });

  it('reads header names in any case and refuses missing or malformed headers', () => {
    const headers = signedAt(0);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    assert.equal(verifyWebhookSignature(upper, BODY, secret), true);
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      assert.equal(verifyWebhookSignature({ ...headers, [name]: undefined }, BODY, secret), false, name);
    }
    for (const timestamp of ['', 'abc', '-1', '1e9', `${headers['webhook-timestamp']}.5`]) {
      assert.equal(verifyWebhookSignature({ ...headers, 'webhook-timestamp': timestamp }, BODY, secret), false, timestamp);
    }
    assert.equal(verifyWebhookSignature(headers, BODY, ''), false);
  });
});

// ---------------------------------------------------------------------------------------------------
interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1; the path picks its behaviour. `/flaky` fails twice, then succeeds. */
function startReceiver(): Promise<{ server: http.Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  let flakyCalls = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (req.url === '/ok') res.writeHead(204).end();
      else if (req.url === '/fail') res.writeHead(500).end('boom');
      else if (req.url === '/long') res.writeHead(200).end('x'.repeat(RESPONSE_BODY_KEPT + 500));
      else if (req.url === '/redirect') res.writeHead(302, { Location: '/ok' }).end();
      else if (req.url === '/flaky') res.writeHead(++flakyCalls <= 2 ? 503 : 200).end();
      // Anything else (/slow): never answer.
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, received })),
  );
}

function stopServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** What a receiver sees, as plain strings (node lower-cases header names). */
function receivedHeaders(request: Received): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
}

describe('attemptWebhook against a local receiver', { timeout: 20_000 }, () => {
  let server: http.Server;
  let port: number;
  let received: Received[];
  before(async () => ({ server, port, received } = await startReceiver()));
  after(() => stopServer(server));

  const url = (path: string): string => `http://127.0.0.1:${port}${path}`;

  it('2xx is a success; the receiver gets the exact body and verifiable headers', async () => {
    const attempt = await attemptWebhook(delivery({ url: url('/ok') }), LOCAL_DEV);
    assert.deepEqual({ ok: attempt.ok, statusCode: attempt.statusCode, error: attempt.error }, { ok: true, statusCode: 204, error: null });
    assert.ok(attempt.at instanceof Date && Number.isFinite(attempt.durationMs));

    const request = received.at(-1)!;
    assert.equal(request.body, BODY);
    assert.equal(request.headers['content-type'], 'application/json');
    assert.equal(request.headers['user-agent'], WEBHOOK_USER_AGENT);
    assert.equal(request.headers['x-webhook-secret'], 'whk-s3cret');
    assert.equal(request.headers['webhook-id'], 'msg_2f1c9a');
    assert.equal(request.headers['webhook-timestamp'], String(Math.floor(attempt.at.getTime() / 1000)));
    assert.equal(verifyWebhookSignature(receivedHeaders(request), request.body, 'whk-s3cret'), true);
    assert.deepEqual(referenceWebhook('whk-s3cret').verify(request.body, receivedHeaders(request) as Record<string, string>), JSON.parse(BODY));
  });

  it('a 500 is a failure with its status and the start of the reply', async () => {
    const attempt = await attemptWebhook(delivery({ url: url('/fail') }), LOCAL_DEV);
    assert.equal(attempt.ok, false);
    assert.equal(attempt.statusCode, 500);
    assert.match(attempt.error ?? '', /500/);
    assert.equal(attempt.responseBody, 'boom');
  });

  it('keeps at most RESPONSE_BODY_KEPT characters of a long reply', async () => {
    const attempt = await attemptWebhook(delivery({ url: url('/long') }), LOCAL_DEV);
    assert.equal(attempt.ok, true);
    assert.equal(attempt.responseBody, 'x'.repeat(RESPONSE_BODY_KEPT));
  });

  it('a 302 is a failure and is not followed', async () => {
    const before = received.length;
    const attempt = await attemptWebhook(delivery({ url: url('/redirect') }), LOCAL_DEV);
    assert.equal(attempt.ok, false);
    assert.equal(attempt.statusCode, 302);
    assert.match(attempt.error ?? '', /redirect/);
    assert.deepEqual(received.slice(before).map((r) => r.url), ['/redirect']);
  });

  it('a receiver slower than the timeout is a failure without a status', async () => {
    const attempt = await attemptWebhook(delivery({ url: url('/slow') }), LOCAL_DEV, 200);
    assert.equal(attempt.ok, false);
    assert.equal(attempt.statusCode, null);
    assert.match(attempt.error ?? '', /timed out/);
  });

  it('a refused connection is a failure without a status', async () => {
    const { server: closed, port: closedPort } = await startReceiver();
    await stopServer(closed);
    const attempt = await attemptWebhook(delivery({ url: `http://127.0.0.1:${closedPort}/ok` }), LOCAL_DEV);
    assert.deepEqual({ ok: attempt.ok, statusCode: attempt.statusCode }, { ok: false, statusCode: null });
    assert.match(attempt.error ?? '', /ECONNREFUSED/);
  });

  it('never throws: unsafe targets, bad URLs and unsendable headers come back as failed attempts', async () => {
    const before = received.length;
    const cases: Array<[WebhookDelivery, OutboundPolicy]> = [
      [delivery({ url: url('/ok') }), STRICT],
      [delivery({ url: 'ftp://127.0.0.1/' }), LOCAL_DEV],
      [delivery({ url: 'not a url' }), LOCAL_DEV],
      [delivery({ url: url('/ok'), secret: 'line\r\nbreak' }), LOCAL_DEV],
    ];
    for (const [d, policy] of cases) {
      const attempt = await attemptWebhook(d, policy);
      assert.equal(attempt.ok, false);
      assert.equal(attempt.statusCode, null);
      assert.ok(attempt.error && attempt.error.length > 0);
    }
    assert.match((await attemptWebhook(delivery({ url: url('/ok') }), STRICT)).error ?? '', /UnsafeUrlError/);
    assert.equal(received.length, before, 'nothing was delivered');
  });

  it('retries: a receiver that fails twice gets the third attempt, with the same webhook-id each time', async () => {
    const before = received.length;
    const attempts: WebhookAttempt[] = [];
    while (attempts.length < WEBHOOK_MAX_ATTEMPTS && !attempts.at(-1)?.ok) {
      attempts.push(await attemptWebhook(delivery({ url: url('/flaky'), webhookId: 'msg_retry' }), LOCAL_DEV));
    }
    assert.deepEqual(attempts.map((a) => a.statusCode), [503, 503, 200]);
    assert.deepEqual(attempts.map((a) => a.ok), [false, false, true]);
    const deliveries = received.slice(before);
    assert.equal(deliveries.length, 3);
    for (const request of deliveries) {
      assert.equal(request.headers['webhook-id'], 'msg_retry');
      assert.equal(request.body, BODY);
      assert.equal(verifyWebhookSignature(receivedHeaders(request), request.body, 'whk-s3cret'), true);
    }
  });
});

describe('retry schedule', () => {
  it('is 1 try + 3 retries, 5 s, 25 s, 125 s apart', () => {
    assert.equal(WEBHOOK_MAX_ATTEMPTS, 4);
    const delays = Array.from({ length: WEBHOOK_MAX_ATTEMPTS - 1 }, (_, i) => webhookRetryDelayMs(i + 1));
    assert.deepEqual(delays, [5_000, 25_000, 125_000]);
  });

  it('property: delays grow with the attempt number and stay finite', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (n) => {
        const delay = webhookRetryDelayMs(n);
        return Number.isFinite(delay) && delay > 0 && webhookRetryDelayMs(n + 1) >= delay;
      }),
    );
  });

  it('refuses attempt numbers that are not positive integers', () => {
    for (const n of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) assert.throws(() => webhookRetryDelayMs(n), RangeError);
  });
});
