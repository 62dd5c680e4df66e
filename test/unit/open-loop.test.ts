import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { encodeRequest, responseReader } from '../../scripts/lib/open-loop.ts';

const response = (status: number, body: string) => `HTTP/1.1 ${status} X\r\nContent-Type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe('open-loop load generator', () => {
  test('a request is encoded once with its Host and byte length', () => {
    const wire = encodeRequest('127.0.0.1:8000', { method: 'POST', path: '/api/detector/', headers: { 'x-api-key': 'k' }, body: 'é' }).toString();
    assert.equal(wire, 'POST /api/detector/ HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nConnection: keep-alive\r\nx-api-key: k\r\nContent-Length: 2\r\n\r\né');
  });

  test('property: responses split at any byte boundaries are each read once, in order', () => {
    const answer = fc.tuple(fc.constantFrom(200, 201, 400, 503), fc.string({ unit: 'grapheme', maxLength: 40 }));
    fc.assert(
      fc.property(fc.array(answer, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 10 }), (answers, cuts) => {
        const bytes = Buffer.from(answers.map(([status, body]) => response(status, body)).join(''));
        const seen: number[] = [];
        const read = responseReader((status) => seen.push(status));
        const points = [...new Set(cuts.map((c) => c % bytes.length))].sort((a, b) => a - b);
        let from = 0;
        for (const to of [...points, bytes.length]) {
          read(bytes.subarray(from, to));
          from = to;
        }
        assert.deepEqual(seen, answers.map(([status]) => status));
      }),
    );
  });
});
