/**
 * The operator-managed plagiarism source corpus in PostgreSQL: import (JSONL), upsert, list, delete,
 * and the candidate retrieval queries of a scan (CorpusIndex). All of the engine's SQL is here; the
 * scan itself is an operation (operations/plagiarism.ts).
 */
import { createInterface } from 'node:readline';
import type pg from 'pg';
import { SourceItem } from '../../../contract/schemas.ts';
import { ApiError } from '../errors.ts';
import { InvalidSourceError, prepareSource, validateSource, type CandidateQuery, type PreparedSource, type SourceDocument } from '../../engines/plagiarism/index.ts';

export interface SourceSummary {
  url: string;
  title: string;
  domain: string;
  words: number;
  importedAt: string;
}

export interface ImportProgress {
  lines: number;
  imported: number;
  skipped: number;
  bytes: number;
}

export interface ImportReport extends ImportProgress {
  errors: { line: number; message: string }[];
}

/** Documents are written in batches of about this much text (one transaction each). */
const BATCH_CHARS = 2_000_000;
const BATCH_DOCS = 2_000;
/** Parsing yields to the event loop after this many lines (see importJsonl). */
const YIELD_EVERY_LINES = 50;
/** Deletes documents with their fingerprints and chunks (inside the caller's transaction); returns how many. */
async function deleteSources(client: pg.PoolClient, urls: string[]): Promise<number> {
  const { rows } = await client.query<{ id: string }>('delete from plagiarism_sources where url = any($1::text[]) returning id', [urls]);
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  await client.query('delete from plagiarism_fingerprints where source_id = any($1::bigint[])', [ids]);
  await client.query('delete from plagiarism_chunks where source_id = any($1::bigint[])', [ids]);
  return rows.length;
}

/** Every corpus write takes this lock so concurrent imports of the same url cannot collide. */
const WRITE_LOCK_SQL = `select pg_advisory_xact_lock(hashtext('plagiarism_sources_write'))`;

/**
 * A PostgreSQL array literal of integers. node-pg would quote and escape every element of a
 * number[]; for the hundreds of thousands of fingerprints of an import that cost more than the insert.
 */
function integerArray(values: readonly (number | string)[]): string {
  return `{${values.join(',')}}`;
}

