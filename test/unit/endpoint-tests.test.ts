/**
 * The layout of test/endpoints: one file per path of the route table, the first a reader opens for that
 * endpoint, with its happy path, errors and security in three describe blocks, and the key refusals of
 * each protected operation in it (so a new route cannot ship without them).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { routes, type RouteDef } from '../../contract/routes.ts';

const dir = new URL('../endpoints/', import.meta.url);
/** `/api/grammar/correct/` → grammar-correct, `/api/jobs/{task_id}/` → jobs, `/readyz` → readyz. */
const fileOf = (route: RouteDef) => `${route.path.replace(/^\/(api\/)?/, '').replace(/\{\w+\}\/$/, '').replace(/\/$/, '').replaceAll('/', '-')}.test.ts`;

test('test/endpoints holds one file per path of the route table, and no other', () => {
  const expected = [...new Set((routes as readonly RouteDef[]).map(fileOf))].sort();
  assert.deepEqual(readdirSync(dir).sort(), expected);
});

test('each endpoint file has its happy path, errors and security, and every protected operation its key refusals', () => {
  for (const route of routes as readonly RouteDef[]) {
    const source = readFileSync(new URL(fileOf(route), dir), 'utf8');
    for (const block of ['happy path', 'errors', 'security']) assert.ok(source.includes(`describe('${block}'`), `${fileOf(route)} has no describe('${block}')`);
    if (route.scopes !== null) assert.ok(source.includes(`refusesBadKeys('${route.op}'`), `${fileOf(route)} does not call refusesBadKeys('${route.op}')`);
  }
});
