/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are checked field by field */
/**
 * The developer portal over HTTP: invite links, sign-in and sessions, CSRF, sign-in rate limits,
 * the key pages' rules, and the wall between portal sessions and API keys. The browser flow is in
 * test/browser/portal.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inviteLink, inviteUser } from '../../server/platform/portal-accounts.ts';
import { CONTENT_SECURITY_POLICY } from '../../server/portal/routes.ts';
import { SAMPLES } from '../../server/portal/client/samples.ts';
import { readStarterSources, STARTER_SOURCES } from '../../scripts/starter-sources.ts';
import { portalUser, sessionCookie, signIn } from '../helpers/portal.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('developer portal', () => {
  let server: TestServer;
  let now = Date.now();

  before(async () => {
    server = await startTestServer({ overrides: { clock: () => new Date(now) } });
  });
  after(() => server.close());

  test('an invite link sets the password once; then the user signs in', async () => {
    const invite = await inviteUser(server.services.db, `invited-${process.pid}@example.com`, 'Free', new Date(now));
    const link = inviteLink(server.url, invite.token);
    assert.match(link, /\/portal\/set-password#token=inv_[\w-]{43}$/);
    const set = (token: string) => fetch(`${server.url}/portal/api/password/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify({ token, password: 'a long enough password' }) });
    const first = await set(invite.token);
    assert.equal(first.status, 200);
    assert.equal((await first.json()).email, invite.user.email);
    // Setting the password signs the browser in: its cookie is a session at once.
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('ci_session='))!.split(';')[0];
    const signedIn = await fetch(`${server.url}/portal/api/me/`, { headers: { Cookie: cookie } });
    assert.equal(signedIn.status, 200);
    assert.equal(((await signedIn.json()) as { user: { email: string } }).user.email, invite.user.email);
    const again = await set(invite.token);
    assert.equal(again.status, 400);
    assert.match((await again.json()).message, /already used|expired/);
    const session = await signIn(server, invite.user.email, 'a long enough password');
    const me = await session.request('/portal/api/me/');
    assert.equal(me.status, 200);
    assert.equal(me.body.user.email, invite.user.email);
    assert.equal(me.body.plan, 'Free');
  });

  test('an invite link expires after 24 hours', async () => {
    const invite = await inviteUser(server.services.db, `late-${process.pid}@example.com`, 'Free', new Date(now - 25 * 3600_000));
    const res = await fetch(`${server.url}/portal/api/password/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify({ token: invite.token, password: 'a long enough password' }) });
    assert.equal(res.status, 400);
  });

  test('a short password is refused with the contract error', async () => {
    const invite = await inviteUser(server.services.db, `short-${process.pid}@example.com`, 'Free', new Date(now));
    const res = await fetch(`${server.url}/portal/api/password/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify({ token: invite.token, password: 'short' }) });
    const body: any = await res.json();
    assert.equal(res.status, 400);
    assert.equal(body.code, 'invalid_payload');
    // The portal shows the message as it is: a sentence, without the field's raw name before it.
    assert.equal(body.message, 'The password needs at least 10 characters.');
  });

  test('cookie flags: HttpOnly, SameSite=Lax, Path=/portal/, Secure only over HTTPS or when configured', async () => {
    const user = await portalUser(server);
    const res = await fetch(`${server.url}/portal/api/session/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify(user) });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ci_session='))!;
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Lax/);
    assert.match(cookie, /; Path=\/portal\//);
    assert.doesNotMatch(cookie, /Secure/);
    const secure = await startTestServer({ env: { PORTAL_SECURE_COOKIES: 'true' } });
    try {
      const u = await portalUser(secure);
      const r = await fetch(`${secure.url}/portal/api/session/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: secure.url }, body: JSON.stringify(u) });
      assert.match(r.headers.getSetCookie().find((c) => c.startsWith('ci_session='))!, /; Secure/);
    } finally {
      await secure.close();
    }
  });

  test('session fixation: sign-in always issues a new session id and ends the one sent', async () => {
    const user = await portalUser(server);
    const first = await signIn(server, user.email, user.password);
    const planted = await signIn(server, user.email, user.password, { Cookie: first.cookie });
    assert.notEqual(planted.cookie, first.cookie);
    assert.equal((await first.request('/portal/api/me/')).status, 401);
    const attacker = await signIn(server, user.email, user.password, { Cookie: 'ci_session=attackerchosenvalue0123456789' });
    assert.notEqual(attacker.cookie, 'ci_session=attackerchosenvalue0123456789');
  });

  test('CSRF: a state-changing request needs our Origin and the session token', async () => {
    const user = await portalUser(server);
    const session = await signIn(server, user.email, user.password);
    const body = { name: 'x', scopes: ['ai_detector'], expiration: 'never' };
    const noOrigin = await session.request('/portal/api/keys/', { json: body, headers: { Origin: '' } });
    assert.equal(noOrigin.status, 403);
    assert.equal(noOrigin.body.code, 'csrf_rejected');
    const foreign = await session.request('/portal/api/keys/', { json: body, headers: { Origin: 'https://evil.example' } });
    assert.equal(foreign.status, 403);
    const noToken = await session.request('/portal/api/keys/', { json: body, headers: { 'X-CSRF-Token': '' } });
    assert.equal(noToken.status, 403);
    assert.equal(noToken.body.code, 'csrf_rejected');
    const wrongToken = await session.request('/portal/api/keys/', { json: body, headers: { 'X-CSRF-Token': 'x'.repeat(32) } });
    assert.equal(wrongToken.status, 403);
    assert.equal((await session.request('/portal/api/keys/')).body.keys.length, 0, 'nothing was created');
    const signInCsrf = await fetch(`${server.url}/portal/api/session/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, body: JSON.stringify(user) });
    assert.equal(signInCsrf.status, 403);
    const ok = await session.request('/portal/api/keys/', { json: body });
    assert.equal(ok.status, 200);
  });

  test('sign-in: the same answer for an unknown email and a wrong password; rate limited per account', async () => {
    const user = await portalUser(server);
    const attempt = (email: string, password: string) =>
      fetch(`${server.url}/portal/api/session/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify({ email, password }) });
    const wrong = await attempt(user.email, 'wrong password!');
    const unknown = await attempt(`nobody-${process.pid}@example.com`, 'wrong password!');
    const [a, b]: any[] = [await wrong.json(), await unknown.json()];
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.deepEqual([a.code, a.message], [b.code, b.message]);
    for (let i = 1; i < 10; i++) assert.equal((await attempt(user.email, 'wrong password!')).status, 401);
    const limited = await attempt(user.email, user.password);
    assert.equal(limited.status, 429);
    assert.equal(((await limited.json()) as any).code, 'rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
  });

  test('the per-address sign-in limit reads X-Forwarded-For only behind a trusted proxy (TRUST_PROXY)', async () => {
    const failures = (target: TestServer, forwardedFor: string, count: number, tag: string) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          fetch(`${target.url}/portal/api/session/`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: target.url, 'X-Forwarded-For': forwardedFor.replace('{i}', String(i)) },
            body: JSON.stringify({ email: `nobody-${tag}-${i}-${process.pid}@example.com`, password: 'wrong password!' }),
          }).then((r) => r.status),
        ),
      );
    const [proxied, direct] = await Promise.all([startTestServer({ env: { TRUST_PROXY: '1' } }), startTestServer()]);
    try {
      // 50 failures from one client behind the proxy spend that client's limit, not the next one's.
      assert.deepEqual(new Set(await failures(proxied, '198.51.100.7, 203.0.113.1', 50, 'a')), new Set([401]));
      assert.deepEqual(await failures(proxied, '198.51.100.7, 203.0.113.1', 1, 'b'), [429]);
      assert.deepEqual(await failures(proxied, '198.51.100.7, 203.0.113.2', 1, 'c'), [401], 'another client behind the proxy is not limited');
      // Without TRUST_PROXY a client cannot escape the limit by writing its own X-Forwarded-For.
      assert.deepEqual(new Set(await failures(direct, '203.0.113.{i}', 50, 'd')), new Set([401]));
      assert.deepEqual(await failures(direct, '203.0.113.99', 1, 'e'), [429]);
    } finally {
      await Promise.all([proxied.close(), direct.close()]);
    }
  });

  test('sessions expire when idle and at their absolute age', async () => {
    const user = await portalUser(server);
    const session = await signIn(server, user.email, user.password);
    now += 30 * 60_000;
    assert.equal((await session.request('/portal/api/me/')).status, 200, 'used within the idle time');
    now += 61 * 60_000;
    const idle = await session.request('/portal/api/me/');
    assert.equal(idle.status, 401);
    assert.equal(idle.body.code, 'not_signed_in');
    const fresh = await signIn(server, user.email, user.password);
    for (let i = 0; i < 14; i++) {
      now += 55 * 60_000;
      if (i < 13) assert.equal((await fresh.request('/portal/api/me/')).status, 200, `hour ${i}`);
    }
    assert.equal((await fresh.request('/portal/api/me/')).status, 401, 'past 12 hours');
    const page = await fetch(`${server.url}/portal/keys`, { headers: { Cookie: fresh.cookie }, redirect: 'manual' });
    assert.equal(page.status, 302);
    assert.match(page.headers.get('location')!, /\/portal\/sign-in/);
  });

  test('sign out, and sign out everywhere', async () => {
    const user = await portalUser(server);
    const one = await signIn(server, user.email, user.password);
    const two = await signIn(server, user.email, user.password);
    assert.equal((await one.request('/portal/api/session/', { method: 'DELETE' })).status, 200);
    assert.equal((await one.request('/portal/api/me/')).status, 401);
    assert.equal((await two.request('/portal/api/me/')).status, 200);
    const three = await signIn(server, user.email, user.password);
    const all = await three.request('/portal/api/sessions/', { method: 'DELETE' });
    assert.equal(all.body.sessions_ended, 2);
    assert.equal((await two.request('/portal/api/me/')).status, 401);
  });

  test('password change needs the current password and ends the other sessions', async () => {
    const user = await portalUser(server);
    const a = await signIn(server, user.email, user.password);
    const b = await signIn(server, user.email, user.password);
    const wrong = await a.request('/portal/api/password/change/', { json: { current_password: 'nope', new_password: 'another long password' } });
    assert.equal(wrong.status, 401);
    const ok = await a.request('/portal/api/password/change/', { json: { current_password: user.password, new_password: 'another long password' } });
    assert.equal(ok.status, 200);
    assert.equal((await a.request('/portal/api/me/')).status, 200);
    assert.equal((await b.request('/portal/api/me/')).status, 401);
    await signIn(server, user.email, 'another long password');
  });

  test('keys: at least one scope, the plan limit, shown once, revoke and delete only by the owner', async () => {
    const user = await portalUser(server);
    const session = await signIn(server, user.email, user.password);
    const noScope = await session.request('/portal/api/keys/', { json: { name: 'k', scopes: [], expiration: 'never' } });
    assert.equal(noScope.status, 400);
    assert.equal(noScope.body.message, 'Choose at least one scope under Model Access.');
    const noName = await session.request('/portal/api/keys/', { json: { name: '  ', scopes: ['ai_detector'], expiration: 'never' } });
    assert.equal(noName.status, 400);
    assert.equal(noName.body.message, 'Give the key a name.', 'no raw "name: " before the sentence');
    assert.deepEqual(noName.body.details.issues, [{ path: 'name', message: 'Give the key a name.' }], 'the field stays in details');
    const badEmail = await fetch(`${server.url}/portal/api/session/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify({ email: 'not an email', password: 'x' }) });
    assert.equal(((await badEmail.json()) as any).message, 'Enter a valid email address.');
    const created = await session.request('/portal/api/keys/', { json: { name: 'k', scopes: ['ai_detector', 'grammar_checker'], expiration: '30d' } });
    assert.equal(created.status, 200);
    const key: string = created.body.key;
    assert.match(key, /^ci_\w{40}$/);
    assert.equal(created.body.record.expiration, '30d');
    const limit = await session.request('/portal/api/keys/', { json: { name: 'k2', scopes: ['ai_detector'], expiration: 'never' } });
    assert.equal(limit.status, 400);
    assert.match(limit.body.message, /Free plan allows 1 active key/);
    assert.equal(limit.body.details.limit, 1);

    // The key works, is tracked as used, and never appears again anywhere.
    const call = await server.request('/api/account/', { key });
    assert.equal(call.status, 200);
    assert.equal(call.body.plan, 'Free');
    assert.equal(call.body.user_id, user.userId);
    assert.equal(call.body.limits.max_active_keys, 1);
    assert.deepEqual(Object.keys(call.body.usage).sort(), ['detect_and_humanize', 'detector', 'grammar', 'humanizer', 'image', 'plagiarism', 'voice']);
    await server.services.keyUsage.flush();
    const list = await session.request('/portal/api/keys/');
    assert.ok(list.body.keys[0].last_used_at, 'last used recorded');
    for (const path of ['/portal/api/keys/', '/portal/api/me/', '/portal/api/usage/', '/portal/api/ledger/', '/portal/api/jobs/', '/portal/keys', '/portal/usage', '/portal/usage/ledger.csv']) {
      const res = await session.request(path);
      assert.equal(res.status, 200, path);
      assert.ok(!JSON.stringify(res.body).includes(key.slice(10)), `${path} shows the key`);
    }
    const stored = await server.services.db.query("select row_to_json(k)::text as row from api_keys k where user_id = $1", [user.userId]);
    assert.ok(!stored[0].row.includes(key.slice(10)), 'the database holds no copy of the key');

    // Another user cannot touch it.
    const other = await portalUser(server);
    const otherSession = await signIn(server, other.email, other.password);
    const id = created.body.record.id;
    assert.equal((await otherSession.request(`/portal/api/keys/${id}/revoke/`, { method: 'POST' })).status, 404);
    assert.equal((await otherSession.request(`/portal/api/keys/${id}/`, { method: 'DELETE' })).status, 404);

    const revoked = await session.request(`/portal/api/keys/${id}/revoke/`, { method: 'POST' });
    assert.equal(revoked.body.status, 'Revoked');
    const refused = await server.request('/api/account/', { key });
    assert.equal(refused.status, 401);
    assert.equal(refused.body.code, 'api_key_revoked');
    assert.equal((await session.request(`/portal/api/keys/${id}/`, { method: 'DELETE' })).status, 200);
    assert.equal((await session.request('/portal/api/keys/')).body.keys.length, 0);
  });

  test('an API key is refused on portal routes; the portal cookie is refused on API routes', async () => {
    const user = await portalUser(server, '1M');
    const session = await signIn(server, user.email, user.password);
    const { key } = (await session.request('/portal/api/keys/', { json: { name: 'k', scopes: ['ai_detector'], expiration: 'never' } })).body;
    const withKey = await session.request('/portal/api/me/', { headers: { 'X-API-Key': key } });
    assert.equal(withKey.status, 401);
    assert.equal(withKey.body.code, 'not_signed_in');
    const keyOnly = await server.request('/portal/api/keys/', { key });
    assert.equal(keyOnly.status, 401);
    const cookieOnApi = await fetch(`${server.url}/api/account/`, { headers: { Cookie: session.cookie } });
    assert.equal(cookieOnApi.status, 401);
    assert.equal(((await cookieOnApi.json()) as any).code, 'missing_api_key');
    const cookieOnDetector = await fetch(`${server.url}/api/detector/`, { method: 'POST', headers: { Cookie: session.cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ content: 'hello there' }) });
    assert.equal(cookieOnDetector.status, 401);
  });

  test('usage, ledger and the account endpoint agree on a charge', async () => {
    const user = await portalUser(server, '1M');
    const session = await signIn(server, user.email, user.password);
    const { key } = (await session.request('/portal/api/keys/', { json: { name: 'k', scopes: ['ai_detector'], expiration: 'never' } })).body;
    const detect = await server.request('/api/detector/', { method: 'POST', key, json: { content: 'The committee reviewed the proposal on Monday and asked for a revised budget.' } });
    assert.equal(detect.status, 200);
    const requestId = detect.headers.get('x-request-id');
    const account = (await server.request('/api/account/', { key })).body;
    assert.equal(account.usage.detector, detect.body.word_count);
    assert.equal(account.credits_remaining, detect.body.credits_remaining);
    const usage = (await session.request('/portal/api/usage/')).body;
    assert.equal(usage.account.usage.detector, detect.body.word_count);
    assert.equal(usage.daily.find((d: any) => d.service === 'detector').credits, detect.body.word_count);
    const ledger = (await session.request('/portal/api/ledger/?per_page=5')).body;
    assert.equal(ledger.entries[0].request_id, requestId);
    assert.equal(ledger.entries[0].credits, -detect.body.word_count);
    const csv = (await session.request('/portal/usage/ledger.csv')).body as string;
    assert.match(csv.split('\r\n')[1], new RegExp(`,${requestId},,-${detect.body.word_count},`));
    const bad = await session.request('/portal/api/ledger/?per_page=1000');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'invalid_payload');
  });

  test('playground detection is charged like the API', async () => {
    const user = await portalUser(server, '1M');
    const session = await signIn(server, user.email, user.password);
    const before = (await session.request('/portal/api/usage/')).body.account.credits_remaining;
    const res = await session.request('/portal/api/playground/detector/', { json: { content: 'One sentence here. And another one there.' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.word_count, 7);
    assert.equal(res.body.items.length, 2);
    assert.equal(res.body.credits_remaining, before - 7);
    const empty = await session.request('/portal/api/playground/detector/', { json: { content: '   ' } });
    assert.equal(empty.status, 400);
    assert.equal((await session.request('/portal/api/usage/')).body.account.credits_remaining, before - 7);
  });

  test('playground grammar and plagiarism use the API handlers and prices; an empty corpus is refused uncharged, the starter corpus finds the sample\'s source', async () => {
    const user = await portalUser(server, '1M');
    const session = await signIn(server, user.email, user.password);
    const grammar = await session.request('/portal/api/playground/grammar/', { json: { content: 'She go to school every days.' } });
    assert.equal(grammar.status, 200);
    assert.equal(grammar.body.input_words, 6);
    assert.ok(grammar.body.diff.length > 0);
    // A fresh install: nothing to compare with, so no scan and no charge (it was "original, 0 sources checked" for 2 credits).
    const balance = async () => (await session.request('/portal/api/usage/')).body.account.credits_remaining;
    const before = await balance();
    const nothing = await session.request('/portal/api/playground/plagiarism/', { json: { content: SAMPLES.plagiarism } });
    assert.equal(nothing.status, 409, JSON.stringify(nothing.body));
    assert.equal(nothing.body.code, 'no_sources');
    assert.match(nothing.body.message, /npm run admin -- sources import --starter/);
    assert.match(nothing.body.message, /PLAGIARISM_SEARXNG_URL/);
    assert.equal(await balance(), before);

    await (await server.services.plagiarism()).corpus.upsertAll(readStarterSources());
    const scan = await session.request('/portal/api/playground/plagiarism/', { json: { content: SAMPLES.plagiarism } });
    assert.equal(scan.status, 200, JSON.stringify(scan.body));
    assert.equal(scan.body.sources[0].url, 'https://www.gnu.org/licenses/gpl-3.0.txt', JSON.stringify(scan.body.sources.map((x: any) => x.url)));
    assert.notEqual(scan.body.verdict, 'original');
    assert.equal(scan.body.stats.sources_checked, STARTER_SOURCES.length);
    const ledger = (await session.request('/portal/api/ledger/?per_page=2')).body.entries;
    assert.deepEqual(ledger.map((e: any) => [e.operation, e.credits]), [['plagiarism', -2], ['grammar', -6]]);
    const short = await session.request('/portal/api/playground/humanizer/', { json: { content: 'Too short to humanize.' } });
    assert.equal(short.status, 400);
    assert.equal(short.body.code, 'min_words_not_met');
  });

  test('pages: the root links to the portal and the docs; CSP without inline scripts; signed-out pages redirect', async () => {
    const root = await fetch(`${server.url}/`);
    const html = await root.text();
    assert.match(html, /href="\/portal\/"/);
    assert.match(html, /href="\/docs"/);
    const signInPage = await fetch(`${server.url}/portal/sign-in`);
    assert.equal(signInPage.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
    assert.match(CONTENT_SECURITY_POLICY, /script-src 'self';/);
    assert.doesNotMatch(await signInPage.text(), /<script(?![^>]*\bsrc=)[^>]*>/);
    const js = await fetch(`${server.url}/portal/assets/portal.js`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type')!, /javascript/);
    const keys = await fetch(`${server.url}/portal/keys`, { redirect: 'manual' });
    assert.equal(keys.status, 302);
    assert.equal(keys.headers.get('location'), '/portal/sign-in?next=%2Fportal%2Fkeys');
    const signup = await fetch(`${server.url}/portal/api/sign-up/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify({ email: 'new@example.com', password: 'a long enough password' }) });
    assert.equal(signup.status, 404, 'sign-up is closed by default');
    assert.equal(sessionCookie(signup), undefined);
  });

  test('an icon: every page names it, and /favicon.ico answers for pages that do not', async () => {
    assert.match(await (await fetch(`${server.url}/portal/sign-in`)).text(), /<link rel="icon" href="\/portal\/assets\/favicon.svg"/);
    for (const path of ['/portal/assets/favicon.svg', '/favicon.ico']) {
      const icon = await fetch(`${server.url}${path}`);
      assert.equal(icon.status, 200, path);
      assert.equal(icon.headers.get('content-type'), 'image/svg+xml', path);
      assert.match(await icon.text(), /^<svg /, path);
    }
  });
});

describe('open sign-up (PORTAL_SIGNUP=open)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { PORTAL_SIGNUP: 'open' } });
  });
  after(() => server.close());

  test('creates a Free-plan user and signs in', async () => {
    const res = await fetch(`${server.url}/portal/api/sign-up/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify({ email: `open-${process.pid}@example.com`, password: 'a long enough password' }) });
    assert.equal(res.status, 200);
    const body: any = await res.json();
    assert.equal(body.plan, 'Free');
    assert.ok(sessionCookie(res));
  });

  test('sign-in is rate limited per address: 50 failures from one address, whatever the emails', async () => {
    const attempt = (i: number) =>
      fetch(`${server.url}/portal/api/session/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify({ email: `someone${i}@example.com`, password: 'guessing' }) });
    for (let i = 0; i < 50; i++) assert.equal((await attempt(i)).status, 401, `attempt ${i}`);
    const limited = await attempt(50);
    assert.equal(limited.status, 429);
    assert.match(((await limited.json()) as any).message, /Too many sign-in attempts/);
  });
});
