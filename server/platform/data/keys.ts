/** API keys as rows: only the SHA-256 hash and the display prefix of a key are stored. */
import { createHash } from 'node:crypto';
import type { Scope } from '../../../contract/catalogue.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { ApiError } from '../errors.ts';
import { planOfUser, USERS_WITH_PLANS } from './accounts.ts';

export interface ApiKeyRecord {
  id: string;
  user_id: number;
  name: string;
  status: 'Active' | 'Revoked';
  prefix: string;
  scopes: Scope[];
  created_at: Date;
  expires_at: Date | null;
}

/** SHA-256 of a secret (an API key, a portal session id, an invite token): only this hash is ever stored. */
export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

/**
 * The key-validity rule, as one SQL condition on api_keys `k`: active and unexpired. Both the
 * lookup below, the portal listing and the charge that checks a key in its own statement (ledger.ts) use it.
 */
export const USABLE_KEY = `(k.status = 'Active' and (k.expires_at is null or k.expires_at > now()))`;

/** Locks the user's row (in the caller's transaction) and reads the plan's limit of active keys; no row for an unknown user. */
export async function lockActiveKeyLimit(tx: Queryable, userId: number): Promise<{ max_active_keys: number } | undefined> {
  const [limit] = await tx.query<{ max_active_keys: number }>(
    `select p.max_active_keys from ${USERS_WITH_PLANS} where u.id = $1 for update of u`,
    [userId],
  );
  return limit;
}

export async function countUsableKeys(tx: Queryable, userId: number): Promise<number> {
  const [{ active }] = await tx.query(
    `select count(*)::int as active from api_keys k where k.user_id = $1 and ${USABLE_KEY}`,
    [userId],
  );
  return active;
}

/** Inserts a key: [id, user id, name, display prefix, hash, scopes, days valid or null]. */
export async function insertApiKey(tx: Queryable, values: [string, number, string, string, Buffer, Scope[], number | null]): Promise<ApiKeyRecord> {
  const [record] = await tx.query<ApiKeyRecord>(
    `insert into api_keys (id, user_id, name, prefix, key_hash, scopes, expires_at)
     values ($1, $2, $3, $4, $5, $6, case when $7::int is null then null else now() + make_interval(days => $7::int) end)
     returning id, user_id, name, status, prefix, scopes, created_at, expires_at`,
    values,
  );
  return record;
}

/** Notes the keys as used now, skipping those noted within the last minute. */
export async function touchKeys(db: Queryable, hashes: Buffer[]): Promise<void> {
  await db.query("update api_keys set last_used_at = now() where key_hash = any($1::bytea[]) and (last_used_at is null or last_used_at < now() - interval '1 minute')", [hashes]);
}

export async function listApiKeys(db: Database, userId: number): Promise<ApiKeyRecord[]> {
  return db.query<ApiKeyRecord>('select id, user_id, name, status, prefix, scopes, created_at, expires_at from api_keys where user_id = $1 order by created_at', [userId]);
}

/** Revocation is immediate and cannot be undone. */
export async function revokeApiKey(db: Database, id: string): Promise<ApiKeyRecord> {
  const [record] = await db.query<ApiKeyRecord>(
    "update api_keys set status = 'Revoked', revoked_at = coalesce(revoked_at, now()) where id = $1 returning id, user_id, name, status, prefix, scopes, created_at, expires_at",
    [id],
  );
  if (!record) throw new ApiError('not_found', `No API key ${id}`);
  return record;
}

export async function deleteApiKey(db: Database, id: string): Promise<void> {
  const rows = await db.query('delete from api_keys where id = $1 returning id', [id]);
  if (rows.length === 0) throw new ApiError('not_found', `No API key ${id}`);
}

/** The key's record with its user's plan; no row when no key has this hash. */
const AUTHENTICATE = {
  name: 'authenticate',
  text: `select k.id, k.user_id, k.status, k.scopes, k.expires_at <= now() as expired, ${USABLE_KEY} as usable,
                p.name, p.max_pending_jobs, p.image_requests_per_minute, p.humanizer_sync_per_minute
         from api_keys k join ${USERS_WITH_PLANS} on u.id = k.user_id
         where k.key_hash = $1`,
};

export interface KeyRow {
  id: string;
  user_id: number;
  status: ApiKeyRecord['status'];
  scopes: string[];
  expired: boolean | null;
  usable: boolean;
  name: string;
  max_pending_jobs: number;
  image_requests_per_minute: number;
  humanizer_sync_per_minute: number;
}

/** The key with this hash, with its user's plan and whether it is usable now. */
export async function findKeyByHash(db: Queryable, hash: Buffer): Promise<KeyRow | undefined> {
  const [row] = await db.query<KeyRow>(AUTHENTICATE, [hash]);
  return row;
}

export interface PortalKeyRow {
  id: string;
  name: string;
  status: 'Active' | 'Revoked' | 'Expired';
  prefix: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
}

/** A key's columns as the portal lists them, on api_keys `k`: an active key that USABLE_KEY refuses is `Expired`. */
const KEY_COLUMNS = `k.id, k.name, case when k.status = 'Active' and not ${USABLE_KEY} then 'Expired' else k.status end as status, k.prefix, k.scopes, k.created_at, k.expires_at, k.last_used_at`;

export async function listOwnKeys(db: Database, userId: number): Promise<{ keys: PortalKeyRow[]; active: number; maxActiveKeys: number }> {
  const keys = await db.query<PortalKeyRow>(`select ${KEY_COLUMNS} from api_keys k where k.user_id = $1 order by k.created_at desc`, [userId]);
  const plan = await planOfUser(db, userId);
  return { keys, active: keys.filter((k) => k.status === 'Active').length, maxActiveKeys: plan.max_active_keys };
}

export async function ownKey(db: Database, userId: number, keyId: string): Promise<PortalKeyRow> {
  const [key] = await db.query<PortalKeyRow>(`select ${KEY_COLUMNS} from api_keys k where k.id = $1 and k.user_id = $2`, [keyId, userId]);
  if (!key) throw new ApiError('not_found', 'No such API key.');
  return key;
}

export async function revokeOwnKey(db: Database, userId: number, keyId: string): Promise<PortalKeyRow> {
  const [key] = await db.query<PortalKeyRow>(
    `update api_keys k set status = 'Revoked', revoked_at = coalesce(k.revoked_at, now()) where k.id = $1 and k.user_id = $2 returning ${KEY_COLUMNS}`,
    [keyId, userId],
  );
  if (!key) throw new ApiError('not_found', 'No such API key.');
  return key;
}

export async function deleteOwnKey(db: Database, userId: number, keyId: string): Promise<void> {
  const rows = await db.query('delete from api_keys where id = $1 and user_id = $2 returning id', [keyId, userId]);
  if (!rows.length) throw new ApiError('not_found', 'No such API key.');
}
