import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Plans, users with their credit balance, API keys, the credit ledger, idempotency records and rate-limit buckets. */
export class CreatePlatformSchema1763700000000 implements MigrationInterface {
  name = 'CreatePlatformSchema1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      create table plans (
        name text primary key,
        monthly_credits integer not null check (monthly_credits >= 0),
        max_active_keys integer not null check (max_active_keys >= 0),
        max_pending_jobs integer not null check (max_pending_jobs >= 0),
        image_requests_per_minute integer not null check (image_requests_per_minute >= 0),
        humanizer_sync_per_minute integer not null check (humanizer_sync_per_minute >= 0),
        sort_order integer not null default 0
      )`);
    await db.query(`
      insert into plans (name, monthly_credits, max_active_keys, max_pending_jobs, image_requests_per_minute, humanizer_sync_per_minute, sort_order) values
        ('Free',      1000,     1,  2,   5,  3, 0),
        ('Trial',     10000,    1,  2,   5,  3, 1),
        ('300K',      300000,   5,  5,  10,  3, 2),
        ('1M',        1000000,  5, 10,  20,  5, 3),
        ('2M',        2000000, 10, 15,  30, 10, 4),
        ('5M',        5000000, 10, 20,  50, 20, 5),
        ('12M',      12000000, 25, 30,  75, 30, 6),
        ('25M',      25000000, 25, 50, 100, 60, 7)`);
    await db.query(`
      create table users (
        id serial primary key,
        email text not null unique,
        plan_name text not null references plans(name) on update cascade,
        credits integer not null default 0 check (credits >= 0),
        period_started_at timestamptz not null default now(),
        created_at timestamptz not null default now()
      )`);
    await db.query(`
      create table api_keys (
        id uuid primary key,
        user_id integer not null references users(id) on delete cascade,
        name text not null,
        prefix text not null,
        key_hash bytea not null unique,
        scopes text[] not null check (cardinality(scopes) > 0),
        status text not null default 'Active' check (status in ('Active', 'Revoked')),
        expires_at timestamptz,
        created_at timestamptz not null default now(),
        revoked_at timestamptz
      )`);
    await db.query(`create index api_keys_user_idx on api_keys (user_id)`);
    await db.query(`
      create table credit_ledger (
        id bigserial primary key,
        user_id integer not null references users(id) on delete cascade,
        kind text not null check (kind in ('charge', 'refund', 'grant', 'reset')),
        amount integer not null,
        balance_after integer not null check (balance_after >= 0),
        operation text not null,
        request_id text,
        job_id uuid,
        refund_of bigint unique references credit_ledger(id),
        created_at timestamptz not null default now(),
        check ((kind = 'refund') = (refund_of is not null))
      )`);
    await db.query(`create index credit_ledger_user_idx on credit_ledger (user_id, id)`);
    await db.query(`
      create table idempotency_records (
        user_id integer not null references users(id) on delete cascade,
        operation text not null,
        key text not null,
        request_hash text not null,
        response_status integer,
        response_body jsonb,
        created_at timestamptz not null default now(),
        primary key (user_id, operation, key)
      )`);
    await db.query(`
      create table rate_limits (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['rate_limits', 'idempotency_records', 'credit_ledger', 'api_keys', 'users', 'plans']) {
      await db.query(`drop table if exists ${table}`);
    }
  }
}
