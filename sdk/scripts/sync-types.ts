/**
 * Copies the repository's generated/api.d.ts (written by `npm run generate` from contract/), the one
 * committed copy, into sdk/src/generated/api.ts, so the published package carries its own types.
 * The copy is a build output (git-ignored): written on `npm install` (postinstall), by
 * `npm run generate` and by the SDK's build. `--check` writes nothing and fails when it is stale.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    if (!existsSync(sdkTypesFile) || readFileSync(sdkTypesFile, 'utf8') !== expected) {
      console.error('sdk/src/generated/api.ts is stale: run `npm run generate` (or `npm --prefix sdk run sync-types`).');
      process.exit(1);
    }
  } else {
    mkdirSync(new URL('.', sdkTypesFile), { recursive: true });
    writeFileSync(sdkTypesFile, expected);
    console.log('wrote sdk/src/generated/api.ts');
  }
}
