/** The ledger CSV export: any field survives a round trip through an RFC 4180 reader. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { csvField } from '../../server/portal/csv.ts';

/** A minimal RFC 4180 reader for one record. */
function readRecord(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') break;
        else value += line[i++];
      }
      fields.push(value);
      i += 2; // closing quote and comma
    } else {
      const end = line.indexOf(',', i);
      fields.push(line.slice(i, end === -1 ? line.length : end));
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return fields;
}

test('fields round-trip; a leading = + - @ is defused with a quote, numbers stay numbers', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 6 }), (values) => {
      const back = readRecord(values.map(csvField).join(','));
      assert.equal(back.length, values.length);
      values.forEach((v, i) => {
        if (v === null) assert.equal(back[i], '');
        else if (typeof v === 'number') assert.equal(back[i], String(v));
        else assert.equal(back[i], /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
      });
    }),
  );
});
