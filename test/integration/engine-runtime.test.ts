/** The engine runtime: short texts are detected in place, longer ones on a worker thread. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createEngineRuntime, EngineError, warmEveryThread } from '../../server/runtime/engines.ts';
import { makePdf } from '../helpers/documents.ts';

const runtime = createEngineRuntime({ threads: 1 });
after(() => runtime.close());

const SENTENCE = 'The committee met on a rainy Tuesday to review the budget for the coming year and agreed on new shelves. ';

test('a short text (scored in place) and a long one (scored on a worker thread) both get a full detection', async () => {
  const short = SENTENCE.repeat(3); // about 300 characters
  const long = SENTENCE.repeat(40); // about 4,200 characters
  for (const text of [short, long]) {
    const detection = await runtime.run({ kind: 'detectText', text });
    assert.ok(detection.aiScore >= 0 && detection.aiScore <= 1);
    assert.equal(detection.sentences.length, text.trim().split('. ').length);
  }
});

test('warm-up is ready only once every thread has warmed up, even when one thread takes two warm-ups', async () => {
  const handedTo = [1, 1, 2, 2, 3]; // the fast thread 1 takes the second warm-up of round one
  assert.equal(await warmEveryThread(3, async () => handedTo.shift()!), true);
  assert.deepEqual(handedTo, [], 'a third round is needed for thread 3');
  assert.equal(await warmEveryThread(2, async () => 1), false, 'a thread that never warms up leaves the runtime not ready');
  const threads = createEngineRuntime({ threads: 2 });
  try {
    const ids = new Set(await Promise.all([1, 2, 3, 4].map(() => threads.run({ kind: 'warmUp' }))));
    assert.ok(ids.size >= 1 && [...ids].every((id) => Number.isInteger(id) && id > 0), 'each warm-up reports its worker thread');
  } finally {
    await threads.close();
  }
});

test('a task past its time limit fails as timed out and its thread is replaced; the next task runs', async () => {
  const pdf = await makePdf(Array.from({ length: 60 }, (_, i) => ({ lines: Array.from({ length: 40 }, (_, j) => `Line ${j} of page ${i}, with a few words to read.`) })));
  const late = await runtime.run({ kind: 'readDocument', bytes: pdf, limits: { maxPages: 300, timeMs: 60_000 } }, { timeoutMs: 1 }).then(() => undefined, (e: unknown) => e);
  assert.ok(late instanceof EngineError && late.timedOut, String(late));
  const doc = await runtime.run({ kind: 'readDocument', bytes: new TextEncoder().encode('Read after the stopped thread.'), limits: { maxPages: 300, timeMs: 60_000 } });
  assert.equal(doc.text, 'Read after the stopped thread.');
});
