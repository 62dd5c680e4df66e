/**
 * The renewing wink-nlp instance (engines/shared/wink.ts) answers as one instance that is never
 * renewed, across renewals, for texts full of words the model has not seen (the words a renewal forgets).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { winkReader, type WinkReader } from '../../server/engines/shared/wink.ts';

let seed = 11;
const next = () => (seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0);
const invented = () => Array.from({ length: 4 + (next() % 6) }, () => 'abcdefghiklmnoprstuvz'[next() % 21]).join('');

/** Each token's text, tag, lemma and type, and where the sentences start. */
function read(reader: WinkReader, text: string) {
  const { its } = reader;
  const doc = reader.readDoc(text);
  return { tokens: doc.tokens().out(its.value), pos: doc.tokens().out(its.pos), lemma: doc.tokens().out(its.lemma as Parameters<ReturnType<typeof doc.tokens>['out']>[0]), type: doc.tokens().out(its.type), sentences: doc.sentences().out(its.span) };
}

test('a renewed instance tags as an instance that was never renewed, unseen words included', () => {
  const texts = Array.from({ length: 60 }, (_, i) => `The ${invented()} told ${invented()} that the ${invented()}s were ${invented()}ing. ${i % 2 ? 'She' : 'They'} walked to ${invented()} and came back with ${invented()}.`);
  const renewing = winkReader(undefined, 400);
  const once = winkReader(undefined, Number.POSITIVE_INFINITY);
  // Each text read twice, the second time by an instance that may have renewed since the first.
  for (const text of [...texts, ...texts]) assert.deepEqual(read(renewing, text), read(once, text), text);
  assert.ok(renewing.renewals >= 10, `renewed ${renewing.renewals} times`);
  assert.equal(once.renewals, 0);
});
