import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Async jobs of the text endpoints (their charges, results and expiry) and every webhook attempt. */
export class CreateJobs1763700200000 implements MigrationInterface {
  name = 'CreateJobs1763700200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      create table jobs (
        id uuid primary key,
        user_id integer not null references users(id) on delete cascade,
        operation text not null check (operation in ('detectText', 'humanize', 'detectAndHumanize')),
        status text not null default 'pending' check (status in ('pending', 'processing', 'success', 'failed')),
        input jsonb not null,
        word_count integer not null,
        charges jsonb not null,
        callback_url text,
        webhook_secret text,
        result jsonb,
        error text,
        created_at timestamptz not null default now(),
        started_at timestamptz,
        completed_at timestamptz,
        expires_at timestamptz
      )`);
    await db.query(`create index jobs_pending_by_user_idx on jobs (user_id) where status in ('pending', 'processing')`);
    await db.query(`create index jobs_expiry_idx on jobs (expires_at) where expires_at is not null`);
    await db.query(`
      create table webhook_attempts (
        id bigserial primary key,
        job_id uuid not null references jobs(id) on delete cascade,
        attempt integer not null,
        attempted_at timestamptz not null,
        status_code integer,
        error text,
        duration_ms integer not null,
        ok boolean not null
      )`);
    await db.query(`create index webhook_attempts_job_idx on webhook_attempts (job_id, attempt)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('drop table if exists webhook_attempts');
    await db.query('drop table if exists jobs');
  }
}
