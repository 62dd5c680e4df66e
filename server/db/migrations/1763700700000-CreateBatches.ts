import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Batches (POST /api/batches/): the batch (`queued` until its last item ends, then final), one row
 * per item with its charges, state and result, and webhook attempts that belong to a batch instead
 * of a job.
 */
export class CreateBatches1763700700000 implements MigrationInterface {
  name = 'CreateBatches1763700700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      create table batches (
        id uuid primary key,
        user_id integer not null references users(id) on delete cascade,
        service text not null,
        options jsonb not null,
        status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'completed_with_errors', 'cancelled')),
        item_count integer not null check (item_count > 0),
        credits_held integer not null,
        callback_url text,
        webhook_secret text,
        created_at timestamptz not null default now(),
        cancelled_at timestamptz,
        completed_at timestamptz,
        expires_at timestamptz
      )`);
    await db.query('create index batches_user_idx on batches (user_id, created_at desc)');
    await db.query('create index batches_expiry_idx on batches (expires_at) where expires_at is not null');
    // seq: acceptance order across an account's batches (its oldest batch's items get the next free slot).
    await db.query(`
      create table batch_items (
        id uuid primary key,
        seq bigserial not null,
        batch_id uuid not null references batches(id) on delete cascade,
        user_id integer not null,
        position integer not null,
        ref text,
        input jsonb not null,
        word_count integer not null,
        charges jsonb not null,
        status text not null default 'queued' check (status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
        dispatched boolean not null default false,
        result json,
        error text,
        started_at timestamptz,
        completed_at timestamptz,
        unique (batch_id, position)
      )`);
    await db.query("create index batch_items_waiting_idx on batch_items (user_id, seq) where status = 'queued' and not dispatched");
    await db.query("create index batch_items_in_flight_idx on batch_items (user_id) where dispatched and status in ('queued', 'running')");
    await db.query('alter table webhook_attempts alter column job_id drop not null');
    await db.query('alter table webhook_attempts add column batch_id uuid references batches(id) on delete cascade');
    await db.query('alter table webhook_attempts add constraint webhook_attempts_one_owner check (num_nonnulls(job_id, batch_id) = 1)');
    await db.query('create index webhook_attempts_batch_idx on webhook_attempts (batch_id, attempt) where batch_id is not null');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('delete from webhook_attempts where batch_id is not null');
    await db.query('alter table webhook_attempts drop constraint webhook_attempts_one_owner');
    await db.query('alter table webhook_attempts drop column batch_id');
    await db.query('alter table webhook_attempts alter column job_id set not null');
    await db.query('drop table if exists batch_items');
    await db.query('drop table if exists batches');
  }
}
