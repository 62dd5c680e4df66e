/**
 * A real, throwaway PostgreSQL for one test file: an embedded cluster in a temp folder, migrated,
 * deleted again by `close()`. Set TEST_DATABASE_URL to use an external server instead (each test
 * file then gets its own fresh database on it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/database.ts';

export async function createTestDatabase(): Promise<Database & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ci-test-'));
  let url: string | undefined;
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const name = `ci_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(external);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const db = await openDatabase({ url, dataDir, poolSize: 30 });
  return {
    ...db,
    dataDir,
    async close() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
