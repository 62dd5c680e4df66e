/**
 * Runs on the engine worker threads (piscina): every CPU-heavy engine call goes through here so a
 * long text, image, recording or plagiarism scan never stalls the event loop. Each engine is loaded
 * once per thread: at start by `warmUp`, or on first use; the tables the threads can share are read
 * once per process (engine-tables.ts).
 *
 * This is also the one place an engine's input error (its own class) becomes the typed
 * EngineInputError that crosses the thread boundary as plain data.
 */
import { threadId } from 'node:worker_threads';
import type { Detection, TextDetector } from '../engines/text-detect/index.ts';
import type { GrammarCorrection, GrammarEngine, TargetVariant } from '../engines/grammar/index.ts';
import type { HumanizeResult } from '../engines/humanize/index.ts';
import type { ImageAnalysis } from '../engines/image/index.ts';
import type { AudioProbe, VoiceAnalysis } from '../engines/voice/index.ts';
import type { PlagiarismCandidate, PlagiarismQuery, PlagiarismReport } from '../engines/plagiarism/index.ts';
import type * as PlagiarismEngine from '../engines/plagiarism/index.ts';
import type { ModelRequests } from '../engines/model-inputs/index.ts';
import type { ImageInput, VoiceInput } from '../engines/model-inputs/names.ts';
import type { DocumentErrorCode, DocumentLimits, ExtractedDocument } from '../engines/documents/index.ts';
import { threadTables } from './engine-tables.ts';

/**
 * The engine threads form two pools: `grammar` serves the grammar engine and the humanizer (which
 * uses it), `general` every other engine. harper.js, the grammar engine's WebAssembly linter, holds
 * about 0.3 GB of its own on each thread that loads it, so only the grammar pool's threads do.
 */
export type EnginePool = 'general' | 'grammar';

/** What each engine task carries beside its kind. */
interface EngineTaskFields {
  /** `pool`: load the engines that pool serves (all of them when absent). */
  warmUp: { pool?: EnginePool };
  detectText: { text: string };
  /** `detection`: the detector's verdict on `text` when the caller already has it (detect-and-humanize), so it is not computed twice. */
  humanize: { text: string; llm?: { url: string; model: string; apiKey?: string; timeoutMs?: number }; detection?: Detection };
  correctGrammar: { text: string; variant: TargetVariant };
  probeImage: { bytes: Uint8Array };
  analyzeImage: { bytes: Uint8Array };
  probeVoice: { path: string };
  analyzeVoice: { path: string };
  imageModelRequests: { bytes: Uint8Array; input: ImageInput; tensor: string };
  voiceModelRequests: { path: string; input: VoiceInput; tensor: string };
  plagiarismQuery: { text: string };
  plagiarismReport: { text: string; candidates: PlagiarismCandidate[]; sentenceCount: number; sourcesChecked: number; startedAt: number };
  /** A document's bytes (an upload or a fetched URL), read to text on a thread: a 300-page PDF never stalls a request. */
  readDocument: { bytes: Uint8Array; limits: DocumentLimits };
}

export type EngineKind = keyof EngineTaskFields;

/** A task of kind K (of any kind by default); written as a map so that a handler's result type follows its task's kind. */
export type EngineTask<K extends EngineKind = EngineKind> = { [P in K]: { kind: P } & EngineTaskFields[P] }[K];

export interface EngineResults {
  /** The thread that warmed up: the pool may hand two warm-ups to one thread. */
  warmUp: number;
  detectText: Detection;
  humanize: HumanizeResult;
  correctGrammar: GrammarCorrection;
  probeImage: { width: number; height: number };
  analyzeImage: ImageAnalysis;
  probeVoice: AudioProbe;
  analyzeVoice: VoiceAnalysis;
  /** The request bodies for an operator's model server (README "Bring your own model"). */
  imageModelRequests: ModelRequests;
  voiceModelRequests: ModelRequests;
  plagiarismQuery: PlagiarismQuery;
  plagiarismReport: PlagiarismReport;
  readDocument: ExtractedDocument;
}

/** The input errors of every engine: the caller's fault, answered with a 400 of its own code. */
export type EngineInputError =
  | { engine: 'image'; code: 'invalid_image' | 'unsupported_media'; message: string }
  | { engine: 'voice'; code: 'invalid_audio' | 'unsupported_media'; message: string }
  | { engine: 'plagiarism'; code: 'insufficient_content'; message: string }
  | { engine: 'documents'; code: DocumentErrorCode; message: string; details: Record<string, number | string> };

/** A failure crosses the thread boundary as data: an input error, or an engine failure's message. */
export type EngineFailure = { failure: 'input'; error: EngineInputError } | { failure: 'engine'; message: string };

let detector: TextDetector | undefined;
let grammar: Promise<GrammarEngine> | undefined;
let plagiarismEngine: Promise<typeof PlagiarismEngine> | undefined;

/** The detector on the process's one copy of its model (engine-tables.ts). */
async function textDetector(): Promise<TextDetector> {
  detector ??= (await import('../engines/text-detect/index.ts')).textDetectorOn(threadTables().textDetect);
  return detector;
}

const grammarEngine = () => (grammar ??= import('../engines/grammar/index.ts').then((m) => m.createGrammarEngine()));

