/**
 * Runs on the engine worker threads (piscina): every CPU-heavy engine call goes through here so a
 * long text, image, recording or plagiarism scan never stalls the event loop. Each engine is loaded
 * once per thread: at start by `warmUp`, or on first use.
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
import type { ModelRequests } from '../engines/model-inputs/index.ts';
import type { ImageInput, VoiceInput } from '../engines/model-inputs/names.ts';

export type EngineTask =
  | { kind: 'warmUp' }
  | { kind: 'detectText'; text: string }
  /** `detection`: the detector's verdict on `text` when the caller already has it (detect-and-humanize), so it is not computed twice. */
  | { kind: 'humanize'; text: string; llm?: { url: string; model: string; apiKey?: string; timeoutMs?: number }; detection?: Detection }
  | { kind: 'correctGrammar'; text: string; variant: TargetVariant }
  | { kind: 'probeImage'; bytes: Uint8Array }
  | { kind: 'analyzeImage'; bytes: Uint8Array }
  | { kind: 'probeVoice'; path: string }
  | { kind: 'analyzeVoice'; path: string }
  | { kind: 'imageModelRequests'; bytes: Uint8Array; input: ImageInput; tensor: string }
  | { kind: 'voiceModelRequests'; path: string; input: VoiceInput; tensor: string }
  | { kind: 'plagiarismQuery'; text: string }
  | { kind: 'plagiarismReport'; text: string; candidates: PlagiarismCandidate[]; sentenceCount: number; sourcesChecked: number; startedAt: number };

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
}

/** The input errors of every engine: the caller's fault, answered with a 400 of its own code. */
export type EngineInputError =
  | { engine: 'image'; code: 'invalid_image' | 'unsupported_media'; message: string }
  | { engine: 'voice'; code: 'invalid_audio' | 'unsupported_media'; message: string }
  | { engine: 'plagiarism'; code: 'insufficient_content'; message: string };

/** A failure crosses the thread boundary as data: an input error, or an engine failure's message. */
export type EngineFailure = { failure: 'input'; error: EngineInputError } | { failure: 'engine'; message: string };

let detector: TextDetector | undefined;
let grammar: Promise<GrammarEngine> | undefined;

async function textDetector(): Promise<TextDetector> {
  detector ??= (await import('../engines/text-detect/index.ts')).loadTextDetector();
  return detector;
}

const grammarEngine = () => (grammar ??= import('../engines/grammar/index.ts').then((m) => m.createGrammarEngine()));

/** Loads every engine and runs each once on a small input, so that no request pays the load. */
async function warmUp(): Promise<number> {
  (await textDetector()).detect('Warm up the detector with a sentence.');
  await (await grammarEngine()).correct('She go to school every days.', 'auto');
  await Promise.all([import('../engines/humanize/index.ts'), import('../engines/image/index.ts'), import('../engines/voice/index.ts'), import('../engines/plagiarism/index.ts')]);
  return threadId;
}

async function run(task: EngineTask): Promise<EngineResults[EngineTask['kind']]> {
  switch (task.kind) {
    case 'warmUp':
      return warmUp();
    case 'detectText':
      return (await textDetector()).detect(task.text);
    case 'humanize': {
      const humanizer = await import('../engines/humanize/index.ts');
      const options = { detector: await textDetector(), grammar: await grammarEngine(), detection: task.detection };
      return await humanizer.humanizeChecked(task.text, task.llm ? { ...options, llm: humanizer.openAiCompatibleRewriter(task.llm) } : options);
    }
    case 'correctGrammar':
      return await (await grammarEngine()).correct(task.text, task.variant);
    case 'probeImage': {
      const image = await import('../engines/image/index.ts');
      if (!image.sniffImageFormat(task.bytes)) throw new UnsupportedInput('Unsupported file format; send JPEG, PNG, WebP, GIF, BMP or TIFF.');
      const { width, height } = await image.readImageSize(task.bytes);
      return { width, height };
    }
    case 'analyzeImage':
      return await (await import('../engines/image/index.ts')).analyzeImage(task.bytes);
    case 'probeVoice':
      return await (await import('../engines/voice/index.ts')).probeAudio(task.path);
    case 'analyzeVoice':
      return await (await import('../engines/voice/index.ts')).analyzeVoice(task.path);
    case 'imageModelRequests': {
      const { view } = await (await import('../engines/image/index.ts')).decodeView(task.bytes);
      return await (await import('../engines/model-inputs/index.ts')).imageRequests(view, task.input, task.tensor);
    }
    case 'voiceModelRequests': {
      const pcm = await (await import('../engines/voice/index.ts')).decodePcm(task.path);
      return (await import('../engines/model-inputs/index.ts')).voiceRequests(pcm, task.input, task.tensor);
    }
    case 'plagiarismQuery':
      return (await import('../engines/plagiarism/index.ts')).plagiarismQuery(task.text);
    case 'plagiarismReport':
      return (await import('../engines/plagiarism/index.ts')).plagiarismReport(task.text, task.candidates, task);
  }
}

class UnsupportedInput extends Error {}

/** The engine's own error classes, mapped once to the typed union. */
async function inputErrorOf(task: EngineTask, error: unknown): Promise<EngineInputError | undefined> {
  const message = (error as Error)?.message ?? String(error);
  if (task.kind === 'probeImage' || task.kind === 'analyzeImage') {
    if (error instanceof UnsupportedInput) return { engine: 'image', code: 'unsupported_media', message };
    if (error instanceof (await import('../engines/image/index.ts')).InvalidImageError) return { engine: 'image', code: 'invalid_image', message };
  }
  if (task.kind === 'probeVoice' || task.kind === 'analyzeVoice') {
    const voice = await import('../engines/voice/index.ts');
    if (error instanceof voice.UnsupportedMediaError) return { engine: 'voice', code: 'unsupported_media', message };
    if (error instanceof voice.InvalidAudioError) return { engine: 'voice', code: 'invalid_audio', message };
  }
  if (task.kind === 'plagiarismQuery' && error instanceof (await import('../engines/plagiarism/index.ts')).InsufficientContentError) {
    return { engine: 'plagiarism', code: 'insufficient_content', message };
  }
  return undefined;
}

export default async function runEngineTask(task: EngineTask): Promise<EngineResults[EngineTask['kind']] | EngineFailure> {
  try {
    return await run(task);
  } catch (error) {
    const input = await inputErrorOf(task, error);
    return input ? { failure: 'input', error: input } : { failure: 'engine', message: (error as Error)?.message ?? String(error) };
  }
}
