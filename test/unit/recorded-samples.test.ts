/**
 * The API reference's sample responses are real answers of the current engines to its sample
 * requests (contract/recorded-samples.ts, written by `npm run samples`): every public operation has
 * one, each is a body its route declares, and they are still current: the engine versions they name
 * are today's, and the word counts are those of today's sample requests. A test failing here means:
 * rerun `npm run samples`, then `npm run generate`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildOpenApiDocument } from '../../contract/index.ts';
import { sampleRequestOf } from '../../contract/examples.ts';
import { RECORDED_SAMPLES } from '../../contract/recorded-samples.ts';
import { routes, type RouteDef } from '../../contract/routes.ts';
import { HUMANIZER_ENGINE_VERSION } from '../../server/engines/humanize/index.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { MODEL_VERSION } from '../../server/engines/text-detect/index.ts';

type Json = Record<string, unknown>;
const doc = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };
const RERUN = 'stale: rerun `npm run samples`, then `npm run generate`';

describe('recorded sample responses', () => {
  test('every public operation has one for each success status it declares (503 is never recorded)', () => {
    for (const route of routes as readonly RouteDef[]) {
      const statuses = Object.keys(route.responses).filter((status) => status !== '503');
      assert.deepEqual(Object.keys(RECORDED_SAMPLES[route.op] ?? {}).sort(), statuses.sort(), `${route.op}: ${RERUN}`);
      for (const status of statuses) {
        const schema = route.responses[Number(status) as 200 | 202]!;
        const parsed = schema.safeParse(RECORDED_SAMPLES[route.op][status]);
        assert.ok(parsed.success, `${route.op} ${status} is not a body its route declares (${parsed.error?.issues[0]?.message}): ${RERUN}`);
      }
    }
  });

  test('/docs shows them as the operations\' sample responses', () => {
    for (const route of routes as readonly RouteDef[]) {
      const responses = doc.paths[route.path][route.method].responses as Record<string, { content?: Record<string, { example?: unknown }> }>;
      // An operation that only accepts (POST /api/batches/) shows its 202.
      const status = route.responses[200] ? '200' : '202';
      assert.deepEqual(responses[status].content!['application/json'].example, RECORDED_SAMPLES[route.op][status], route.op);
    }
  });

  test('they name the engine versions of today and count the words of today\'s sample requests', () => {
    // service_name names the engine of the operation: the humanizer's for /api/humanizer/, else the detector's (a job read by GET /api/jobs/ was a detection).
    const versionOf = (op: string, field: string) => (field === 'humanizer_service' || (field === 'service_name' && op === 'humanize') ? HUMANIZER_ENGINE_VERSION : MODEL_VERSION);
    for (const route of routes as readonly RouteDef[]) {
      const request = sampleRequestOf(route.method, route.path, doc.paths[route.path][route.method], doc.components.schemas);
      const content = (request.json as { content?: string } | undefined)?.content;
      for (const [status, body] of Object.entries(RECORDED_SAMPLES[route.op])) {
        const sample = body as Json;
        if (content !== undefined && typeof sample.word_count === 'number') assert.equal(sample.word_count, countWords(content), `${route.op} ${status} word_count: ${RERUN}`);
        for (const field of ['service_name', 'detector_service', 'humanizer_service']) {
          if (typeof sample[field] === 'string') assert.equal(sample[field], versionOf(route.op, field), `${route.op} ${status} ${field}: ${RERUN}`);
        }
      }
    }
  });
});
