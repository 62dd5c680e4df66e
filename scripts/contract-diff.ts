/**
 * `npm run contract:diff -- <git-ref> [--json]`: what changed in openapi.yaml between a git ref and the
 * working tree — endpoints, request and response fields, parameters, status codes and error codes —
 * with the changes that can break an existing client flagged BREAKING. Exits 1 when there is one.
 *
 * Breaking: a removed endpoint; a removed success status; a response field removed or made optional;
 * a new required request field or parameter (or one made required); a request enum that lost values;
 * a type that changed (except a request type that only widened or a response type that only narrowed).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';

type Json = Record<string, unknown>;
export type OpenApiDocument = Json;

export interface ContractChange {
  /** `METHOD /path`, with the part of it that changed. */
  where: string;
  message: string;
  breaking: boolean;
}

/** One node of a flattened schema: its types (e.g. `string`, `integer`, `null`), enum values, bounds and whether it is required. */
interface FieldShape {
  types: string[];
  enum?: string[];
  limits?: Partial<Record<Limit, number | string>>;
  required: boolean;
}

/** Bounds a request value must meet; `min*` tighten upwards, `max*` downwards, a pattern either way. */
const LIMITS = ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'pattern'] as const;
type Limit = (typeof LIMITS)[number];
type Fields = Map<string, FieldShape>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

// ---------------------------------------------------------------- flattening schemas into field paths

function resolve(doc: OpenApiDocument, schema: Json | undefined): { schema: Json; name?: string } {
  let current = schema ?? {};
  let name: string | undefined;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 32; hops++) {
    name = current.$ref.split('/').pop();
    const target = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    current = (target as Json | undefined) ?? {};
  }
  return { schema: current, name };
}

function ownTypes(schema: Json): string[] {
  const declared = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  const types = declared.length ? declared : schema.properties ? ['object'] : schema.items ? ['array'] : [];
  return types.map((t) => (schema.format && t !== 'null' ? `${t}:${String(schema.format)}` : t));
}

const isObjectLike = (schema: Json) => ownTypes(schema).includes('object') || Boolean(schema.properties) || Array.isArray(schema.anyOf ?? schema.oneOf);

/**
 * Every node of `schema` by path (`a.b`, `items[]`, `[Variant].field` for the members of a union of
 * objects), so that two versions of a schema compare field by field.
 */
export function flattenSchema(doc: OpenApiDocument, schema: Json | undefined, path = '', required = true, into: Fields = new Map(), seen: string[] = []): Fields {
  const { schema: node, name } = resolve(doc, schema);
  if (name && seen.includes(name)) {
    into.set(path, { types: [`recursive ${name}`], required });
    return into;
  }
  const stack = name ? [...seen, name] : seen;
  const members = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (Array.isArray(members)) {
    const resolved = members.map((m) => ({ ...resolve(doc, m), raw: m }));
    const nonNull = resolved.filter((m) => !(ownTypes(m.schema).length === 1 && ownTypes(m.schema)[0] === 'null'));
    const nullable = nonNull.length < resolved.length;
    if (nonNull.length === 1) {
      flattenSchema(doc, nonNull[0]!.raw, path, required, into, stack);
      const self = into.get(path);
      if (self && nullable) self.types = [...new Set([...self.types, 'null'])].sort();
      return into;
    }
    if (nonNull.every((m) => isObjectLike(m.schema))) {
      into.set(path, { types: nullable ? ['null', 'union'] : ['union'], required });
      nonNull.forEach((m, i) => flattenSchema(doc, m.raw, `${path}[${m.name ?? `variant ${i + 1}`}]`, true, into, stack));
      return into;
    }
    const types = new Set<string>();
    const values = new Set<string>();
    for (const m of resolved) {
      for (const t of ownTypes(m.schema)) types.add(t);
      for (const v of (m.schema.enum as unknown[] | undefined) ?? []) values.add(JSON.stringify(v));
    }
    into.set(path, { types: [...types].sort(), required, ...(values.size ? { enum: [...values].sort() } : {}) });
    return into;
  }

  const shape: FieldShape = { types: ownTypes(node).sort(), required };
  if (Array.isArray(node.enum)) shape.enum = (node.enum as unknown[]).map((v) => JSON.stringify(v)).sort();
  if (node.const !== undefined) shape.enum = [JSON.stringify(node.const)];
  const limits = Object.fromEntries(LIMITS.filter((k) => typeof node[k] === 'number' || typeof node[k] === 'string').map((k) => [k, node[k] as number | string]));
  if (Object.keys(limits).length) shape.limits = limits;
  into.set(path, shape);

  const requiredNames = new Set((node.required as string[] | undefined) ?? []);
  for (const [field, child] of Object.entries((node.properties as Record<string, Json> | undefined) ?? {})) {
    flattenSchema(doc, child, path ? `${path}.${field}` : field, requiredNames.has(field), into, stack);
  }
  for (const part of (node.allOf as Json[] | undefined) ?? []) flattenSchema(doc, part, path, required, into, stack);
  if (node.items) flattenSchema(doc, node.items as Json, `${path}[]`, true, into, stack);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') flattenSchema(doc, node.additionalProperties as Json, `${path}.*`, false, into, stack);
  return into;
}