export class SourceCorpus {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * JSONL lines of {url,title,text}; re-importing a url replaces it; a bad line is reported with its
   * line number and skipped. Parsing the next batch overlaps with writing the previous one.
   */
  async importJsonl(input: NodeJS.ReadableStream, onProgress?: (p: ImportProgress) => void): Promise<ImportReport> {
    const report: ImportReport = { lines: 0, imported: 0, skipped: 0, bytes: 0, errors: [] };
    const progress = (): ImportProgress => ({ lines: report.lines, imported: report.imported, skipped: report.skipped, bytes: report.bytes });
    let batch: PreparedSource[] = [];
    let batchChars = 0;
    let writing: Promise<void> | undefined;
    let failure: { error: unknown } | undefined;
    const settle = async (): Promise<void> => {
      await writing;
      if (failure) throw failure.error;
    };
    const flush = async (): Promise<void> => {
      const docs = batch;
      batch = [];
      batchChars = 0;
      await settle();
      // Caught here and rethrown by settle(), so a failed write is never an unhandled rejection.
      writing = this.write(docs, true).then(
        () => {
          report.imported += docs.length;
          onProgress?.(progress());
        },
        (error: unknown) => {
          failure = { error };
        },
      );
    };
    const lines = createInterface({ input, crlfDelay: Infinity });
    for await (const line of lines) {
      // Buffered lines arrive as microtasks, which would starve the socket of the batch being
      // written; yielding now and then lets that write go on while the next batch is parsed.
      if (report.lines % YIELD_EVERY_LINES === 0) await new Promise((resolve) => setImmediate(resolve));
      report.lines++;
      report.bytes += Buffer.byteLength(line) + 1;
      if (line.trim() === '') continue;
      try {
        // The contract's rules for what is shown to other users (URL, title) hold for the CLI's import too.
        const parsed = JSON.parse(line);
        const checked = SourceItem.safeParse(parsed && typeof parsed === 'object' ? { title: '', ...parsed, ...(parsed.title === null ? { title: '' } : {}) } : parsed);
        if (!checked.success) throw new InvalidSourceError(checked.error.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; '));
        const doc = prepareSource(validateSource(checked.data));
        batch.push(doc);
        batchChars += doc.text.length;
      } catch (error) {
        report.skipped++;
        const message = error instanceof SyntaxError ? `invalid JSON: ${error.message}` : (error as Error).message;
        report.errors.push({ line: report.lines, message });
        continue;
      }
      if (batchChars >= BATCH_CHARS || batch.length >= BATCH_DOCS) await flush();
    }
    if (batch.length > 0) await flush();
    await settle();
    // Batches commit without waiting for the WAL flush; this synchronous commit flushes the WAL up
    // to here, so every batch is durable once the import returns.
    if (report.imported > 0) await this.pool.query('select txid_current()');
    // Merge the GIN fast-update list now: until then every full-text probe scans it linearly.
    if (report.imported > 0) await this.pool.query(`select gin_clean_pending_list('plagiarism_chunks_tsv_idx')`);
    return report;
  }

  async upsert(doc: SourceDocument): Promise<void> {
    await this.upsertAll([doc]);
  }

  /** Adds or replaces every document, or none: a document the engine refuses is the caller's 400, named by its index. */
  async upsertAll(docs: readonly SourceDocument[]): Promise<void> {
    const prepared = docs.map((doc, i) => {
      try {
        return prepareSource(validateSource(doc));
      } catch (error) {
        if (error instanceof InvalidSourceError) throw new ApiError('invalid_payload', `sources.${i}: ${error.message}`);
        throw error;
      }
    });
    await this.write(prepared);
  }

  async list(options: { limit?: number; offset?: number } = {}): Promise<{ total: number; sources: SourceSummary[] }> {
    const limit = Math.max(0, Math.min(options.limit ?? 100, 10_000));
    const offset = Math.max(0, options.offset ?? 0);
    const [{ rows: count }, { rows }] = await Promise.all([
      this.pool.query<{ total: string }>('select count(*) as total from plagiarism_sources'),
      this.pool.query<{ url: string; title: string; domain: string; words: number; imported_at: Date }>(
        'select url, title, domain, words, imported_at from plagiarism_sources order by imported_at desc, id desc limit $1 offset $2',
        [limit, offset],
      ),
    ]);
    return {
      total: Number(count[0].total),
      sources: rows.map((r) => ({ url: r.url, title: r.title, domain: r.domain, words: r.words, importedAt: r.imported_at.toISOString() })),
    };
  }

  async delete(url: string): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      await client.query(WRITE_LOCK_SQL);
      const deleted = await deleteSources(client, [url]);
      await client.query('commit');
      return deleted > 0;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Replaces every document of the batch (the last one wins when a url repeats) in one transaction,
   * so a crash never leaves part of a document. With `asyncCommit` the commit does not wait for the
   * WAL flush: a crash may lose the latest batches whole, never part of one.
   */
  private async write(docs: PreparedSource[], asyncCommit = false): Promise<void> {
    const byUrl = new Map(docs.map((d) => [d.url, d]));
    const unique = [...byUrl.values()];
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      if (asyncCommit) await client.query('set local synchronous_commit = off');
      // Room for the GIN pending-list merges this transaction may run (work_mem bounds each pass).
      await client.query(`set local work_mem = '64MB'`);
      await client.query(WRITE_LOCK_SQL);
      await deleteSources(client, unique.map((d) => d.url));
      const { rows } = await client.query<{ id: string; url: string }>(
        `insert into plagiarism_sources (url, title, domain, text, words)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[])
         returning id, url`,
        [unique.map((d) => d.url), unique.map((d) => d.title), unique.map((d) => d.domain), unique.map((d) => d.text), unique.map((d) => d.words)],
      );
      const hashes: number[] = [];
      const hashOwners: string[] = [];
      const chunks: string[] = [];
      const chunkOwners: string[] = [];
      for (const { id, url } of rows) {
        const doc = byUrl.get(url)!;
        for (const h of doc.fingerprints) {
          hashes.push(h);
          hashOwners.push(id);
        }
        for (const c of doc.chunks) {
          chunks.push(c);
          chunkOwners.push(id);
        }
      }
      // Sorted by hash, so consecutive inserts land on neighbouring btree pages.
      await client.query('insert into plagiarism_fingerprints (hash, source_id) select * from unnest($1::bigint[], $2::bigint[]) as f(h, s) order by h', [
        integerArray(hashes),
        integerArray(hashOwners),
      ]);
      await client.query(
        `insert into plagiarism_chunks (source_id, tsv)
         select s, array_to_tsvector(string_to_array(t, ' ')) from unnest($1::bigint[], $2::text[]) as c(s, t)`,
        [integerArray(chunkOwners), chunks],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

export interface StoredSource {
  id: string;
  url: string;
  title: string;
  domain: string;
  text: string;
}

/** A fingerprint in more sources than this share of the corpus, clamped to [min, max], is boilerplate, not evidence of copying. */
const BOILERPLATE = { share: 0.01, min: 20, max: 50 };
/** How many sources each retrieval hands the scanner: by shared fingerprints, and by full-text search. */
const CANDIDATES = { byFingerprints: 40, byFullText: 10 };

/** Candidate retrieval and loading, for the scanner. */
export class CorpusIndex {
  constructor(private readonly pool: pg.Pool) {}

  async countSources(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>('select count(*) as n from plagiarism_sources');
    return Number(rows[0].n);
  }

  /** Source ids ranked by shared fingerprints (exact ones count double) and by full-text hits, boilerplate dropped. */
  async candidates(query: CandidateQuery, corpusSize: number): Promise<string[]> {
    const maxDf = Math.min(BOILERPLATE.max, Math.max(BOILERPLATE.min, Math.ceil(corpusSize * BOILERPLATE.share)));
    const hashes = [...new Set([...query.exact, ...query.paraphrase])];
    const exactSet = new Set(query.exact);
    // One index probe per hash (= any keeps the plan a btree lookup, never a full index scan).
    const byFingerprint = this.pool
      .query<{ hash: string; sources: string[] }>(
        `select hash::text as hash, array_agg(source_id::text) as sources from plagiarism_fingerprints
         where hash = any($1::bigint[]) group by hash having count(*) <= $2`,
        [hashes, maxDf],
      )
      .then(({ rows }) => {
        const exact = new Map<string, number>();
        const all = new Map<string, number>();
        for (const { hash, sources } of rows) {
          const isExact = exactSet.has(Number(hash));
          for (const id of sources) {
            all.set(id, (all.get(id) ?? 0) + 1);
            if (isExact) exact.set(id, (exact.get(id) ?? 0) + 1);
          }
        }
        const score = (id: string): number => (exact.get(id) ?? 0) + (all.get(id) ?? 0);
        return [...all.keys()]
          .filter((id) => (exact.get(id) ?? 0) >= 2 || (all.get(id) ?? 0) >= 4)
          .sort((a, b) => score(b) - score(a) || Number(a) - Number(b))
          .slice(0, CANDIDATES.byFingerprints);
      });
    const byFullText =
      query.fullText.length === 0
        ? Promise.resolve({ rows: [] as { source_id: string }[] })
        : this.pool.query<{ source_id: string }>(
            `select c.source_id from unnest($1::text[]) as q(query)
             cross join lateral (
               select source_id from plagiarism_chunks where tsv @@ cast(q.query as tsquery) limit 3
             ) c
             group by c.source_id having count(*) >= 2
             order by count(*) desc, c.source_id
             limit $2`,
            [query.fullText, CANDIDATES.byFullText],
          );
    const [fp, ft] = await Promise.all([byFingerprint, byFullText]);
    return [...new Set([...fp, ...ft.rows.map((r) => String(r.source_id))])];
  }

  async load(ids: string[]): Promise<StoredSource[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.pool.query<StoredSource>(
      'select id::text as id, url, title, domain, text from plagiarism_sources where id = any($1::bigint[]) order by id',
      [ids],
    );
    return rows;
  }
}
