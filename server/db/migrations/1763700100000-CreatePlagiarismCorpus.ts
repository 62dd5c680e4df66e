import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The plagiarism source corpus: documents, their winnowed fingerprints (candidate retrieval by
 * btree lookup on the hash) and full-text chunks (GIN) for paraphrase retrieval. Fingerprints and
 * chunks go with their document (on delete cascade), so re-importing a url replaces everything.
 */
export class CreatePlagiarismCorpus1763700100000 implements MigrationInterface {
  name = 'CreatePlagiarismCorpus1763700100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      create table plagiarism_sources (
        id bigserial primary key,
        url text not null unique,
        title text not null,
        domain text not null,
        text text not null,
        words integer not null check (words >= 0),
        imported_at timestamptz not null default now()
      )`);
    await db.query(`
      create table plagiarism_fingerprints (
        hash bigint not null,
        source_id bigint not null references plagiarism_sources(id) on delete cascade
      )`);
    await db.query(`create index plagiarism_fingerprints_hash_idx on plagiarism_fingerprints (hash)`);
    await db.query(`create index plagiarism_fingerprints_source_idx on plagiarism_fingerprints (source_id)`);
    await db.query(`
      create table plagiarism_chunks (
        source_id bigint not null references plagiarism_sources(id) on delete cascade,
        tsv tsvector not null
      )`);
    await db.query(`create index plagiarism_chunks_tsv_idx on plagiarism_chunks using gin (tsv)`);
    await db.query(`create index plagiarism_chunks_source_idx on plagiarism_chunks (source_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`drop table plagiarism_chunks`);
    await db.query(`drop table plagiarism_fingerprints`);
    await db.query(`drop table plagiarism_sources`);
  }
}
