/**
 * GET /docs and /docs/portal: the API reference, rendered on the server from the same OpenAPI
 * document as openapi.yaml, samples and curl commands included (contract/examples.ts). /docs is the
 * public API, grouped by tag; the portal's own cookie routes are on /docs/portal. Self-contained
 * pages (inline CSS, no scripts, no CDN), so they work offline.
 */
import { buildOpenApiDocument } from '../../contract/index.ts';

type Json = Record<string, unknown>;
interface Operation { path: string; method: string; op: Json }

const esc = (text: unknown) => String(text ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
/** Inline `code` spans of the descriptions. */
const prose = (text: unknown) => esc(text).replace(/`([^`]+)`/g, '<code>$1</code>').replace(/\n\n/g, '</p><p>');
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const refName = (ref: unknown) => String(ref).split('/').pop()!;

function schemaName(schema: Json | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') return refName(schema.$ref);
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(schemaName).join(' | ');
  if (schema.type === 'array') return `${schemaName(schema.items as Json)}[]`;
  return String(schema.type ?? 'object');
}

/** Every schema a value refers to, directly or through other schemas. */
function referencedSchemas(value: unknown, schemas: Record<string, Json>, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) referencedSchemas(v, schemas, found);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/') && !found.has(refName(v))) {
        found.add(refName(v));
        referencedSchemas(schemas[refName(v)], schemas, found);
      } else referencedSchemas(v, schemas, found);
    }
  }
  return found;
}

function schemaTable(name: string, schema: Json): string {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  const rows = Object.entries(properties)
    .map(([field, p]) => `<tr><td><code>${esc(field)}</code>${required.has(field) ? '' : ' <span class="opt">optional</span>'}</td><td>${esc(schemaName(p) || (p.type === 'null' ? 'null' : ''))}${p.enum ? ` (${(p.enum as unknown[]).map((v) => `<code>${esc(v)}</code>`).join(', ')})` : ''}</td><td>${prose(p.description)}</td></tr>`)
    .join('');
  const union = Array.isArray(schema.anyOf) ? `<p>One of: ${(schema.anyOf as Json[]).map((x) => `<a href="#schema-${esc(schemaName(x))}">${esc(schemaName(x))}</a>`).join(', ')}</p>` : '';
  return `<section class="schema" id="schema-${esc(name)}"><h3>${esc(name)}</h3>${schema.description ? `<p>${prose(schema.description)}</p>` : ''}${union}${rows ? `<div class="wide"><table><tr><th>Field</th><th>Type</th><th>Meaning</th></tr>${rows}</table></div>` : ''}</section>`;
}

const sample = (label: string, value: unknown) => `<details open><summary>${esc(label)}</summary><pre><code>${esc(JSON.stringify(value, null, 2))}</code></pre></details>`;

function operationSection({ path, method, op }: Operation): string {
  const params = ((op.parameters ?? []) as Json[]).map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${prose((p.schema as Json)?.description ?? p.description)}</td></tr>`).join('');
  const content = ((op.requestBody as Json)?.content ?? {}) as Record<string, Json>;
  const request = Object.entries(content).map(([type, c]) => `<p>Request body (<code>${esc(type)}</code>): <a href="#schema-${esc(schemaName(c.schema as Json))}">${esc(schemaName(c.schema as Json))}</a></p>`).join('');
  const responses = Object.entries(op.responses as Record<string, Json>);
  const statuses = responses
    .map(([status, r]) => {
      const schema = ((r.content as Record<string, Json> | undefined)?.['application/json']?.schema ?? undefined) as Json | undefined;
      return `<tr><td><b>${esc(status)}</b></td><td>${schema ? `<a href="#schema-${esc(schemaName(schema))}">${esc(schemaName(schema))}</a>` : ''}</td><td>${prose(r.description)}</td></tr>`;
    })
    .join('');
  const curl = ((op['x-codeSamples'] ?? []) as Json[]).map((c) => `<details open><summary>Example: ${esc(c.label)}</summary><pre><code>${esc(c.source)}</code></pre></details>`).join('');
  const requestSample = content['application/json'] && 'example' in content['application/json'] ? sample('Sample request body', content['application/json'].example) : '';
  const responseSamples = responses
    .flatMap(([status, r]) => {
      const media = (r.content as Record<string, Json> | undefined)?.['application/json'];
      return media && 'example' in media ? [sample(`Sample response ${status}`, media.example)] : [];
    })
    .join('');
  return `<section class="op" id="${esc(op.operationId)}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3><p class="summary">${esc(op.summary)}</p><p>${prose(op.description)}</p>${curl}${requestSample}${responseSamples}${params ? `<div class="wide"><table><tr><th>Parameter</th><th>In</th><th>Meaning</th></tr>${params}</table></div>` : ''}${request}<div class="wide"><table><tr><th>Status</th><th>Body</th><th>When</th></tr>${statuses}</table></div></section>`;
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;display:flex;color:#1d2330}nav{width:280px;flex:none;height:100vh;position:sticky;top:0;overflow:auto;background:#f4f6fa;padding:16px;box-sizing:border-box}
nav ul{list-style:none;padding:0;margin:0 0 12px}nav li{margin:3px 0}nav a{color:#1d2330;font-size:13px}nav h1{font-size:16px}nav h2{font-size:14px;margin:12px 0 4px}nav .top a{font-size:14px}
main{padding:24px 40px;max-width:1000px;min-width:0;flex:1}a{color:#0b57d0}
.m{display:inline-block;min-width:52px;text-align:center;border-radius:4px;color:#fff;font-size:12px;font-weight:700;padding:1px 4px}.get{background:#2f7d32}.post{background:#1f5fbf}.delete{background:#b3261e}
.wide{overflow-x:auto}table{border-collapse:collapse;width:100%;margin:8px 0 16px}td,th{border:1px solid #dde2ea;padding:6px 8px;text-align:left;vertical-align:top;font-size:14px}th{background:#f4f6fa}
code{background:#eef1f6;padding:1px 4px;border-radius:3px;font-size:13px;overflow-wrap:anywhere}pre{background:#0d1117;color:#e6edf3;padding:10px 12px;border-radius:6px;overflow-x:auto;margin:4px 0 10px}pre code{background:none;color:inherit;padding:0;overflow-wrap:normal}
details summary{cursor:pointer;font-weight:600;font-size:14px}.op{border-top:1px solid #dde2ea;padding-top:8px}.summary{font-weight:600}.opt{color:#59636e;font-size:12px}h2.tag{margin-top:32px}
@media (max-width:800px){body{display:block}nav{width:auto;height:auto;position:static}main{padding:16px}}
`;

function page(title: string, navHtml: string, mainHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><link rel="icon" href="/portal/assets/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><nav aria-label="Reference">${navHtml}</nav><main id="main">${mainHtml}</main></body></html>`;
}

/** The two reference pages: `api` (/docs, the public API) and `portal` (/docs/portal). */
export function docsPages(): { api: string; portal: string } {
  const doc = buildOpenApiDocument() as unknown as Json;
  const info = doc.info as Json;
  const schemas = ((doc.components as Json)?.schemas ?? {}) as Record<string, Json>;
  const ops: Operation[] = Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  const isPortal = (o: Operation) => o.path.startsWith('/portal/');
  const links = `<p class="top"><a href="/portal/">Developer portal</a> · <a href="/docs">API reference</a> · <a href="/docs/portal">Portal routes</a> · <a href="/openapi.yaml">openapi.yaml</a></p>`;

  function render(list: Operation[], title: string, intro: string): string {
    const tags = [...new Set(list.map((o) => String((o.op.tags as string[])[0])))];
    const used = [...referencedSchemas(list.map((o) => o.op), schemas)].sort();
    const navHtml = `<h1>${esc(info.title)} ${esc(info.version)}</h1>${links}${tags
      .map((tag) => `<h2><a href="#tag-${slug(tag)}">${esc(tag)}</a></h2><ul>${list.filter((o) => (o.op.tags as string[])[0] === tag).map((o) => `<li><a href="#${esc(o.op.operationId)}"><span class="m ${o.method}">${o.method.toUpperCase()}</span> ${esc(o.path)}</a></li>`).join('')}</ul>`)
      .join('')}<h2><a href="#schemas">Schemas</a></h2>`;
    const sections = tags.map((tag) => `<section id="tag-${slug(tag)}"><h2 class="tag">${esc(tag)}</h2>${list.filter((o) => (o.op.tags as string[])[0] === tag).map(operationSection).join('')}</section>`).join('');
    const schemaList = `<section id="schemas"><h2 class="tag">Schemas</h2>${used.map((name) => schemaTable(name, schemas[name])).join('')}</section>`;
    return page(`${info.title} — ${title}`, navHtml, `<h1>${esc(title)}</h1>${intro}${sections}${schemaList}`);
  }

  return {
    api: render(ops.filter((o) => !isPortal(o)), 'API reference', `<p>${prose(info.description)}</p><p>Authenticate with the header <code>X-API-Key: ci_…</code>; the examples read it from <code>$CI_API_KEY</code> (create a key in the <a href="/portal/">developer portal</a>). The developer portal's own routes are listed <a href="/docs/portal">separately</a>.</p>`),
    portal: render(ops.filter(isPortal), 'Developer portal routes', `<p>The JSON routes behind the <a href="/portal/">developer portal</a>. They take the portal's session cookie, never an API key, and are not part of the public API: build on the <a href="/docs">API reference</a> instead.</p>`),
  };
}
