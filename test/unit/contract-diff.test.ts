import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parse } from 'yaml';
import { diffOpenApi, formatChanges, type ContractChange, type OpenApiDocument } from '../../scripts/contract-diff.ts';

type Json = Record<string, unknown>;

/** A small API: one POST with a JSON body and a 200/202 answer, one GET, and an error response listing codes. */
function api(): Json {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/api/things/': {
        post: {
          operationId: 'makeThing',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingRequest' } } },
          },
          responses: {
            '200': { description: 'Success.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            '202': { description: 'Accepted.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pending' } } } },
            '400': { description: 'Bad request. Codes: `invalid_payload` (bad body); `too_short` (short)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          },
        },
      },
      '/api/things/{id}/': {
        get: {
          operationId: 'getThing',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'Success.', content: { 'application/json': { schema: { anyOf: [{ $ref: '#/components/schemas/Thing' }, { $ref: '#/components/schemas/Pending' }] } } } } },
        },
      },
    },
    components: {
      schemas: {
        ThingRequest: {
          type: 'object',
          properties: { content: { type: 'string', maxLength: 100 }, mode: { type: 'string', enum: ['fast', 'slow'] } },
          required: ['content'],
        },
        Thing: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: ['success'] },
            score: { type: 'number' },
            items: { type: 'array', items: { type: 'object', properties: { text: { type: 'string' }, score: { type: 'number' } }, required: ['text', 'score'] } },
            note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          },
          required: ['status', 'score', 'items', 'note'],
        },
        Pending: { type: 'object', properties: { status: { type: 'string', enum: ['pending'] }, task_id: { type: 'string' } }, required: ['status', 'task_id'] },
        Error: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
      },
    },
  };
}

/** A copy of api() changed by `edit`. */
function changed(edit: (doc: Json & { components: { schemas: Record<string, Json & { properties: Record<string, Json>; required: string[] }> }; paths: Record<string, Record<string, Json>> }) => void): OpenApiDocument {
  const doc = structuredClone(api()) as Parameters<typeof edit>[0];
  edit(doc);
  return doc;
}

const only = (changes: ContractChange[]) => {
  assert.equal(changes.length, 1, JSON.stringify(changes));
  return changes[0]!;
};

