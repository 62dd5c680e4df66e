/**
 * The API reference's samples: built from the contract, accepted by the contract's own schemas,
 * a curl command per public operation, and the portal's routes on a page of their own.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildOpenApiDocument } from '../../contract/index.ts';
import { portalRoutes, type PortalRouteDef } from '../../contract/portal.ts';
import { routes, type RouteDef } from '../../contract/routes.ts';
import { docsPages } from '../../server/http/docs.ts';

type Json = Record<string, unknown>;
const doc = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, Json>> };
const operation = (path: string, method: string) => doc.paths[path][method];
const media = (op: Json, status: string) => ((op.responses as Record<string, Json>)[status].content as Record<string, Json>)['application/json'];

describe('API reference samples', () => {
  test('every public operation has a curl command with its path, key header and body or file', () => {
    for (const route of routes as readonly RouteDef[]) {
      const op = operation(route.path, route.method);
      const [sample] = op['x-codeSamples'] as { label: string; source: string }[];
      assert.equal(sample.label, 'curl', route.op);
      const path = route.path.replace(/\{\w+\}/g, '[^/]+');
      assert.match(sample.source, new RegExp(`^curl -s.* 'http://localhost:8000${path}(\\?[^']*)?'`), route.op);
      assert.equal(sample.source.includes('X-API-Key: $CI_API_KEY'), route.scopes !== null, route.op);
      if (route.request.kind === 'json') assert.match(sample.source, /-H 'Content-Type: application\/json' \\\n {2}-d '\{/, route.op);
      if (route.request.kind === 'multipart') assert.match(sample.source, /-F 'file=@\w+\.(jpg|wav)'/, route.op);
    }
  });

  test('each sample request and response is accepted by the contract schema it illustrates', () => {
    const check = (op: string, schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
      const result = schema.safeParse(value);
      assert.ok(result.success, `${op}: ${JSON.stringify(value)} → ${String(result.error)}`);
    };
    for (const route of [...(routes as readonly RouteDef[]), ...(portalRoutes as readonly PortalRouteDef[])]) {
      const op = operation(route.path, route.method);
      if (route.request.kind === 'json') {
        const example = ((op.requestBody as Json).content as Record<string, Json>)['application/json'].example;
        assert.ok(example && typeof example === 'object', `${route.op} has a sample request`);
        check(route.op, route.request.body, example);
      }
      const responses = 'responses' in route ? route.responses : { 200: route.response };
      for (const [status, schema] of Object.entries(responses)) check(`${route.op} ${status}`, schema, media(op, status).example);
    }
  });

  test('a sample follows the contract: a changed example changes the sample', () => {
    const detect = operation('/api/detector/', 'post');
    const request = ((detect.requestBody as Json).content as Record<string, Json>)['application/json'].example as { content: string };
    assert.equal(request.content, 'The committee reviewed the proposal on Monday and asked for a revised budget.');
    assert.deepEqual(Object.keys(request), ['content'], 'optional fields (poll, callback_url) stay out of the request sample');
    const humanize = ((operation('/api/humanizer/', 'post').requestBody as Json).content as Record<string, Json>)['application/json'].example as { content: string };
    assert.ok(humanize.content.split(/\s+/).length >= 50, 'the humanizer sample is long enough to be accepted');
  });

  test('/docs lists the public API by tag with samples; the portal routes are on /docs/portal', () => {
    const { api, portal } = docsPages();
    for (const route of routes as readonly RouteDef[]) assert.ok(api.includes(`<code>${route.path}</code>`), route.path);
    assert.ok(!api.includes('/portal/api/'), 'no portal route in the public reference');
    for (const route of portalRoutes) assert.ok(portal.includes(route.path), route.path);
    for (const tag of new Set((routes as readonly RouteDef[]).map((r) => r.tag))) assert.ok(api.includes(`href="#tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}"`), tag);
    assert.equal(api.match(/Example: curl</g)?.length, routes.length);
    // The text routes that also read a document show a url and a file upload too; the batch route, an upload of several files.
    const uploads = (routes as readonly RouteDef[]).flatMap((r) => (r.request.kind === 'json' && r.request.upload ? [r.request.upload] : []));
    const documentRoutes = uploads.filter((u) => !u.files);
    assert.equal(documentRoutes.length, 5);
    assert.equal(api.match(/Example: curl \(url\)/g)?.length, documentRoutes.length);
    assert.equal(api.match(/Example: curl \(file\)/g)?.length, documentRoutes.length);
    assert.equal(api.match(/Example: curl \(files\)/g)?.length, uploads.length - documentRoutes.length);
    assert.match(api, /-F &#39;files=@|-F 'files=@/);
    assert.match(api, /&quot;url&quot;:&quot;https:\/\/example\.com\/essay\.html&quot;|"url":"https:\/\/example\.com\/essay\.html"/);
    assert.match(api, /-F &#39;file=@essay\.pdf&#39;|-F 'file=@essay\.pdf'/);
    assert.ok(!portal.includes('Example: curl'), 'no curl for cookie routes');
    for (const page of [api, portal]) {
      assert.match(page, /<a href="\/portal\/">Developer portal<\/a>/);
      assert.match(page, /Sample response 200/);
    }
    assert.match(api, /-F &#39;file=@photo\.jpg&#39;|-F 'file=@photo\.jpg'/);
  });
});
