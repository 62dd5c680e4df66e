import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A stored response is replayed (Idempotency-Key) and a job's result is read back (GET /api/jobs/,
 * webhooks) with its keys in the order the first response had them: `json` keeps the text as
 * written, where `jsonb` reorders the keys (shortest first).
 */
export class KeepResponseKeyOrder1763700610000 implements MigrationInterface {
  name = 'KeepResponseKeyOrder1763700610000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('alter table idempotency_records alter column response_body type json using response_body::json');
    await db.query('alter table jobs alter column result type json using result::json');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('alter table idempotency_records alter column response_body type jsonb using response_body::jsonb');
    await db.query('alter table jobs alter column result type jsonb using result::jsonb');
  }
}
