/**
 * `npm run generate`: writes openapi.yaml from the contract and generated/api.d.ts from openapi.yaml.
 * `--check` writes nothing and fails when either committed file differs from what would be written.
 */
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { stringify } from 'yaml';
import { buildOpenApiDocument } from '../contract/index.ts';
import { sdkTypesFile, sdkTypesFrom } from '../sdk/scripts/sync-types.ts';

const root = new URL('../', import.meta.url);
const specFile = new URL('openapi.yaml', root);
const typesFile = new URL('generated/api.d.ts', root);

const header = '# Generated from contract/ by `npm run generate`. Do not edit by hand.\n';
const spec = header + stringify(buildOpenApiDocument(), { lineWidth: 0, aliasDuplicateObjects: false });
// defaultNonNullable: false keeps request fields that have a default (poll, target_variant) optional.
const ast = await openapiTS(spec.replace(header, ''), { defaultNonNullable: false });
const types = `// Generated from openapi.yaml by \`npm run generate\`. Do not edit by hand.\n${astToString(ast)}`;

const outputs: [URL, string][] = [
  [specFile, spec],
  [typesFile, types],
  // The SDK's build copy (git-ignored): kept in step so the SDK's sources type-check here.
  [sdkTypesFile, sdkTypesFrom(types)],
];
if (process.argv.includes('--check')) {
  const stale = outputs.filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text).map(([file]) => file.pathname);
  if (stale.length) {
    console.error(`Stale generated files (run \`npm run generate\` and commit): ${stale.join(', ')}`);
    process.exit(1);
  }
  console.log('openapi.yaml and generated/ match the contract.');
} else {
  for (const [file, text] of outputs) {
    mkdirSync(new URL('.', file), { recursive: true });
    writeFileSync(file, text);
  }
  console.log('wrote openapi.yaml, generated/api.d.ts and the SDK copy of it');
}
