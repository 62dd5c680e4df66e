/**
 * `npm run generate`: writes openapi.yaml from the contract and generated/api.d.ts from openapi.yaml.
 * `--check` writes nothing and fails when either committed file differs from what would be written.
 */
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { stringify } from 'yaml';
import { buildOpenApiDocument, describeBounds, FILE_LIMITS, OPERATION_SCOPES, PRICE_LABEL, routes, TABLE_NOTES, TEXT_BOUNDS, type OperationName } from '../contract/index.ts';
import { sdkTypesFile, sdkTypesFrom } from '../sdk/scripts/sync-types.ts';

const root = new URL('../', import.meta.url);
const specFile = new URL('openapi.yaml', root);
const typesFile = new URL('generated/api.d.ts', root);

const header = '# Generated from contract/ by `npm run generate`. Do not edit by hand.\n';
const spec = header + stringify(buildOpenApiDocument(), { lineWidth: 0, aliasDuplicateObjects: false });
// defaultNonNullable: false keeps request fields that have a default (poll, target_variant) optional.
const ast = await openapiTS(spec.replace(header, ''), { defaultNonNullable: false });
const types = `// Generated from openapi.yaml by \`npm run generate\`. Do not edit by hand.\n${astToString(ast)}`;

const fileLimit = (limit: { maxBytes: number; maxSeconds?: number }) => `file up to ${limit.maxBytes / 2 ** 20} MB${limit.maxSeconds ? ` and ${limit.maxSeconds} s` : ''}`;

/** The README's endpoint table, from the route table and the catalogue. */
function endpointTable(): string {
  const rows = routes.map((route) => {
    const op = route.op as OperationName;
    const scopes = OPERATION_SCOPES[op];
    const scope = TABLE_NOTES[op]?.scope ?? (scopes === null ? 'none' : scopes.length === 0 ? 'any' : scopes.map((x) => `\`${x}\``).join(' and '));
    const bounds = TABLE_NOTES[op]?.input ?? (op in TEXT_BOUNDS ? describeBounds(TEXT_BOUNDS[op as keyof typeof TEXT_BOUNDS]) : op in FILE_LIMITS ? fileLimit(FILE_LIMITS[op as keyof typeof FILE_LIMITS]) : '–');
    return `| \`${route.method.toUpperCase()} ${route.path}\` | ${scope} | ${route.summary} | ${bounds} | ${PRICE_LABEL[op] ?? '–'} |`;
  });
  return ['| Method and path | Scope | What it does | Input | Price |', '|---|---|---|---|---|', ...rows].join('\n');
}
const readmeFile = new URL('README.md', root);
const readme = readFileSync(readmeFile, 'utf8').replace(/(<!-- catalogue:start[^\n]*-->\n)[\s\S]*?(<!-- catalogue:end -->)/, (_, start: string, end: string) => `${start}${endpointTable()}\n${end}`);

const outputs: [URL, string][] = [
  [readmeFile, readme],
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
  console.log('openapi.yaml, generated/ and the README endpoint table match the contract.');
} else {
  for (const [file, text] of outputs) {
    mkdirSync(new URL('.', file), { recursive: true });
    writeFileSync(file, text);
  }
  console.log('wrote openapi.yaml, generated/api.d.ts and the SDK copy of it');
}
