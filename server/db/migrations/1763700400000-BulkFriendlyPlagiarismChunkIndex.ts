import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Imports append full-text chunks to the GIN index's pending list; with the default 4 MB limit the
 * importing backend merged that list every few batches, which cost more than writing the chunks.
 * A 64 MB list is merged in fewer, larger (cheaper per entry) passes, and the import merges what is
 * left when it ends (`gin_clean_pending_list`), so scans after an import never read a long list.
 */
export class BulkFriendlyPlagiarismChunkIndex1763700400000 implements MigrationInterface {
  name = 'BulkFriendlyPlagiarismChunkIndex1763700400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`alter index plagiarism_chunks_tsv_idx set (gin_pending_list_limit = 65536)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`alter index plagiarism_chunks_tsv_idx reset (gin_pending_list_limit)`);
  }
}
