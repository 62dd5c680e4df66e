/**
 * GET /docs: the API reference, rendered on the server from the same OpenAPI document as
 * openapi.yaml. One self-contained HTML page (inline CSS, no scripts, no CDN), so it works offline.
 */
import { buildOpenApiDocument } from '../../contract/index.ts';

type Json = Record<string, unknown>;

const esc = (text: unknown) => String(text ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
/** Inline `code` spans of the descriptions. */
const prose = (text: unknown) => esc(text).replace(/`([^`]+)`/g, '<code>$1</code>').replace(/\n\n/g, '</p><p>');

function schemaName(schema: Json | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(schemaName).join(' | ');
  if (schema.type === 'array') return `${schemaName(schema.items as Json)}[]`;
  return String(schema.type ?? 'object');
}

function schemaTable(name: string, schema: Json): string {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  const rows = Object.entries(properties)
    .map(([field, p]) => `<tr><td><code>${esc(field)}</code>${required.has(field) ? '' : ' <span class="opt">optional</span>'}</td><td>${esc(schemaName(p) || (p.type === 'null' ? 'null' : ''))}${p.enum ? ` (${(p.enum as unknown[]).map((v) => `<code>${esc(v)}</code>`).join(', ')})` : ''}</td><td>${prose(p.description)}</td></tr>`)
    .join('');
  const union = Array.isArray(schema.anyOf) ? `<p>One of: ${(schema.anyOf as Json[]).map((x) => `<a href="#schema-${esc(schemaName(x))}">${esc(schemaName(x))}</a>`).join(', ')}</p>` : '';
  return `<section class="schema" id="schema-${esc(name)}"><h3>${esc(name)}</h3>${schema.description ? `<p>${prose(schema.description)}</p>` : ''}${union}${rows ? `<table><tr><th>Field</th><th>Type</th><th>Meaning</th></tr>${rows}</table>` : ''}</section>`;
}

export function docsPage(): string {
  const doc = buildOpenApiDocument() as unknown as Json;
  const info = doc.info as Json;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const schemas = ((doc.components as Json)?.schemas ?? {}) as Record<string, Json>;
  const ops = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  const nav = ops.map(({ path, method, op }) => `<li><a href="#${esc(op.operationId)}"><span class="m ${method}">${method.toUpperCase()}</span> ${esc(path)}</a></li>`).join('');
  const body = ops
    .map(({ path, method, op }) => {
      const params = ((op.parameters ?? []) as Json[]).map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${prose((p.schema as Json)?.description ?? p.description)}</td></tr>`).join('');
      const content = ((op.requestBody as Json)?.content ?? {}) as Record<string, Json>;
      const request = Object.entries(content).map(([type, c]) => `<p>Request body (<code>${esc(type)}</code>): <a href="#schema-${esc(schemaName(c.schema as Json))}">${esc(schemaName(c.schema as Json))}</a></p>`).join('');
      const responses = Object.entries(op.responses as Record<string, Json>)
        .map(([status, r]) => {
          const schema = ((r.content as Record<string, Json> | undefined)?.['application/json']?.schema ?? undefined) as Json | undefined;
          return `<tr><td><b>${esc(status)}</b></td><td>${schema ? `<a href="#schema-${esc(schemaName(schema))}">${esc(schemaName(schema))}</a>` : ''}</td><td>${prose(r.description)}</td></tr>`;
        })
        .join('');
      return `<section class="op" id="${esc(op.operationId)}"><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h2><p class="summary">${esc(op.summary)}</p><p>${prose(op.description)}</p>${params ? `<table><tr><th>Parameter</th><th>In</th><th>Meaning</th></tr>${params}</table>` : ''}${request}<table><tr><th>Status</th><th>Body</th><th>When</th></tr>${responses}</table></section>`;
    })
    .join('');
  const schemaSections = Object.entries(schemas).map(([name, schema]) => schemaTable(name, schema)).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(info.title)} — API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;display:flex;color:#1d2330}nav{width:300px;flex:none;height:100vh;position:sticky;top:0;overflow:auto;background:#f4f6fa;padding:16px;box-sizing:border-box}
nav ul{list-style:none;padding:0}nav li{margin:4px 0}nav a{text-decoration:none;color:#1d2330;font-size:13px}main{padding:24px 40px;max-width:1000px}
.m{display:inline-block;min-width:52px;text-align:center;border-radius:4px;color:#fff;font-size:12px;font-weight:700;padding:1px 4px}.get{background:#2f7d32}.post{background:#1f5fbf}.delete{background:#b3261e}
table{border-collapse:collapse;width:100%;margin:8px 0 16px}td,th{border:1px solid #dde2ea;padding:6px 8px;text-align:left;vertical-align:top;font-size:14px}th{background:#f4f6fa}
@media (max-width:800px){body{display:block}nav{width:auto;height:auto;position:static}main{padding:16px}table{display:block;overflow-x:auto}}
code{background:#eef1f6;padding:1px 4px;border-radius:3px;font-size:13px}.op{border-top:1px solid #dde2ea;padding-top:8px}.summary{font-weight:600}.opt{color:#777;font-size:12px}
</style></head><body><nav><h3>${esc(info.title)} ${esc(info.version)}</h3><p><a href="/openapi.yaml">openapi.yaml</a></p><ul>${nav}</ul><h4>Schemas</h4><ul>${Object.keys(schemas).map((n) => `<li><a href="#schema-${esc(n)}">${esc(n)}</a></li>`).join('')}</ul></nav>
<main><h1>${esc(info.title)}</h1><p>${prose(info.description)}</p><p>Authenticate with the header <code>X-API-Key: ci_…</code>.</p>${body}<h1>Schemas</h1>${schemaSections}</main></body></html>`;
}