// ---------------------------------------------------------------- comparing

type Side = 'request' | 'response';

/** Field-by-field changes between two flattened schemas; `label` names what they belong to. */
function compareFields(before: Fields, after: Fields, side: Side, where: string, label: string): ContractChange[] {
  const changes: ContractChange[] = [];
  const show = (path: string) => (path ? `\`${path}\`` : '(the body itself)');
  // A field added or removed with its parent is reported once, at the parent.
  const underChanged = (path: string, changed: Set<string>) => [...changed].some((p) => p !== path && (path.startsWith(`${p}.`) || path.startsWith(`${p}[`)));
  const removed = new Set([...before.keys()].filter((p) => !after.has(p)));
  const added = new Set([...after.keys()].filter((p) => !before.has(p)));

  for (const path of removed) {
    if (underChanged(path, removed)) continue;
    changes.push({ where, message: `${label} field ${show(path)} removed`, breaking: side === 'response' });
  }
  for (const path of added) {
    if (underChanged(path, added)) continue;
    const { required } = after.get(path)!;
    changes.push({ where, message: `${label} field ${show(path)} added (${required ? 'required' : 'optional'})`, breaking: side === 'request' && required });
  }
  for (const [path, old] of before) {
    const now = after.get(path);
    if (!now) continue;
    if (old.required !== now.required) {
      const breaking = side === 'request' ? now.required : !now.required;
      changes.push({ where, message: `${label} field ${show(path)} is now ${now.required ? 'required' : 'optional'}`, breaking });
    }
    const oldTypes = old.types.join(' | ');
    const newTypes = now.types.join(' | ');
    if (oldTypes !== newTypes && old.types.length && now.types.length) {
      // A request may accept more than before; a response may promise less variety than before.
      const widened = old.types.every((t) => now.types.includes(t));
      const narrowed = now.types.every((t) => old.types.includes(t));
      const breaking = side === 'request' ? !widened : !narrowed;
      changes.push({ where, message: `${label} field ${show(path)} type changed: ${oldTypes} → ${newTypes}`, breaking });
    }
    if (old.enum || now.enum) {
      const gone = (old.enum ?? []).filter((v) => now.enum && !now.enum.includes(v));
      const fresh = (now.enum ?? []).filter((v) => !old.enum || !old.enum.includes(v));
      if (gone.length) changes.push({ where, message: `${label} field ${show(path)} enum lost ${gone.join(', ')}`, breaking: side === 'request' });
      if (fresh.length && old.enum) changes.push({ where, message: `${label} field ${show(path)} enum gained ${fresh.join(', ')}`, breaking: false });
      if (!old.enum && now.enum) changes.push({ where, message: `${label} field ${show(path)} now restricted to ${now.enum.join(', ')}`, breaking: side === 'request' });
    }
    for (const limit of LIMITS) {
      const was = old.limits?.[limit];
      const is = now.limits?.[limit];
      if (was === is) continue;
      const tightened = is !== undefined && (was === undefined || limit === 'pattern' || (limit.startsWith('min') || limit.startsWith('exclusiveMin') ? is > was : is < was));
      const describe = (v: number | string | undefined) => (v === undefined ? 'none' : String(v));
      changes.push({ where, message: `${label} field ${show(path)} ${limit} ${describe(was)} → ${describe(is)}`, breaking: side === 'request' && tightened });
    }
  }
  return changes;
}

interface Operation {
  parameters: Map<string, Json>;
  requestBodies: Map<string, Json | undefined>;
  requestRequired: boolean;
  responses: Map<string, Json>;
}

function operations(doc: OpenApiDocument): Map<string, Operation> {
  const result = new Map<string, Operation>();
  for (const [path, item] of Object.entries((doc.paths as Record<string, Json> | undefined) ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const parameters = new Map<string, Json>();
      for (const raw of [...((item.parameters as Json[] | undefined) ?? []), ...((op.parameters as Json[] | undefined) ?? [])]) {
        const p = resolve(doc, raw).schema;
        parameters.set(`${String(p.in)} ${String(p.name)}`, p);
      }
      const body = resolve(doc, op.requestBody as Json | undefined).schema;
      const content = (body.content as Record<string, Json> | undefined) ?? {};
      result.set(`${method.toUpperCase()} ${path}`, {
        parameters,
        requestBodies: new Map(Object.entries(content).map(([type, media]) => [type, media.schema as Json | undefined])),
        requestRequired: body.required === true,
        responses: new Map(Object.entries((op.responses as Record<string, Json> | undefined) ?? {}).map(([status, r]) => [status, resolve(doc, r).schema])),
      });
    }
  }
  return result;
}

const isSuccess = (status: string) => /^2/.test(status);

/**
 * The error codes an error response lists: its description names each code in backticks, then its
 * meaning. A code that moved to another status shows as removed from one and added to the other.
 */
