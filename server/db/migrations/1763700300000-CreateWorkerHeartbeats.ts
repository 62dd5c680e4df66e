import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Liveness of graphile-worker workers, so jobs locked by a crashed process are released quickly. */
export class CreateWorkerHeartbeats1763700300000 implements MigrationInterface {
  name = 'CreateWorkerHeartbeats1763700300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('create table worker_heartbeats (worker_id text primary key, seen_at timestamptz not null)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('drop table if exists worker_heartbeats');
  }
}