describe('contract diff', () => {
  test('a removed response field is breaking', () => {
    // Thing is the 200 body of the POST and one member of the GET's union: both are reported.
    const both = diffOpenApi(api(), changed((d) => {
      delete d.components.schemas.Thing!.properties.score;
      d.components.schemas.Thing!.required = d.components.schemas.Thing!.required.filter((f) => f !== 'score');
    }));
    assert.deepEqual(both.map((c) => [c.where, c.breaking]), [['POST /api/things/', true], ['GET /api/things/{id}/', true]]);
    assert.match(both[1]!.message, /200 response field `\[Thing\]\.score` removed/);
  });

  test('an added optional field is not breaking, in a request or a response', () => {
    const request = only(diffOpenApi(api(), changed((d) => (d.components.schemas.ThingRequest!.properties.language = { type: 'string' }))));
    assert.equal(request.breaking, false);
    assert.match(request.message, /request \(application\/json\) field `language` added \(optional\)/);
    const response = diffOpenApi(api(), changed((d) => (d.components.schemas.Pending!.properties.eta = { type: 'number' })));
    assert.ok(response.length > 0 && response.every((c) => !c.breaking), JSON.stringify(response));
  });

  test('a new required request field, or one made required, is breaking', () => {
    const added = only(diffOpenApi(api(), changed((d) => {
      d.components.schemas.ThingRequest!.properties.owner = { type: 'string' };
      d.components.schemas.ThingRequest!.required.push('owner');
    })));
    assert.equal(added.breaking, true);
    assert.equal(only(diffOpenApi(api(), changed((d) => d.components.schemas.ThingRequest!.required.push('mode')))).breaking, true);
    assert.equal(only(diffOpenApi(changed((d) => d.components.schemas.ThingRequest!.required.push('mode')), api())).breaking, false, 'made optional: fine');
  });

  test('endpoints: removed is breaking, added is not', () => {
    const removed = changed((d) => delete d.paths['/api/things/{id}/']);
    assert.deepEqual(diffOpenApi(api(), removed), [{ where: 'GET /api/things/{id}/', message: 'endpoint removed', breaking: true }]);
    assert.deepEqual(diffOpenApi(removed, api()), [{ where: 'GET /api/things/{id}/', message: 'endpoint added', breaking: false }]);
  });

  test('status codes and error codes: a removed success status is breaking; error codes are listed', () => {
    const no202 = only(diffOpenApi(api(), changed((d) => delete (d.paths['/api/things/']!.post as { responses: Json }).responses['202'])));
    assert.deepEqual([no202.message, no202.breaking], ['success status 202 removed', true]);
    const codes = diffOpenApi(api(), changed((d) => {
      const responses = (d.paths['/api/things/']!.post as { responses: Record<string, Json> }).responses;
      responses['400']!.description = 'Bad request. Codes: `invalid_payload` (bad body); `too_long` (long)';
      responses['429'] = { description: 'Too many requests. Codes: `rate_limited` (slow down)' };
    }));
    assert.deepEqual(codes.map((c) => c.message).sort(), ['error code rate_limited (429) added', 'error code too_long (400) added', 'error code too_short (400) removed', 'error status 429 added']);
    assert.ok(codes.every((c) => !c.breaking));
  });

  test('types, enums and bounds: narrowing a request or changing a type is breaking; widening a request is not', () => {
    const enumNarrowed = only(diffOpenApi(api(), changed((d) => (d.components.schemas.ThingRequest!.properties.mode = { type: 'string', enum: ['fast'] }))));
    assert.deepEqual([enumNarrowed.breaking, enumNarrowed.message], [true, 'request (application/json) field `mode` enum lost "slow"']);
    assert.equal(only(diffOpenApi(api(), changed((d) => (d.components.schemas.ThingRequest!.properties.mode = { type: 'string', enum: ['fast', 'slow', 'auto'] })))).breaking, false);
    assert.equal(only(diffOpenApi(api(), changed((d) => (d.components.schemas.ThingRequest!.properties.content = { type: 'integer', maxLength: 100 })))).breaking, true);
    assert.equal(only(diffOpenApi(api(), changed((d) => (d.components.schemas.ThingRequest!.properties.content = { type: ['string', 'null'], maxLength: 100 })))).breaking, false);
    const retyped = diffOpenApi(api(), changed((d) => (d.components.schemas.Thing!.properties.score = { type: 'string' })));
    assert.deepEqual(retyped.map((c) => [c.breaking, c.message]), [[true, '200 response field `score` type changed: number → string'], [true, '200 response field `[Thing].score` type changed: number → string']]);
    assert.equal(only(diffOpenApi(api(), changed((d) => (d.components.schemas.ThingRequest!.properties.content = { type: 'string', maxLength: 50 })))).breaking, true);
    assert.equal(only(diffOpenApi(api(), changed((d) => (d.components.schemas.ThingRequest!.properties.content = { type: 'string', maxLength: 500 })))).breaking, false);
    // A response field that may now be null is a changed type for clients.
    const nullable = diffOpenApi(api(), changed((d) => (d.components.schemas.Pending!.properties.task_id = { type: ['string', 'null'] })));
    assert.ok(nullable.some((c) => c.breaking && /task_id/.test(c.message)), JSON.stringify(nullable));
    // Nested array items are compared too.
    const nested = diffOpenApi(api(), changed((d) => delete (d.components.schemas.Thing!.properties.items as { items: { properties: Json } }).items.properties.score));
    assert.ok(nested.some((c) => c.breaking && c.message.includes('`items[].score` removed')), JSON.stringify(nested));
  });

  test('a union that loses a member breaks clients of that member', () => {
    const changes = diffOpenApi(api(), changed((d) => {
      const get = d.paths['/api/things/{id}/']!.get as { responses: Record<string, { content: Record<string, { schema: { anyOf: Json[] } }> }> };
      get.responses['200']!.content['application/json']!.schema.anyOf.pop();
    }));
    assert.ok(changes.some((c) => c.breaking && c.message.includes('`[Pending]` removed')), JSON.stringify(changes));
    assert.ok(!changes.some((c) => c.message.includes('[Pending].task_id')), 'children of a removed member are not listed again');
  });

  test('property: a document compared with itself has no changes; removing any response field is breaking', () => {
    const field = fc.record({ type: fc.constantFrom('string', 'number', 'integer', 'boolean'), nullable: fc.boolean() }).map(({ type, nullable }) => (nullable ? { type: [type, 'null'] } : { type }));
    const names = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z_]{0,8}$/), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(names, fc.array(field, { minLength: 8, maxLength: 8 }), fc.nat(), (fieldNames, fields, pick) => {
        const doc = changed((d) => {
          d.components.schemas.Thing = { type: 'object', properties: Object.fromEntries(fieldNames.map((n, i) => [n, fields[i]!])), required: fieldNames };
        });
        assert.deepEqual(diffOpenApi(doc, structuredClone(doc)), []);
        const victim = fieldNames[pick % fieldNames.length]!;
        const smaller = structuredClone(doc) as { components: { schemas: { Thing: { properties: Json } } } };
        delete smaller.components.schemas.Thing.properties[victim];
        const changes = diffOpenApi(doc, smaller as OpenApiDocument);
        assert.ok(changes.length > 0 && changes.every((c) => c.breaking && c.message.includes(`${victim}\``)), JSON.stringify(changes));
      }),
      { numRuns: 100 },
    );
  });

  test('the committed openapi.yaml: no changes against itself; a removed DetectionResult field is flagged', () => {
    const doc = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as OpenApiDocument;
    assert.deepEqual(diffOpenApi(doc, structuredClone(doc)), []);
    const edited = structuredClone(doc) as { components: { schemas: Record<string, { properties: Json }> } };
    delete edited.components.schemas.DetectionResult!.properties.ai_score;
    const changes = diffOpenApi(doc, edited as OpenApiDocument);
    assert.ok(changes.some((c) => c.breaking && c.where === 'POST /api/detector/' && c.message === '200 response field `ai_score` removed'), formatChanges(changes, 'test'));
    assert.match(formatChanges(changes, 'HEAD'), /^openapi\.yaml changes since HEAD:\n\nBREAKING \(\d+\):\n {2}✗ POST \/api\/detector\/: 200 response field `ai_score` removed/);
    assert.equal(formatChanges([], 'v1'), 'openapi.yaml: no contract changes since v1.');
  });
});
