/**
 * One copy of the engines' tables per process. The main thread reads each engine's tables once and
 * places their typed arrays in SharedArrayBuffers; the engine threads receive them as their
 * `workerData`, which hands a thread the same memory, not a copy (a SharedArrayBuffer is shared
 * by structured clone). Every thread then builds its engine on those tables instead of reading and
 * parsing the files again: less memory per thread, and a thread's warm-up skips the parse.
 *
 * The engines only read their tables, so sharing them between threads needs no locks.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { readTextDetectorModel, type TextDetectorModel } from '../engines/text-detect/index.ts';
import { readSynonymClasses, type SynonymClasses } from '../engines/plagiarism/index.ts';

export interface EngineTables {
  textDetect: TextDetectorModel;
  plagiarismSynonyms: SynonymClasses;
}

type TypedArray = Float32Array | Float64Array | Int32Array | Uint32Array | Uint16Array | Int16Array | Uint8Array | Int8Array;

function isTypedArray(value: unknown): value is TypedArray {
  return ArrayBuffer.isView(value) && !(value instanceof DataView);
}

/** `value` with every typed array in it copied into a SharedArrayBuffer of its own (plain objects and arrays are walked). */
export function inSharedMemory<T>(value: T): T {
  if (isTypedArray(value)) {
    const Ctor = value.constructor as new (buffer: SharedArrayBuffer) => TypedArray;
    const copy = new Ctor(new SharedArrayBuffer(value.byteLength));
    copy.set(value);
    return copy as T;
  }
  if (Array.isArray(value)) return value.map(inSharedMemory) as T;
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, inSharedMemory(v)])) as T;
  }
  return value;
}

let textDetect: TextDetectorModel | undefined;
let plagiarismSynonyms: SynonymClasses | undefined;

/** The process's tables: each read on the first call that needs it (main thread), then the same memory. */
export function engineTables(): EngineTables {
  return { textDetect: sharedDetectorModel(), plagiarismSynonyms: (plagiarismSynonyms ??= inSharedMemory(readSynonymClasses())) };
}

/** The detector's model alone, read once (main thread) into shared memory: the grammar pool's threads use no other table. */
export function sharedDetectorModel(): TextDetectorModel {
  return (textDetect ??= inSharedMemory(readTextDetectorModel()));
}

/** The tables an engine thread is handed: every engine's (the general pool's) or the detector's model alone (the grammar pool's). */
export type ThreadTables = Pick<EngineTables, 'textDetect'> & Partial<EngineTables>;

/**
 * The tables this thread's engines use: on an engine thread the ones the main thread shared
 * (`workerData`); on the main thread (short texts are detected in place), its own.
 */
export function threadTables(): ThreadTables {
  if (!isMainThread && workerData) return workerData as ThreadTables;
  return engineTables();
}
