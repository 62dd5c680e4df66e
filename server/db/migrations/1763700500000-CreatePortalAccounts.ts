import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Developer portal: passwords, one-time invite links, sessions, and when each API key was last used. */
export class CreatePortalAccounts1763700500000 implements MigrationInterface {
  name = 'CreatePortalAccounts1763700500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`alter table users add column password_hash text, add column password_changed_at timestamptz`);
    await db.query(`alter table api_keys add column last_used_at timestamptz`);
    // Only hashes of session ids and invite tokens are stored: a copy of the table signs nobody in.
    await db.query(`
      create table portal_sessions (
        id_hash bytea primary key,
        user_id integer not null references users(id) on delete cascade,
        csrf_token text not null,
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        expires_at timestamptz not null
      )`);
    await db.query(`create index portal_sessions_user_idx on portal_sessions (user_id)`);
    await db.query(`
      create table portal_invites (
        token_hash bytea primary key,
        user_id integer not null references users(id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      )`);
    await db.query(`create index portal_invites_user_idx on portal_invites (user_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('drop table if exists portal_invites');
    await db.query('drop table if exists portal_sessions');
    await db.query('alter table api_keys drop column if exists last_used_at');
    await db.query('alter table users drop column if exists password_hash, drop column if exists password_changed_at');
  }
}
