/**
 * API keys: `ci_` + 40 random base62 characters, shown once; only the SHA-256 hash and the display
 * prefix are stored. Authentication is one indexed lookup by hash, shared by the concurrent
 * requests made with the same key.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { PUBLIC_SCOPES, SCOPES, type Scope } from '../../contract/catalogue.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from './errors.ts';
import { planOfUser } from './data/accounts.ts';
import { countUsableKeys, findKeyByHash, hashSecret, insertApiKey, lockActiveKeyLimit, touchKeys, type ApiKeyRecord, type KeyRow } from './data/keys.ts';
import { BatchedRounds } from './batched-rounds.ts';

const KEY_PREFIX = 'ci_';
const KEY_RANDOM_LENGTH = 40;
const DISPLAY_PREFIX_LENGTH = 10;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^ci_[0-9A-Za-z]{40}$/;

export const EXPIRATIONS = { never: null, '30d': 30, '60d': 60, '90d': 90 } as const;
export type Expiration = keyof typeof EXPIRATIONS;


/** Who is calling: resolved from the key on every authenticated request. */
export interface Principal {
  userId: number;
  keyId: string;
  scopes: ReadonlySet<string>;
  plan: { name: string; max_pending_jobs: number; image_requests_per_minute: number; humanizer_sync_per_minute: number };
}

/** Uniform base62 without modulo bias: rejection-sample bytes below 248 (= 4 × 62). */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}


export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

const isScope = (s: string): s is Scope => SCOPES.some((scope) => scope === s);
const isExpiration = (s: string): s is Expiration => Object.hasOwn(EXPIRATIONS, s);

export function parseScopes(input: string): Scope[] {
  if (input.trim() === 'all') return [...PUBLIC_SCOPES];
  const scopes = [...new Set(input.split(',').map((s) => s.trim()).filter(Boolean))];
  if (scopes.length === 0) throw new ApiError('invalid_payload', 'At least one scope must be chosen.');
  const known = scopes.filter(isScope);
  if (known.length < scopes.length) {
    const unknown = scopes.filter((s) => !isScope(s));
    throw new ApiError('invalid_payload', `Unknown scope(s): ${unknown.join(', ')}; scopes: ${SCOPES.join(', ')} or "all".`);
  }
  return known;
}

export function parseExpiration(input: string): Expiration {
  const value = input.trim().toLowerCase().replace(/^(\d+)\s*days?$/, '$1d');
  if (!isExpiration(value)) throw new ApiError('invalid_payload', `Expiration must be never, 30d, 60d or 90d (got "${input}").`);
  return value;
}

/** Creates a key for a user within the plan's active-key limit; the full key is returned only here. */
export async function createApiKey(
  db: Database,
  input: { userId: number; name: string; scopes: Scope[]; expiration: Expiration },
): Promise<{ key: string; record: ApiKeyRecord }> {
  if (!input.name.trim()) throw new ApiError('invalid_payload', 'A key needs a name.');
  if (input.scopes.length === 0) throw new ApiError('invalid_payload', 'At least one scope must be chosen.');
  const key = KEY_PREFIX + randomBase62(KEY_RANDOM_LENGTH);
  const days = EXPIRATIONS[input.expiration];
  return db.transaction(async (tx) => {
    // Lock the user row so two concurrent creations cannot both pass the limit check.
    const limit = await lockActiveKeyLimit(tx, input.userId);
    if (!limit) throw new ApiError('not_found', `No user ${input.userId}`);
    const active = await countUsableKeys(tx, input.userId);
    if (active >= limit.max_active_keys) {
      throw new ApiError('invalid_payload', `The plan allows ${limit.max_active_keys} active key(s); revoke or delete one first.`, { limit: limit.max_active_keys, active });
    }
    const record = await insertApiKey(tx, [randomUUID(), input.userId, input.name.trim(), key.slice(0, DISPLAY_PREFIX_LENGTH), hashSecret(key), input.scopes, days]);
    return { key, record };
  });
}


function wellFormedHash(key: string | undefined): Buffer {
  if (!key) throw new ApiError('missing_api_key', 'Send your API key in the X-API-Key header.');
  if (!isWellFormedKey(key)) throw new ApiError('invalid_api_key', 'The API key is malformed.');
  return hashSecret(key);
}