/** The plagiarism engine, its WordNet synonym classes the process's one copy. */
const plagiarism = () =>
  (plagiarismEngine ??= import('../engines/plagiarism/index.ts').then((m) => {
    // A general-pool thread is handed the process's synonym classes; without them the engine reads its own on first use.
    const { plagiarismSynonyms } = threadTables();
    if (plagiarismSynonyms) m.useSynonymClasses(plagiarismSynonyms);
    return m;
  }));

/** Loads the engines of `pool` (every engine without one) and runs each once on a small input, so that no request pays the load. */
async function warmUp(task: { pool?: EnginePool }): Promise<number> {
  (await textDetector()).detect('Warm up the detector with a sentence.');
  if (task.pool !== 'general') {
    await (await grammarEngine()).correct('She go to school every days.', 'auto');
    await import('../engines/humanize/index.ts');
  }
  if (task.pool !== 'grammar') {
    await (await import('../engines/documents/index.ts')).warmUpDocuments();
    await Promise.all([import('../engines/image/index.ts'), import('../engines/voice/index.ts'), plagiarism()]);
  }
  return threadId;
}

const handlers: { [K in EngineKind]: (task: EngineTask<K>) => Promise<EngineResults[K]> } = {
  warmUp,
  detectText: async (task) => (await textDetector()).detect(task.text),
  async humanize(task) {
    const humanizer = await import('../engines/humanize/index.ts');
    const options = { detector: await textDetector(), grammar: await grammarEngine(), detection: task.detection };
    return humanizer.humanizeChecked(task.text, task.llm ? { ...options, llm: humanizer.openAiCompatibleRewriter(task.llm) } : options);
  },
  correctGrammar: async (task) => (await grammarEngine()).correct(task.text, task.variant),
  async probeImage(task) {
    const image = await import('../engines/image/index.ts');
    if (!image.sniffImageFormat(task.bytes)) throw new UnsupportedInput('Unsupported file format; send JPEG, PNG, WebP, GIF, BMP or TIFF.');
    const { width, height } = await image.readImageSize(task.bytes);
    return { width, height };
  },
  analyzeImage: async (task) => (await import('../engines/image/index.ts')).analyzeImage(task.bytes),
  probeVoice: async (task) => (await import('../engines/voice/index.ts')).probeAudio(task.path),
  analyzeVoice: async (task) => (await import('../engines/voice/index.ts')).analyzeVoice(task.path),
  async imageModelRequests(task) {
    const { view } = await (await import('../engines/image/index.ts')).decodeView(task.bytes);
    return (await import('../engines/model-inputs/index.ts')).imageRequests(view, task.input, task.tensor);
  },
  async voiceModelRequests(task) {
    const pcm = await (await import('../engines/voice/index.ts')).decodePcm(task.path);
    return (await import('../engines/model-inputs/index.ts')).voiceRequests(pcm, task.input, task.tensor);
  },
  plagiarismQuery: async (task) => (await plagiarism()).plagiarismQuery(task.text),
  plagiarismReport: async (task) => (await plagiarism()).plagiarismReport(task.text, task.candidates, task),
  readDocument: async (task) => (await import('../engines/documents/index.ts')).extractDocument(task.bytes, task.limits),
};

class UnsupportedInput extends Error {}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The engine's own error classes, mapped once to the typed union. */
async function inputErrorOf(kind: EngineKind, error: unknown): Promise<EngineInputError | undefined> {
  const message = messageOf(error);
  if (kind === 'probeImage' || kind === 'analyzeImage') {
    if (error instanceof UnsupportedInput) return { engine: 'image', code: 'unsupported_media', message };
    if (error instanceof (await import('../engines/image/index.ts')).InvalidImageError) return { engine: 'image', code: 'invalid_image', message };
  }
  if (kind === 'probeVoice' || kind === 'analyzeVoice') {
    const voice = await import('../engines/voice/index.ts');
    if (error instanceof voice.UnsupportedMediaError) return { engine: 'voice', code: 'unsupported_media', message };
    if (error instanceof voice.InvalidAudioError) return { engine: 'voice', code: 'invalid_audio', message };
  }
  if (kind === 'readDocument') {
    const documents = await import('../engines/documents/index.ts');
    if (error instanceof documents.DocumentError) return { engine: 'documents', code: error.code, message, details: error.details };
  }
  if (kind === 'plagiarismQuery' && error instanceof (await plagiarism()).InsufficientContentError) {
    return { engine: 'plagiarism', code: 'insufficient_content', message };
  }
  return undefined;
}

/** What an engine thread sends back: the task's outcome, and when the thread began it (ms since the epoch, comparable across threads) for the queue-wait metric. */
export interface ThreadOutcome<K extends EngineKind> {
  outcome: EngineResults[K] | EngineFailure;
  startedAt: number;
}

/** The pool's entry (engine-worker.mjs): runEngineTask, stamped with its start. */
export async function runOnThread<K extends EngineKind>(task: EngineTask<K>): Promise<ThreadOutcome<K>> {
  const startedAt = performance.timeOrigin + performance.now();
  return { outcome: await runEngineTask(task), startedAt };
}

export default async function runEngineTask<K extends EngineKind>(task: EngineTask<K>): Promise<EngineResults[K] | EngineFailure> {
  try {
    const handle: (task: EngineTask<K>) => Promise<EngineResults[K]> = handlers[task.kind];
    return await handle(task);
  } catch (error) {
    const input = await inputErrorOf(task.kind, error);
    return input ? { failure: 'input', error: input } : { failure: 'engine', message: messageOf(error) };
  }
}
