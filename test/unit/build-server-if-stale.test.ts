/**
 * scripts/build-server-if-stale.mjs, which `npm start` runs first: it builds unless the stamp of the
 * last build (dist/build-inputs.json) still matches. Run in a scratch checkout of its own, where
 * scripts/build-server.ts is a stand-in that records that it ran.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, beforeEach, test } from 'node:test';

const SCRIPT = new URL('../../scripts/build-server-if-stale.mjs', import.meta.url).pathname;
const root = mkdtempSync(path.join(os.tmpdir(), 'stale-build-'));
after(() => rmSync(root, { recursive: true, force: true }));

const at = (file: string) => path.join(root, file);
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

beforeEach(() => {
  rmSync(root, { recursive: true, force: true });
  for (const dir of ['scripts', 'dist', 'server']) mkdirSync(at(dir), { recursive: true });
  copyFileSync(SCRIPT, at('scripts/build-server-if-stale.mjs'));
  writeFileSync(at('scripts/build-server.ts'), "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('../built', import.meta.url), 'yes');\n");
  writeFileSync(at('server/main.ts'), 'export {};\n');
  writeFileSync(at('dist/main.mjs'), 'export {};\n');
  writeFileSync(at('dist/build-inputs.json'), JSON.stringify({ outputs: ['dist/main.mjs'], inputs: { 'server/main.ts': sha1('export {};\n') } }));
});

/** Runs the check (from this repository, where tsx is installed); true when it ran the build. */
function runCheck(): boolean {
  execFileSync(process.execPath, [at('scripts/build-server-if-stale.mjs')], { cwd: process.cwd(), stdio: 'pipe' });
  return existsSync(at('built'));
}

test('the build is skipped when every input has the hash the stamp holds and every output is there', () => {
  assert.equal(runCheck(), false);
});

test('a changed input, a missing input, a missing output or no stamp builds', () => {
  writeFileSync(at('server/main.ts'), 'export const changed = 1;\n');
  assert.equal(runCheck(), true, 'changed input');

  rmSync(at('built'));
  rmSync(at('server/main.ts'));
  assert.equal(runCheck(), true, 'missing input');

  rmSync(at('built'));
  writeFileSync(at('server/main.ts'), 'export {};\n');
  assert.equal(runCheck(), false, 'back as stamped');
  rmSync(at('dist/main.mjs'));
  assert.equal(runCheck(), true, 'missing output');

  rmSync(at('built'));
  writeFileSync(at('dist/main.mjs'), 'export {};\n');
  rmSync(at('dist/build-inputs.json'));
  assert.equal(runCheck(), true, 'no stamp');
});
