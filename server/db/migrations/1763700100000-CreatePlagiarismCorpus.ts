import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The plagiarism source corpus: documents, their winnowed fingerprints (candidate retrieval by
 * btree lookup on the hash) and full-text chunks (GIN) for paraphrase retrieval.
 * Fingerprints and chunks carry no foreign key: per-row RI triggers made imports several times
 * slower, so the corpus code deletes them with their document in the same transaction. Their
 * rows are appended in source-id order, so a tiny BRIN index finds a document's rows for deletion.
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
        source_id bigint not null
      )`);
    await db.query(`create index plagiarism_fingerprints_hash_idx on plagiarism_fingerprints (hash)`);
    await db.query(`create index plagiarism_fingerprints_source_idx on plagiarism_fingerprints using brin (source_id)`);
    await db.query(`
      create table plagiarism_chunks (
        source_id bigint not null,
        tsv tsvector not null
      )`);
    await db.query(`create index plagiarism_chunks_tsv_idx on plagiarism_chunks using gin (tsv)`);
    await db.query(`create index plagiarism_chunks_source_idx on plagiarism_chunks using brin (source_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`drop table plagiarism_chunks`);
    await db.query(`drop table plagiarism_fingerprints`);
    await db.query(`drop table plagiarism_sources`);
  }
}
