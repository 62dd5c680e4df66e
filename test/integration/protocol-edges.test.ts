/**
 * What an independent fuzz of the contract found, each a test: a valid charged request pipelined
 * with a malformed one is answered (and charged) before the refusal; NUL in a stored string is a
 * 400; OPTIONS, upper-case paths and a JSON charset other than UTF-8 get answers the contract
 * declares; a callback host that does not resolve is refused without the resolver's text.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../helpers/endpoints.ts';
import { portalUser, signIn } from '../helpers/portal.ts';
import { parseRawResponse, rawExchange } from '../helpers/raw-http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const CONTENT = 'The committee met on Tuesday to review the budget and agreed to fund two new projects next year.';
const WORDS = 18;

/** Every answer a server wrote on one connection, in order. */
function splitAnswers(raw: Buffer): ReturnType<typeof parseRawResponse>[] {
  const answers = [];
  let rest = raw.toString('utf8');
  while (rest.startsWith('HTTP/1.1 ')) {
    const head = rest.slice(0, rest.indexOf('\r\n\r\n'));
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    const end = head.length + 4 + length;
    answers.push(parseRawResponse(rest.slice(0, end)));
    rest = rest.slice(end);
  }
  return answers;
}

describe('protocol edges found by fuzzing', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const balance = async (key: string) => ((await server.request('/api/account/', { key })).body as { credits_remaining: number }).credits_remaining;

  for (const [name, malformed] of [
    ['an unknown method', 'BOGUS /api/detector/ HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a bad header line', 'GET /api/account/ HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'],
  ] as const) {
    test(`a charged request pipelined with ${name}: its 200 comes first, then the refusal; the balance moves only with the answered 200`, async () => {
      const { key } = await server.account();
      const before = await balance(key);
      const body = JSON.stringify({ content: CONTENT });
      const valid = `POST /api/detector/ HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      const answers = splitAnswers(await rawExchange(server.url, valid + malformed));
      assert.equal(answers.length, 2, 'two answers on the connection');
      assert.equal(answers[0].status, 200);
      assert.equal(JSON.parse(answers[0].body).word_count, WORDS);
      assert.ok([400, 404, 405].includes(answers[1].status), `the refusal: ${answers[1].status}`);
      assert.doesNotMatch(answers[1].body, /does not take POST/, 'the refusal does not name the earlier request');
      assert.equal(answers[1].headers.connection, 'close');
      assert.equal(await balance(key), before - WORDS);
    });
  }

  test('an unknown method alone is still named in its 405', async () => {
    const [answer] = splitAnswers(await rawExchange(server.url, 'BOGUS /api/detector/ HTTP/1.1\r\nHost: x\r\n\r\n'));
    assert.equal(answer.status, 405);
    assert.match(JSON.parse(answer.body).message, /does not take BOGUS; it takes POST/);
  });

  test('NUL in a portal key name, a query parameter or any JSON field is 400 invalid_payload, never a 500', async () => {
    const { email, password } = await portalUser(server);
    const session = await signIn(server, email, password);
    const created = await session.request('/portal/api/keys/', { json: { name: 'bad\u0000name', scopes: ['ai_detector'], expiration: 'never' } });
    assertError(created, 400, 'invalid_payload');
    assert.match(created.body.message, /name: must be well-formed Unicode without U\+0000/);
    const { key } = await server.account({ scopes: ['admin'] });
    assertError(await server.request('/api/admin/sources/?url=http%3A%2F%2Fa.example%2F%00', { key }), 400, 'invalid_payload');
    assertError(await server.request('/api/detector/', { method: 'POST', key, json: { content: CONTENT, callback_url: 'https://a.example/\u0000' } }), 400, 'invalid_payload');
  });

  test('OPTIONS is 405 with Allow, as the contract declares for any method a path does not take', async () => {
    const res = await server.request('/api/detector/', { method: 'OPTIONS' });
    assertError(res, 405, 'method_not_allowed');
    assert.equal(res.headers.get('allow'), 'POST');
  });

  test('paths are case-sensitive: POST /API/DETECTOR/ is 404 (nothing charged), with the path to use', async () => {
    const { key } = await server.account();
    const before = await balance(key);
    const res = await server.request('/API/DETECTOR/', { method: 'POST', key, json: { content: CONTENT } });
    assertError(res, 404, 'not_found');
    assert.match(res.body.message, /did you mean \/api\/detector\/\?/);
    assert.equal(await balance(key), before);
  });

  test('JSON in a charset other than UTF-8 is 415 unsupported_media_type', async () => {
    const { key } = await server.account();
    for (const charset of ['bogus', 'latin1', 'utf-16']) {
      const res = await server.request('/api/detector/', { method: 'POST', key, headers: { 'Content-Type': `application/json; charset=${charset}` }, body: JSON.stringify({ content: CONTENT }) });
      assertError(res, 415, 'unsupported_media_type');
    }
    const utf8 = await server.request('/api/detector/', { method: 'POST', key, headers: { 'Content-Type': 'application/json; charset=UTF-8' }, body: JSON.stringify({ content: CONTENT }) });
    assert.equal(utf8.status, 200);
  });

  test('a callback host that does not resolve: 400 naming the host, without the resolver\'s text', async () => {
    const { key } = await server.account();
    const res = await server.request('/api/detector/', { method: 'POST', key, json: { content: CONTENT, callback_url: 'https://no-such-host.invalid/hook' } });
    assertError(res, 400, 'invalid_payload');
    assert.match(res.body.message, /no-such-host\.invalid could not be resolved/);
    assert.doesNotMatch(res.body.message, /getaddrinfo|ENOTFOUND|EAI_/);
  });
});
