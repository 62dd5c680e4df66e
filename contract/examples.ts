/**
 * Sample requests and responses, and a curl command per public operation, built from the schemas'
 * own `example`s. They are written into the OpenAPI document (media type `example`,
 * `x-codeSamples`), so openapi.yaml carries them, /docs shows them, and the drift check covers them.
 */
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
  const { content: _text, ...rest } = body;
  const urlSample = sampleOf({ $ref: String((json.schema as Json).$ref) }, schemas) as Json;
  const withUrl = { ...rest, url: urlSample.url };
  return [
    { lang: 'Shell', label: 'curl', source: curlOf(method, path, op, schemas, 'json') },
    { lang: 'Shell', label: 'curl (url)', source: curlOf(method, path, { ...op, requestBody: { content: { 'application/json': { ...json, example: withUrl } } } }, schemas, 'json') },
    { lang: 'Shell', label: 'curl (file)', source: curlOf(method, path, op, schemas, 'multipart') },
  ];
}

/** A curl command for an operation: its path with sample parameters, the key header, the sample body or file (`only`: one of the two). */
function curlOf(method: string, path: string, op: Json, schemas: Record<string, Json>, only?: 'json' | 'multipart'): string {
  const params = (op.parameters ?? []) as Json[];
  const value = (p: Json) => String(sampleOf(p.schema as Json, schemas) ?? '');
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => value(params.find((p) => p.name === name && p.in === 'path') ?? {}));
  const query = params.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=${encodeURIComponent(value(p))}`).join('&');
  const lines = [`curl -s${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} ${shellQuote(`${SAMPLE_BASE_URL}${url}${query ? `?${query}` : ''}`)}`];
  if ((op.security as unknown[] | undefined)?.length) lines.push(`-H "X-API-Key: $CI_API_KEY"`);
  const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  if (content['application/json'] && only !== 'multipart') {
    lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(content['application/json'].example))}`);
  }
  const multipart = content['multipart/form-data']?.schema as Json | undefined;
  if (multipart && only !== 'json') {
    const upload = schemas[String(multipart.$ref ?? '').split('/').pop()!] ?? multipart;
    const required = new Set((upload.required ?? []) as string[]);
    for (const [name, property] of Object.entries((upload.properties ?? {}) as Record<string, Json>)) {
      // The file, and the other fields the request needs (as form fields).
      if (property.format === 'binary') lines.push(`-F ${shellQuote(`${name}=@${String(property['x-sample-file'] ?? 'file')}`)}`);
      else if (required.has(name)) lines.push(`-F ${shellQuote(`${name}=${String(sampleOf(property, schemas))}`)}`);
    }
  }
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
      for (const response of Object.values(op.responses as Record<string, Json>)) {
        const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
        // Error answers share one schema and its one example; the samples are of the operation's own bodies.
        if (media && (media.schema as Json).$ref !== ERROR_REF) media.example = sampleOf(media.schema as Json, schemas);
      }
      if (isPublic(path)) op['x-codeSamples'] = curlSamples(method, path, op, schemas);
    }
  }
}
