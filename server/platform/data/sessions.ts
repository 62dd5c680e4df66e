/** Portal sign-in as rows: one-time invites and the sessions of signed-in users, both stored only as hashes of their secrets. */
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.ts';
import { hashSecret } from './keys.ts';

/** A random one-time secret (a session id, an invite token), with its prefix. */
export const randomToken = (prefix: string) => prefix + randomBytes(32).toString('base64url');

/** Stores a new invite of the user (in the caller's transaction); earlier unused ones stop working. */
export async function replaceInvite(tx: Queryable, userId: number, tokenHash: Buffer, now: Date, expiresAt: Date): Promise<void> {
  await tx.query('update portal_invites set used_at = $2 where user_id = $1 and used_at is null', [userId, now]);
  await tx.query('insert into portal_invites (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)', [tokenHash, userId, now, expiresAt]);
}

/** Marks an unused, unexpired invite used; no row when there is none with this hash. */
export async function useInvite(tx: Queryable, tokenHash: Buffer, now: Date): Promise<{ user_id: number; email: string; plan_name: string } | undefined> {
  const [row] = await tx.query<{ user_id: number; email: string; plan_name: string }>(
    `update portal_invites i set used_at = $2 from users u
     where i.token_hash = $1 and i.used_at is null and i.expires_at > $2 and u.id = i.user_id
     returning i.user_id, u.email, u.plan_name`,
    [tokenHash, now],
  );
  return row;
}

export interface SessionPolicy {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number;
}

/** The session lifetimes the configuration sets. */
export function portalSessionPolicy(config: { PORTAL_SESSION_IDLE_MINUTES: number; PORTAL_SESSION_HOURS: number }): SessionPolicy {
  return { idleMs: config.PORTAL_SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.PORTAL_SESSION_HOURS * 3_600_000 };
}

export interface Session {
  idHash: Buffer;
  userId: number;
  email: string;
  plan: string;
  csrfToken: string;
}

/** Starts a session: a new random id (never one the browser sent: no fixation) and its CSRF token. */
export async function createSession(db: Queryable, userId: number, policy: SessionPolicy, now: Date): Promise<{ id: string; csrfToken: string }> {
  const id = randomToken('');
  const csrfToken = randomBytes(24).toString('base64url');
  await db.query('insert into portal_sessions (id_hash, user_id, csrf_token, created_at, last_seen_at, expires_at) values ($1, $2, $3, $4, $4, $5)', [
    hashSecret(id), userId, csrfToken, now, new Date(now.getTime() + policy.absoluteMs),
  ]);
  return { id, csrfToken };
}

/** Minimum time between two writes of a session's last_seen_at (the idle clock is this coarse). */
const TOUCH_EVERY_MS = 60_000;

/** The live session with this id, or undefined (unknown, idle too long, or past its absolute expiry). */
export async function findSession(db: Database, id: string, policy: SessionPolicy, now: Date): Promise<Session | undefined> {
  if (!/^[\w-]{20,100}$/.test(id)) return undefined;
  const [row] = await db.query<{ id_hash: Buffer; user_id: number; email: string; plan_name: string; csrf_token: string; last_seen_at: Date }>(
    `select s.id_hash, s.user_id, u.email, u.plan_name, s.csrf_token, s.last_seen_at from portal_sessions s join users u on u.id = s.user_id
     where s.id_hash = $1 and s.expires_at > $2 and s.last_seen_at > $3`,
    [hashSecret(id), now, new Date(now.getTime() - policy.idleMs)],
  );
  if (!row) return undefined;
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) await db.query('update portal_sessions set last_seen_at = $2 where id_hash = $1', [row.id_hash, now]);
  return { idHash: row.id_hash, userId: row.user_id, email: row.email, plan: row.plan_name, csrfToken: row.csrf_token };
}

export async function endSession(db: Queryable, idHash: Buffer): Promise<void> {
  await db.query('delete from portal_sessions where id_hash = $1', [idHash]);
}

export async function endSessionById(db: Queryable, id: string): Promise<void> {
  await endSession(db, hashSecret(id));
}

export async function endAllSessions(db: Queryable, userId: number): Promise<number> {
  return (await db.query('delete from portal_sessions where user_id = $1 returning 1', [userId])).length;
}

/** Ends every session of the user but the one with `keepIdHash` (a password change keeps its own). */
export async function endOtherSessions(db: Queryable, userId: number, keepIdHash: Buffer): Promise<void> {
  await db.query('delete from portal_sessions where user_id = $1 and id_hash <> $2', [userId, keepIdHash]);
}

/** Sessions past either expiry; run by the periodic purge. */
export async function purgeExpiredSessions(db: Queryable, policy: SessionPolicy, now: Date): Promise<number> {
  return (await db.query('delete from portal_sessions where expires_at <= $1 or last_seen_at <= $2 returning 1', [now, new Date(now.getTime() - policy.idleMs)])).length;
}
