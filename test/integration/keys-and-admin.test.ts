import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { createUser, setPlan } from '../../server/platform/accounts.ts';
import { Authenticator, createApiKey, isWellFormedKey, parseScopes } from '../../server/platform/keys.ts';
import { deleteApiKey, hashSecret, listApiKeys, revokeApiKey } from '../../server/platform/data/keys.ts';
import type { ApiError } from '../../server/platform/errors.ts';
import { createTestDatabase } from '../helpers/database.ts';
import type { Database } from '../../server/db/database.ts';
import { STARTER_SOURCES } from '../../scripts/starter-sources.ts';

const run = promisify(execFile);

describe('API keys', () => {
  let db: Database;
  let n = 0;
  before(async () => {
    db = await createTestDatabase();
  });
  after(() => db.close());

  test('a key is ci_ + 40 base62, stored only as its SHA-256 and a 10-character prefix', async () => {
    const user = await createUser(db, `k${++n}@example.com`, '2M');
    const { key, record } = await createApiKey(db, { userId: user.id, name: 'server', scopes: ['ai_detector'], expiration: '90d' });
    assert.ok(isWellFormedKey(key));
    assert.equal(record.prefix, key.slice(0, 10));
    const [row] = await db.query('select * from api_keys where id = $1', [record.id]);
    assert.deepEqual(row.key_hash, hashSecret(key));
    assert.ok(!JSON.stringify(row).includes(key));
    const days = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 86_400_000;
    assert.ok(Math.abs(days - 90) < 0.01);
  });

  test('per-plan active key limits: Trial 1, 300K 5, 2M 10, 12M 25; revoking frees a place', async () => {
    for (const [plan, limit] of [['Trial', 1], ['300K', 5], ['2M', 10], ['12M', 25]] as const) {
      const user = await createUser(db, `limit${++n}@example.com`, plan);
      const keys = [];
      for (let i = 0; i < limit; i++) keys.push(await createApiKey(db, { userId: user.id, name: `k${i}`, scopes: ['humanizer'], expiration: 'never' }));
      await assert.rejects(createApiKey(db, { userId: user.id, name: 'one too many', scopes: ['humanizer'], expiration: 'never' }), (e: ApiError) => e.details?.limit === limit);
      await revokeApiKey(db, keys[0].record.id);
      await createApiKey(db, { userId: user.id, name: 'replacement', scopes: ['humanizer'], expiration: 'never' });
    }
  });

  test('concurrent creations cannot pass the limit', async () => {
    const user = await createUser(db, `race${++n}@example.com`, '300K');
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => createApiKey(db, { userId: user.id, name: `k${i}`, scopes: ['humanizer'], expiration: 'never' })));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 5);
  });

  test('revoked, expired and deleted keys are refused; a plan change applies on the next request', async () => {
    const user = await createUser(db, `life${++n}@example.com`, '1M');
    const a = await createApiKey(db, { userId: user.id, name: 'a', scopes: ['grammar_checker'], expiration: '30d' });
    const authenticate = (key: string) => new Authenticator(db).authenticate(key);
    assert.equal((await authenticate(a.key)).plan.name, '1M');
    await setPlan(db, user.email, '25M');
    assert.equal((await authenticate(a.key)).plan.max_pending_jobs, 50);
    await db.query("update api_keys set expires_at = now() - interval '1 minute' where id = $1", [a.record.id]);
    await assert.rejects(authenticate(a.key), (e: ApiError) => e.code === 'api_key_expired');
    const b = await createApiKey(db, { userId: user.id, name: 'b', scopes: ['grammar_checker'], expiration: 'never' });
    await revokeApiKey(db, b.record.id);
    await assert.rejects(authenticate(b.key), (e: ApiError) => e.code === 'api_key_revoked');
    await deleteApiKey(db, b.record.id);
    await assert.rejects(authenticate(b.key), (e: ApiError) => e.code === 'invalid_api_key');
    assert.equal((await listApiKeys(db, user.id)).length, 1);
  });

  test('the concurrent requests of one key share one lookup, and a revocation applies to every request that comes after it', async () => {
    const user = await createUser(db, `shared${++n}@example.com`, '1M');
    const a = await createApiKey(db, { userId: user.id, name: 'a', scopes: ['ai_detector'], expiration: 'never' });
    const b = await createApiKey(db, { userId: user.id, name: 'b', scopes: ['humanizer'], expiration: 'never' });
    let lookups = 0;
    let holding = false; // while true, lookups answer only once `release` is called
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const query = (async (sql, params) => {
      lookups++;
      const rows = await db.query(sql, params);
      if (holding) await held;
      return rows;
    }) as Database['query'];
    const counting: Database = { ...db, query };
    const auth = new Authenticator(counting);

    const principals = await Promise.all([a.key, a.key, b.key, a.key, a.key, b.key].map((key) => auth.authenticate(key)));
    assert.deepEqual(principals.map((p) => [...p.scopes]), [['ai_detector'], ['ai_detector'], ['humanizer'], ['ai_detector'], ['ai_detector'], ['humanizer']]);
    assert.equal(lookups, 4); // per key: the first request at once, the other three together

    // A request that arrives while a lookup of its key is in flight gets a lookup of its own, after it.
    holding = true;
    const before = auth.authenticate(a.key);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the lookup has read the key
    await revokeApiKey(db, a.record.id);
    const afterRevocation = auth.authenticate(a.key);
    release();
    assert.equal((await before).keyId, a.record.id);
    await assert.rejects(afterRevocation, (e: ApiError) => e.code === 'api_key_revoked');
    await assert.rejects(auth.authenticate(undefined), (e: ApiError) => e.code === 'missing_api_key');
    await assert.rejects(auth.authenticate('ci_short'), (e: ApiError) => e.code === 'invalid_api_key');
  });

  test('scopes: at least one, known names, "all" is every public scope', () => {
    assert.deepEqual(parseScopes('all').sort(), ['ai_detector', 'grammar_checker', 'humanizer', 'image_detector', 'plagiarism_checker', 'voice_detector']);
    assert.throws(() => parseScopes(''));
    assert.throws(() => parseScopes('humanizer,telepathy'));
  });
});

