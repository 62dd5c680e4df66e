/** The engine runtime: short texts are detected in place, longer ones on a worker thread. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createEngineRuntime } from '../../server/runtime/engines.ts';

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
