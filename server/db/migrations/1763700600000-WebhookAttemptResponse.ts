import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The start of each webhook receiver's reply, for the portal's Jobs page (debugging a receiver). */
export class WebhookAttemptResponse1763700600000 implements MigrationInterface {
  name = 'WebhookAttemptResponse1763700600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('alter table webhook_attempts add column response_body text');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('alter table webhook_attempts drop column response_body');
  }
}
