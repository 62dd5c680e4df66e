/* eslint-disable @typescript-eslint/no-explicit-any -- rows are typed by each caller */
/**
 * The one connection to PostgreSQL: a pg pool shared by the platform, graphile-worker and the rate
 * limiter. TypeORM runs the migrations (its own short-lived connection) and nothing else. With no
 * DATABASE_URL it starts or joins the embedded cluster in DATA_DIR.
 */
import 'reflect-metadata';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { migrations } from './migrations/index.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase, type EmbeddedOptions } from './embedded.ts';

export interface Database {
  readonly url: string;
  /** The pg pool, also for graphile-worker and the rate limiter. */
  readonly pool: pg.Pool;
  query<T = Record<string, any>>(sql: Sql, params?: unknown[]): Promise<T[]>;
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Queries on connections whose commits do not wait for PostgreSQL to flush its write-ahead log
   * to disk (`synchronous_commit = off`). Each write is still whole or absent, and any later
   * ordinary commit flushes it too; only a crash of PostgreSQL itself can forget the writes of its
   * last fraction of a second. For the charges of synchronous requests (see services.ts).
   */
  readonly unflushed: Queryable;
  close(): Promise<void>;
}

/** Anything SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, any>>(sql: Sql, params?: unknown[]): Promise<T[]>;
}

/**
 * SQL text, or a named statement that PostgreSQL parses and plans once per connection and then
 * reuses: for the few statements that every request runs.
 */
export type Sql = string | { name: string; text: string };

function toQuery(sql: Sql, params?: unknown[]): pg.QueryConfig {
  return typeof sql === 'string' ? { text: sql, values: params } : { name: sql.name, text: sql.text, values: params };
}

/** Charges of one user share a statement (ChargeQueue), so a few connections serve many users. */
const UNFLUSHED_POOL_SIZE = 8;

/** Longest wait for a closing pool's connections to go; a connection still open then is cut by the server. */
const POOL_CLOSE_WAIT_MS = 5_000;

/**
 * Ends a pool with `end` and waits until its connections are closed: pg's pool.end() resolves as
 * soon as each client is told to end, and an embedded PostgreSQL stopped in that moment would cut
 * (and log) connections that were on their way out.
 */
async function endPool(pool: pg.Pool, end: () => Promise<unknown>): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on('remove', () => {
      if (--open === 0) resolve();
    });
    setTimeout(resolve, POOL_CLOSE_WAIT_MS).unref();
  });
  await end();
  await closed;
}

export interface DatabaseOptions {
  url?: string;
  dataDir: string;
  poolSize?: number;
  /** Run pending migrations (the API and worker processes do; tests always do). */
  migrate?: boolean;
  log?: (message: string) => void;
  /** What to do when the embedded cluster's supervisor restarts it or gives up (no DATABASE_URL only). */
  embedded?: Pick<EmbeddedOptions, 'onRestarted' | 'onLost'>;
}

/**
 * A new connection gives up after this: a database that is down refuses at once, but one behind a
 * dead network would otherwise hold the request until the client gave up (the caller gets a 503).
 */
const CONNECT_TIMEOUT_MS = 3_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let url = options.url;
  if (!url) {
    embedded = await startEmbeddedDatabase(options.dataDir, options.embedded);
    url = embedded.url;
  }
  if (options.migrate ?? true) {
    const migrator = new DataSource({ type: 'postgres', url, migrations, synchronize: false, migrationsRun: false, migrationsTableName: 'schema_migrations', extra: { max: 1 }, logging: false });
    await migrator.initialize();
    try {
      const applied = await migrator.runMigrations({ transaction: 'each' });
      for (const m of applied) options.log?.(`applied migration ${m.name}`);
    } finally {
      await migrator.destroy();
    }
  }
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 20, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // Connections are opened on first use: a process that never charges opens none.
  const unflushedPool = new pg.Pool({ connectionString: url, max: UNFLUSHED_POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, options: '-c synchronous_commit=off' });
  for (const p of [pool, unflushedPool]) {
    // A server restart or a dropped connection must not crash the process: the pool reconnects.
    p.on('error', (error) => options.log?.(`idle database client error: ${error.message}`));
    p.on('connect', (client) => client.on('error', (error) => options.log?.(`database client error: ${error.message}`)));
  }
  return {
    url,
    pool,
    // Plain pg for queries: TypeORM's query() reshapes UPDATE results, and the hot paths need no ORM.
    query: async (sql, params) => (await pool.query(toQuery(sql, params))).rows,
    unflushed: { query: async (sql, params) => (await unflushedPool.query(toQuery(sql, params))).rows },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({ query: async (sql, params) => (await client.query(toQuery(sql, params))).rows });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await Promise.all([endPool(unflushedPool, () => unflushedPool.end()), endPool(pool, () => pool.end())]);
      await embedded?.stop();
    },
  };
}

/** Whether the database answers a trivial query within `timeoutMs` (readiness: a database that slow is as good as down). */
export async function databaseAnswers(db: Queryable, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const answered = db.query('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
