/**
 * Portal accounts: one-time invite links that set a password, sign-in with email and password,
 * password change and open sign-up (the sessions of signed-in users: data/sessions.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { createUser } from './accounts.ts';
import { findUserByEmail, findUserWithPassword, passwordHashOf, storePassword, type User } from './data/accounts.ts';
import { hashSecret } from './data/keys.ts';
import { endAllSessions, endOtherSessions, randomToken, replaceInvite, useInvite } from './data/sessions.ts';
import { ApiError } from './errors.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';

export const INVITE_VALID_MS = 24 * 60 * 60 * 1000;

export interface Invite {
  token: string;
  expiresAt: Date;
  user: User;
}

/**
 * Invites `email` (creating the user on `plan` when new): a one-time token valid 24 hours that
 * sets the password. Earlier unused invites of the user stop working.
 */
export async function inviteUser(db: Database, email: string, plan: string, now: Date): Promise<Invite> {
  const user = (await findUserByEmail(db, email)) ?? (await createUser(db, email, plan));
  const invite = randomToken('inv_');
  const expiresAt = new Date(now.getTime() + INVITE_VALID_MS);
  await db.transaction((tx) => replaceInvite(tx, user.id, hashSecret(invite), now, expiresAt));
  return { token: invite, expiresAt, user };
}

/** The link an invite is opened with; the token sits in the fragment, so it never reaches a server log or a Referer. */
export function inviteLink(baseUrl: string, invite: string): string {
  return `${baseUrl.replace(/\/$/, '')}/portal/set-password#token=${invite}`;
}

/** Uses an invite once: sets the password and ends every session of the user. */
export async function setPasswordWithInvite(db: Database, invite: string, password: string, now: Date): Promise<{ userId: number; email: string; plan: string }> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await useInvite(tx, hashSecret(invite), now);
    if (!row) throw new ApiError('invalid_payload', 'This link is invalid, was already used, or has expired (links are valid 24 hours). Ask the operator for a new one.');
    await storePassword(tx, row.user_id, hash, now);
    await endAllSessions(tx, row.user_id);
    return { userId: row.user_id, email: row.email, plan: row.plan_name };
  });
}

/**
 * The user with this email and password, or undefined. An unknown email costs the same scrypt
 * work as a wrong password, so neither the answer nor its timing tells them apart.
 */
export async function checkCredentials(db: Database, email: string, password: string): Promise<User | undefined> {
  const user = await findUserWithPassword(db, email);
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
  return ok && user?.password_hash ? user : undefined;
}

export async function changePassword(db: Database, userId: number, current: string, next: string, keepSession: Buffer, now: Date): Promise<void> {
  const stored = await passwordHashOf(db, userId);
  if (!stored || !(await verifyPassword(current, stored))) throw new ApiError('invalid_credentials', 'The current password is wrong.');
  const hash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await storePassword(tx, userId, hash, now);
    await endOtherSessions(tx, userId, keepSession);
  });
}

/** Open sign-up (PORTAL_SIGNUP=open): a Free-plan user with a password. */
export async function signUp(db: Database, email: string, password: string, now: Date): Promise<User> {
  if (await findUserByEmail(db, email)) throw new ApiError('invalid_payload', 'An account with this email exists; sign in or reset the password with an invite from the operator.');
  const user = await createUser(db, email, 'Free');
  await storePassword(db, user.id, await hashPassword(password), now);
  return user;
}


export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
