/** The engines' shared tables: typed arrays in SharedArrayBuffers that a worker thread sees, not copies. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { inSharedMemory } from '../../server/runtime/engine-tables.ts';

test('inSharedMemory moves every typed array of plain objects and arrays into shared memory, values unchanged', () => {
  const value = { version: 'v1', n: 3, table: Float32Array.of(1.5, -2, 3), nested: { ids: Uint16Array.of(7, 8), list: [Uint32Array.of(9)] }, none: null };
  const shared = inSharedMemory(value);
  assert.equal(shared.version, 'v1');
  assert.equal(shared.n, 3);
  assert.equal(shared.none, null);
  for (const [copy, original] of [[shared.table, value.table], [shared.nested.ids, value.nested.ids], [shared.nested.list[0], value.nested.list[0]]] as const) {
    assert.ok(copy.buffer instanceof SharedArrayBuffer);
    assert.equal(copy.constructor, original.constructor);
    assert.deepEqual([...copy], [...original]);
    assert.notEqual(copy.buffer, original.buffer, 'the original is left as it was');
  }
});

test('a worker thread handed the tables as workerData reads the same memory, not a copy', async () => {
  const tables = inSharedMemory({ counts: new Int32Array(4) });
  const worker = new Worker('const { workerData, parentPort } = require("node:worker_threads"); Atomics.store(workerData.counts, 2, 42); parentPort.postMessage("done");', { eval: true, workerData: tables });
  await new Promise((resolve) => worker.once('message', resolve));
  await worker.terminate();
  assert.equal(tables.counts[2], 42);
});
