/**
 * Copies the repository's generated/api.d.ts (written by `npm run generate` from contract/) into
 * sdk/src/generated/api.ts, so the published package carries its own types. The copy is generated
 * too: never edit it by hand. `--check` writes nothing and fails when the copy is stale
 * (test/e2e/sdk.test.ts runs the same comparison).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const rootTypesFile = new URL('../../generated/api.d.ts', import.meta.url);
export const sdkTypesFile = new URL('../src/generated/api.ts', import.meta.url);

const HEADER = '// Copied from generated/api.d.ts by sdk/scripts/sync-types.ts (`npm --prefix sdk run sync-types`). Do not edit by hand.\n';

/** The SDK's copy of the root types file: a header, then the file minus its own first (header) line. */
export function sdkTypesFrom(rootTypes: string): string {
  return HEADER + rootTypes.slice(rootTypes.indexOf('\n') + 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const expected = sdkTypesFrom(readFileSync(rootTypesFile, 'utf8'));
  if (process.argv.includes('--check')) {
    if (readFileSync(sdkTypesFile, 'utf8') !== expected) {
      console.error('sdk/src/generated/api.ts is stale: run `npm --prefix sdk run sync-types` and commit it.');
      process.exit(1);
    }
  } else {
    writeFileSync(sdkTypesFile, expected);
    console.log('wrote sdk/src/generated/api.ts');
  }
}