function errorCodes(response: Json): string[] {
  return [...String(response.description ?? '').matchAll(/`([a-z][a-z0-9_]*)` \(/g)].map((m) => m[1]!);
}

function jsonSchema(response: Json): Json | undefined {
  const content = (response.content as Record<string, Json> | undefined) ?? {};
  const media = content['application/json'] ?? Object.values(content)[0];
  return media?.schema as Json | undefined;
}

/** Every change from `before` to `after`, breaking ones flagged. */
export function diffOpenApi(before: OpenApiDocument, after: OpenApiDocument): ContractChange[] {
  const changes: ContractChange[] = [];
  const old = operations(before);
  const now = operations(after);
  for (const where of old.keys()) if (!now.has(where)) changes.push({ where, message: 'endpoint removed', breaking: true });
  for (const where of now.keys()) if (!old.has(where)) changes.push({ where, message: 'endpoint added', breaking: false });

  for (const [where, a] of old) {
    const b = now.get(where);
    if (!b) continue;

    for (const [key, param] of a.parameters) {
      const next = b.parameters.get(key);
      if (!next) changes.push({ where, message: `parameter ${key} removed`, breaking: false });
      else changes.push(...compareFields(flattenSchema(before, param.schema as Json, '', param.required === true), flattenSchema(after, next.schema as Json, '', next.required === true), 'request', where, `parameter ${key}`));
    }
    for (const [key, param] of b.parameters) {
      if (!a.parameters.has(key)) changes.push({ where, message: `parameter ${key} added (${param.required ? 'required' : 'optional'})`, breaking: param.required === true });
    }

    for (const [type, schema] of a.requestBodies) {
      if (!b.requestBodies.has(type)) changes.push({ where, message: `request body ${type} no longer accepted`, breaking: true });
      else changes.push(...compareFields(flattenSchema(before, schema), flattenSchema(after, b.requestBodies.get(type)), 'request', where, `request (${type})`));
    }
    for (const type of b.requestBodies.keys()) {
      // Another content type beside existing ones is an option; a required body where there was none is not.
      if (!a.requestBodies.has(type)) changes.push({ where, message: `request body ${type} accepted`, breaking: a.requestBodies.size === 0 && b.requestRequired });
    }

    for (const [status, response] of a.responses) {
      const next = b.responses.get(status);
      if (!next) {
        changes.push({ where, message: `${isSuccess(status) ? 'success' : 'error'} status ${status} removed`, breaking: isSuccess(status) });
        continue;
      }
      if (isSuccess(status)) {
        changes.push(...compareFields(flattenSchema(before, jsonSchema(response)), flattenSchema(after, jsonSchema(next)), 'response', where, `${status} response`));
      } else {
        const codesBefore = errorCodes(response);
        const codesAfter = errorCodes(next);
        for (const code of codesBefore) if (!codesAfter.includes(code)) changes.push({ where, message: `error code ${code} (${status}) removed`, breaking: false });
        for (const code of codesAfter) if (!codesBefore.includes(code)) changes.push({ where, message: `error code ${code} (${status}) added`, breaking: false });
      }
    }
    for (const [status, response] of b.responses) {
      if (a.responses.has(status)) continue;
      changes.push({ where, message: `${isSuccess(status) ? 'success' : 'error'} status ${status} added`, breaking: false });
      for (const code of errorCodes(response)) changes.push({ where, message: `error code ${code} (${status}) added`, breaking: false });
    }
  }
  return changes;
}

/** The report printed by the CLI. */
export function formatChanges(changes: ContractChange[], ref: string): string {
  if (changes.length === 0) return `openapi.yaml: no contract changes since ${ref}.`;
  const lines = [`openapi.yaml changes since ${ref}:`];
  const breaking = changes.filter((c) => c.breaking);
  const other = changes.filter((c) => !c.breaking);
  if (breaking.length) lines.push('', `BREAKING (${breaking.length}):`, ...breaking.map((c) => `  ✗ ${c.where}: ${c.message}`));
  if (other.length) lines.push('', `Other changes (${other.length}):`, ...other.map((c) => `  • ${c.where}: ${c.message}`));
  lines.push('', breaking.length ? `${breaking.length} breaking change(s): existing clients may stop working.` : 'No breaking changes.');
  return lines.join('\n');
}

function main(args: string[]): number {
  const ref = args.find((a) => !a.startsWith('--'));
  if (!ref) {
    console.error('usage: npm run contract:diff -- <git-ref> [--json]   (compares openapi.yaml at <git-ref> with the working tree)');
    return 2;
  }
  let previous: string;
  try {
    previous = execFileSync('git', ['show', `${ref}:openapi.yaml`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    console.error(`Cannot read openapi.yaml at ${ref}: ${String((error as { stderr?: string }).stderr ?? error).trim()}`);
    return 2;
  }
  const current = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');
  const changes = diffOpenApi(parse(previous) as OpenApiDocument, parse(current) as OpenApiDocument);
  console.log(args.includes('--json') ? JSON.stringify(changes, null, 2) : formatChanges(changes, ref));
  return changes.some((c) => c.breaking) ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
