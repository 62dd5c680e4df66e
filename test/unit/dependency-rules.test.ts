/**
 * The import rules of `.dependency-cruiser.cjs` (ARCHITECTURE.md, "Layers"): `npm run check` looks at every
 * folder the compiler does, and the engine rules catch what they are written for, shown on a small tree of
 * files in a temp folder (so a rule loosened by mistake fails here, not only in review).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { cruise, type IConfiguration } from 'dependency-cruiser';

const root = new URL('../../', import.meta.url);
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;

/** The rules broken by a tree of files (path → source), as "rule: from → to" lines. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'depcruise-rules-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  const tops = [...new Set(Object.keys(files).map((f) => f.split('/')[0]))];
  const { output } = await cruise(tops, { validate: true, ruleSet: { forbidden: config.forbidden }, baseDir: dir, tsPreCompilationDeps: true });
  assert.ok(typeof output === 'object');
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('import rules', () => {
  test('npm run check cruises every folder the compiler compiles', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> };
    const tsconfig = JSON.parse(readFileSync(new URL('tsconfig.json', root), 'utf8')) as { include: string[] };
    const command = /depcruise ([^&]*?) --config/.exec(pkg.scripts.check);
    assert.ok(command, 'the check script runs depcruise');
    assert.deepEqual(command[1].split(/\s+/).sort(), [...tsconfig.include].sort());
  });

  test("an engine reaches another engine only through its index.ts or engines/shared", async () => {
    const found = await violations({
      'server/engines/a/index.ts': "export { x } from './x.ts';\n",
      'server/engines/a/x.ts': [
        "import { inner } from '../b/inner.ts';",
        "import { b } from '../b/index.ts';",
        "import { s } from '../shared/s.ts';",
        'export const x = inner + b + s;',
      ].join('\n'),
      'server/engines/b/index.ts': "export const b = 1;\n",
      'server/engines/b/inner.ts': "export const inner = 1;\n",
      'server/engines/shared/s.ts': "export const s = 1;\n",
    });
    assert.deepEqual(found, ['engines-meet-at-their-index: server/engines/a/x.ts → server/engines/b/inner.ts']);
  });

  test('engines/shared imports no engine, not even an index', async () => {
    const found = await violations({
      'server/engines/a/index.ts': "export const a = 1;\n",
      'server/engines/shared/s.ts': "import { a } from '../a/index.ts';\nexport const s = a;\n",
    });
    assert.deepEqual(found, ['engines-shared-is-the-bottom: server/engines/shared/s.ts → server/engines/a/index.ts']);
  });

  test('a cycle is refused in scripts and tests too, type-only imports included', async () => {
    const found = await violations({
      'scripts/lib/p.ts': "import type { Q } from '../eval/q.ts';\nexport type P = Q | 1;\n",
      'scripts/eval/q.ts': "import type { P } from '../lib/p.ts';\nexport type Q = P | 2;\n",
      'test/helpers/h.ts': "import { t } from '../unit/t.test.ts';\nexport const h = t;\n",
      'test/unit/t.test.ts': "import { h } from '../helpers/h.ts';\nexport const t = () => h;\n",
    });
    // Each cycle is reported once, at one of its modules.
    assert.deepEqual(found, ['no-cycles: scripts/eval/q.ts → scripts/lib/p.ts', 'no-cycles: test/helpers/h.ts → test/unit/t.test.ts']);
  });
});
