/**
 * A real, throwaway PostgreSQL database for one test file, migrated, dropped again by `close()`.
 *
 * With TEST_DATABASE_URL (set by `npm test`, scripts/test.ts, to the one cluster of the run) each
 * call creates a fresh database on that server, copied from the migrated template database when
 * TEST_TEMPLATE_DATABASE names one. Without it (a test file run alone with `node --test`) an
 * embedded cluster is started in a temp folder for the file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/database.ts';

/** The database scripts/test.ts migrates once and every test database is copied from. */
export const TEMPLATE_DATABASE = 'ci_test_template';

let created = 0;

/** Runs one statement on the server's maintenance database. */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A new database on the external server (a copy of the template when there is one); its URL. */
async function createExternalDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ci_test_${process.pid}_${++created}`;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}

export async function createTestDatabase(): Promise<Database & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ci-test-'));
  const external = process.env.TEST_DATABASE_URL ? await createExternalDatabase(process.env.TEST_DATABASE_URL) : undefined;
  const db = await openDatabase({ url: external?.url, dataDir, poolSize: 30 });
  return {
    ...db,
    dataDir,
    async close() {
      await db.close();
      await external?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
