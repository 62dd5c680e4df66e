/**
 * Sample requests and responses, and a curl command per public operation. A request is built from
 * the schemas' own `example`s; its response is the answer the current engines gave to that very
 * request (recorded-samples.ts, written by `npm run samples`), else built from the examples too. They are written into the OpenAPI document (media type `example`,
 * `x-codeSamples`), so openapi.yaml carries them, /docs shows them, and the drift check covers them.
 */
import { RECORDED_SAMPLES } from './recorded-samples.ts';

type Json = Record<string, unknown>;

const ERROR_REF = '#/components/schemas/Error';

/** The base URL the curl commands use (the document's first server). */
export const SAMPLE_BASE_URL = 'http://localhost:8000';

/**
 * A value the schema accepts: a property's own `example` first, else the first choice of an
 * enum or union, else a placeholder of the type. `requiredOnly` leaves optional fields out (a
 * request shows what it needs; a response shows every field).
 */
export function sampleOf(schema: Json | undefined, schemas: Record<string, Json>, requiredOnly = false, depth = 0): unknown {
  if (!schema || depth > 12) return null;
  if (typeof schema.$ref === 'string') return sampleOf(schemas[schema.$ref.split('/').pop()!], schemas, requiredOnly, depth + 1);
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema && schema.default !== undefined) return schema.default;
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return sampleOf(union.find((s) => s.type !== 'null') ?? union[0], schemas, requiredOnly, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const required = new Set((schema.required ?? []) as string[]);
    const out: Json = {};
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      // `x-in-sample`: an optional field a request sample shows all the same (content, one of content, url and file).
      if (!requiredOnly || required.has(name) || property['x-in-sample'] === true) out[name] = sampleOf(property, schemas, requiredOnly, depth + 1);
    }
    return out;
  }
  if (type === 'array') return [sampleOf(schema.items as Json, schemas, requiredOnly, depth + 1)];
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 0;
  if (type === 'boolean') return false;
  if (type === 'null') return null;
  if (schema.format === 'date-time') return '2026-11-26T07:00:00.000Z';
  if (schema.format === 'uuid') return '3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14';
  return 'string';
}

/** Single-quotes a shell word. */
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The curl commands of an operation: the first with its JSON body or its file; an operation that
 * also takes a document adds one with `url` instead of the text and one uploading a file (`-F`).
 */
export function curlSamples(method: string, path: string, op: Json, schemas: Record<string, Json>): { lang: string; label: string; source: string }[] {
  const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  const json = content['application/json'];
  if (!json || !content['multipart/form-data']) return [{ lang: 'Shell', label: 'curl', source: curlOf(method, path, op, schemas) }];
  const body = json.example as Json;
  const { content: text, ...rest } = body;
  const urlSample = sampleOf({ $ref: String((json.schema as Json).$ref) }, schemas) as Json;
  const withUrl = { ...rest, url: urlSample.url };
  const samples = [{ lang: 'Shell', label: 'curl', source: curlOf(method, path, op, schemas, 'json') }];
  // A text route's url form; a batch's items say content or url themselves.
  if (text !== undefined) samples.push({ lang: 'Shell', label: 'curl (url)', source: curlOf(method, path, { ...op, requestBody: { content: { 'application/json': { ...json, example: withUrl } } } }, schemas, 'json') });
  samples.push({ lang: 'Shell', label: text === undefined ? 'curl (files)' : 'curl (file)', source: curlOf(method, path, op, schemas, 'multipart') });
  return samples;
}

/** The request an operation's sample sends: its path with sample parameters, whether it needs the key, the sample JSON body or the files to upload. */
export interface SampleRequest {
  method: string;
  /** Path and query, e.g. `/api/jobs/3f1c…/`. */
  url: string;
  needsKey: boolean;
  json?: unknown;
  /** Form field and file name (`x-sample-file`; a field of several files, `x-sample-files`, once per file). */
  files?: [field: string, file: string][];
  /** The other form fields a multipart request needs, as text. */
  fields?: Record<string, string>;
}

/** An operation's sample request; `only`: its JSON body or its upload, where it takes both (a document route). */
export function sampleRequestOf(method: string, path: string, op: Json, schemas: Record<string, Json>, only: 'json' | 'multipart' = 'json'): SampleRequest {
  const params = (op.parameters ?? []) as Json[];
  const value = (p: Json) => String(sampleOf(p.schema as Json, schemas) ?? '');
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => value(params.find((p) => p.name === name && p.in === 'path') ?? {}));
  const query = params.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=${encodeURIComponent(value(p))}`).join('&');
  const request: SampleRequest = { method: method.toUpperCase(), url: `${url}${query ? `?${query}` : ''}`, needsKey: Boolean((op.security as unknown[] | undefined)?.length) };
  const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  const multipart = content['multipart/form-data']?.schema as Json | undefined;
  if (content['application/json'] && (only === 'json' || !multipart)) request.json = content['application/json'].example;
  else if (multipart) {
    const upload = schemas[String(multipart.$ref ?? '').split('/').pop()!] ?? multipart;
    const required = new Set((upload.required ?? []) as string[]);
    const properties = Object.entries((upload.properties ?? {}) as Record<string, Json>);
    // The file, and the other fields the request needs (as form fields).
    const isFiles = (property: Json) => property.format === 'binary' || (property.type === 'array' && (property.items as Json | undefined)?.format === 'binary');
    request.files = properties.filter(([, property]) => isFiles(property)).flatMap(([name, property]) => ((property['x-sample-files'] as string[] | undefined) ?? [String(property['x-sample-file'] ?? 'file')]).map((file): [string, string] => [name, file]));
    const fields = properties.filter(([name, property]) => !isFiles(property) && required.has(name));
    if (fields.length) request.fields = Object.fromEntries(fields.map(([name, property]) => [name, String(sampleOf(property, schemas))]));
  }
  return request;
}

/** A curl command for an operation: its sample request (sampleRequestOf), with the key from $CI_API_KEY. */
function curlOf(method: string, path: string, op: Json, schemas: Record<string, Json>, only?: 'json' | 'multipart'): string {
  const request = sampleRequestOf(method, path, op, schemas, only);
  const lines = [`curl -s${method === 'get' ? '' : ` -X ${request.method}`} ${shellQuote(`${SAMPLE_BASE_URL}${request.url}`)}`];
  if (request.needsKey) lines.push(`-H "X-API-Key: $CI_API_KEY"`);
  if (request.json !== undefined) lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(request.json))}`);
  for (const [name, file] of request.files ?? []) lines.push(`-F ${shellQuote(`${name}=@${file}`)}`);
  for (const [name, text] of Object.entries(request.fields ?? {})) lines.push(`-F ${shellQuote(`${name}=${text}`)}`);
  return lines.join(' \\\n  ');
}

/**
 * Writes the samples into a generated document: the JSON request body (required fields), every
 * JSON response but the errors, and, for operations of the public API (not the portal's), a curl command.
 */
export function addSamples(doc: Json, isPublic: (path: string) => boolean): void {
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const request = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.['application/json'];
      if (request) request.example = sampleOf(request.schema as Json, schemas, true);
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
        // Error answers share one schema and its one example; the samples are of the operation's own bodies.
        if (media && (media.schema as Json).$ref !== ERROR_REF) media.example = RECORDED_SAMPLES[String(op.operationId)]?.[status] ?? sampleOf(media.schema as Json, schemas);
      }
      if (isPublic(path)) op['x-codeSamples'] = curlSamples(method, path, op, schemas);
    }
  }
}