function principalOf(row: KeyRow | undefined): Principal {
  if (!row) throw new ApiError('invalid_api_key', 'The API key is not valid.');
  if (!row.usable) {
    // USABLE_KEY decides; these name why, for the caller.
    if (row.status === 'Revoked') throw new ApiError('api_key_revoked', 'The API key was revoked.');
    if (row.expired) throw new ApiError('api_key_expired', 'The API key has expired.');
    throw new ApiError('invalid_api_key', 'The API key is not usable.');
  }
  return {
    userId: row.user_id,
    keyId: row.id,
    scopes: new Set(row.scopes),
    plan: { name: row.name, max_pending_jobs: row.max_pending_jobs, image_requests_per_minute: row.image_requests_per_minute, humanizer_sync_per_minute: row.humanizer_sync_per_minute },
  };
}

/**
 * Authentication for the API: the concurrent requests made with one key share one lookup (see
 * BatchedRounds). Nothing is cached: each lookup starts after its requests arrived, so a key
 * revoked or expired before a request is refused on that request.
 */
export class Authenticator {
  private readonly lookups: BatchedRounds<string, Buffer, KeyRow | undefined>;

  constructor(db: Database) {
    this.lookups = new BatchedRounds(async (_hex, hashes) => {
      const row = await findKeyByHash(db, hashes[0]);
      return hashes.map(() => ({ ok: true, value: row }));
    });
  }

  /** Resolves the X-API-Key header to a principal, or throws the matching 401. */
  async authenticate(key: string | undefined): Promise<Principal> {
    return this.principalFor(wellFormedHash(key));
  }

  /** The principal of the key with this hash, or the matching 401. */
  async principalFor(hash: Buffer): Promise<Principal> {
    return principalOf(await this.lookups.submit(hash.toString('hex'), hash));
  }

  /** The key of one request to a route that needs `scopes`; throws the 401 of a missing or malformed key. */
  requestKey(key: string | undefined, scopes: readonly string[]): RequestKey {
    return new RequestKey(this, wellFormedHash(key), scopes);
  }
}

/**
 * The API key of one request, well formed, not yet known to be usable for its route. That is found
 * by a lookup (`principal()`), or by a charge that checks the key in its own statement
 * (ChargeQueue.chargeByKey), which saves a request a database round trip.
 */
export class RequestKey {
  private lookup?: Promise<Principal>;

  constructor(private readonly auth: Authenticator, readonly hash: Buffer, readonly scopes: readonly string[]) {}

  /** The caller, looked up once; throws the key's 401 or the route's 403 insufficient_scope. */
  principal(): Promise<Principal> {
    this.lookup ??= this.auth.principalFor(this.hash).then((principal) => {
      requireScopes(principal, this.scopes);
      return principal;
    });
    return this.lookup;
  }
}

/** A signed-in portal user as an API caller holding every public scope: the playground's caller, who pays. */
export async function userPrincipal(db: Database, userId: number): Promise<Principal> {
  const plan = await planOfUser(db, userId);
  return { userId, keyId: 'portal-playground', scopes: new Set(PUBLIC_SCOPES), plan };
}

export function requireScopes(principal: Principal, required: readonly string[]): void {
  const missing = required.filter((s) => !principal.scopes.has(s));
  if (missing.length) throw new ApiError('insufficient_scope', `This API key lacks the scope(s) ${missing.join(' and ')}.`, { required: [...required], missing });
}


/**
 * Last used, kept cheaply: a request only notes its key in memory (at most once a minute per
 * key); one background statement every few seconds writes the noted keys together. So a request
 * costs no extra statement, and a busy key costs at most one write a minute.
 */
export class KeyUsage {
  private readonly noted = new Map<string, number>();
  private readonly pending = new Set<string>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly db: Queryable, private readonly onError: (error: unknown) => void, private readonly flushMs = 5_000) {}

  /** Notes the use of an API key (the secret as sent; only its hash is kept). */
  touch(apiKey: string, nowMs = Date.now()): void {
    const id = hashSecret(apiKey).toString('hex');
    const last = this.noted.get(id);
    if (last !== undefined && nowMs - last < 60_000) return;
    if (this.noted.size > 10_000) this.noted.clear();
    this.noted.set(id, nowMs);
    this.pending.add(id);
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  /** Writes the noted keys now (also at shutdown). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const hashes = [...this.pending].map((id) => Buffer.from(id, 'hex'));
    this.pending.clear();
    if (!hashes.length) return;
    await touchKeys(this.db, hashes).catch(this.onError);
  }
}