describe('admin CLI', () => {
  // The CLI on a database of its own through DATABASE_URL (starting or joining the embedded cluster
  // is what `npm start`'s test covers; here each command would pay a cluster start).
  let database: Database;
  const adminWith = async (env: Record<string, string>, ...args: string[]) => {
    // The CLI's own environment, without a PORT or PUBLIC_URL this test process may have.
    const { PORT: _port, PUBLIC_URL: _publicUrl, ...inherited } = process.env;
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { env: { ...inherited, DATABASE_URL: database.url, ...env }, timeout: 60_000 });
      return { code: 0, stdout };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };
  const admin = (...args: string[]) => adminWith({}, ...args);
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.close());

  test('users, keys and credits round-trip with --json; bad arguments and refused actions exit non-zero', async () => {
    const created = await admin('users', 'create', '--email', 'ops@example.com', '--plan', 'Trial', '--json');
    assert.equal(created.code, 0, created.stderr);
    assert.equal(JSON.parse(created.stdout).credits, 10_000);

    const key = await admin('keys', 'create', '--user', 'ops@example.com', '--name', 'prod', '--scopes', 'all', '--expires', '30d', '--json');
    assert.equal(key.code, 0, key.stderr);
    const { key: secret, id, scopes } = JSON.parse(key.stdout);
    assert.ok(isWellFormedKey(secret));
    assert.equal(scopes.length, 6);

    const refused = await admin('keys', 'create', '--user', 'ops@example.com', '--name', 'second', '--scopes', 'humanizer');
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr ?? '', /allows 1 active key/);

    const listed = JSON.parse((await admin('keys', 'list', '--user', 'ops@example.com', '--json')).stdout);
    assert.equal(listed[0].prefix, secret.slice(0, 10));
    assert.ok(!JSON.stringify(listed).includes(secret));

    assert.equal((await admin('credits', 'grant', '--user', 'ops@example.com', '--amount', '500')).code, 0);
    const statement = JSON.parse((await admin('credits', 'show', '--user', 'ops@example.com', '--json')).stdout);
    assert.equal(statement.balance, 10_500);
    assert.equal(statement.ledgerSum, 10_500);

    assert.equal((await admin('plans', 'set', '--user', 'ops@example.com', '--plan', '2M')).code, 0);
    assert.equal((await admin('keys', 'revoke', id)).code, 0);
    assert.equal((await admin('keys', 'delete', id)).code, 0);

    assert.equal((await admin('credits', 'grant', '--user', 'ops@example.com', '--amount', '0')).code, 1);
    assert.equal((await admin('users', 'create', '--email', 'x@example.com')).code, 2);
    assert.equal((await admin('frobnicate')).code, 2);
    assert.equal((await admin('users', 'show', 'nobody@example.com')).code, 1);
  });

  test('users invite says which base URL its link assumed, and builds it on PUBLIC_URL or PORT like the server', async () => {
    const plain = await admin('users', 'invite', '--email', 'first@example.com');
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /^ {2}http:\/\/localhost:8000\/portal\/set-password#token=inv_/m);
    assert.match(plain.stdout, /assumes the server is reached at http:\/\/localhost:8000 \(the default; set PUBLIC_URL/);
    const port = await adminWith({ PORT: '3000' }, 'users', 'invite', '--email', 'first@example.com');
    assert.match(port.stdout, /^ {2}http:\/\/localhost:3000\/portal\/set-password#token=inv_/m);
    assert.match(port.stdout, /\(from PORT=3000;/);
    const json = await adminWith({ PUBLIC_URL: 'https://integrity.example.com' }, 'users', 'invite', '--email', 'first@example.com', '--json');
    const invite = JSON.parse(json.stdout);
    assert.equal(invite.base_url, 'https://integrity.example.com');
    assert.match(invite.link, /^https:\/\/integrity\.example\.com\/portal\/set-password#token=inv_/);
  });

  test('sources import --starter loads the starter corpus with each text\'s licence; again replaces it', async () => {
    const first = await admin('sources', 'import', '--starter');
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /imported the starter corpus, 14 sources/);
    assert.match(first.stdout, /GNU General Public License, version 3 \(https:\/\/www\.gnu\.org\/licenses\/gpl-3\.0\.txt\): FSF: "Everyone is permitted to copy and distribute verbatim copies/);
    assert.equal((await admin('sources', 'import', '--starter', '--json')).code, 0);
    const listed = JSON.parse((await admin('sources', 'list', '--json')).stdout);
    assert.equal(listed.total, STARTER_SOURCES.length);
    assert.deepEqual(listed.sources.map((x: { url: string }) => x.url).sort(), STARTER_SOURCES.map((x) => x.url).sort());
    const none = await admin('sources', 'import');
    assert.equal(none.code, 2);
    assert.match(none.stderr ?? '', /the JSONL file \(or --starter\) is required/);
  });
});
