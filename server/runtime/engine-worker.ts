/**
 * Runs on the engine worker threads (piscina): every CPU-heavy engine call goes through here so a
 * long text, image or recording never stalls the event loop. Each engine is loaded once per thread,
 * on first use.
 */
import type { Detection, TextDetector } from '../engines/text-detect/index.ts';
import type { GrammarCorrection, GrammarEngine, TargetVariant } from '../engines/grammar/index.ts';
import type { HumanizeResult } from '../engines/humanize/index.ts';
import type { ImageAnalysis } from '../engines/image/index.ts';
import type { VoiceAnalysis } from '../engines/voice/index.ts';

export type EngineTask =
  | { kind: 'detectText'; text: string }
  | { kind: 'humanize'; text: string; llm?: { url: string; model: string; apiKey?: string } }
  | { kind: 'correctGrammar'; text: string; variant: TargetVariant }
  | { kind: 'analyzeImage'; bytes: Uint8Array }
  | { kind: 'analyzeVoice'; path: string };

export interface EngineResults {
  detectText: Detection;
  humanize: HumanizeResult;
  correctGrammar: GrammarCorrection;
  analyzeImage: ImageAnalysis;
  analyzeVoice: VoiceAnalysis;
}

let detector: TextDetector | undefined;
let grammar: Promise<GrammarEngine> | undefined;

async function textDetector(): Promise<TextDetector> {
  detector ??= (await import('../engines/text-detect/index.ts')).loadTextDetector();
  return detector;
}

/** A failure inside an engine crosses the thread boundary as a plain object with the error's class name. */
export interface EngineFailure { engineError: string; message: string }

export default async function runEngineTask(task: EngineTask): Promise<EngineResults[EngineTask['kind']] | EngineFailure> {
  try {
    switch (task.kind) {
      case 'detectText':
        return (await textDetector()).detect(task.text);
      case 'humanize': {
        const humanizer = await import('../engines/humanize/index.ts');
        const options = { detector: await textDetector() };
        if (!task.llm) return humanizer.humanize(task.text, options);
        return await humanizer.humanizeWithLlm(task.text, { ...options, llm: humanizer.openAiCompatibleRewriter(task.llm) });
      }
      case 'correctGrammar':
        grammar ??= import('../engines/grammar/index.ts').then((m) => m.createGrammarEngine());
        return await (await grammar).correct(task.text, task.variant);
      case 'analyzeImage':
        return await (await import('../engines/image/index.ts')).analyzeImage(task.bytes);
      case 'analyzeVoice':
        return await (await import('../engines/voice/index.ts')).analyzeVoice(task.path);
    }
  } catch (error) {
    return { engineError: (error as Error)?.constructor?.name ?? 'Error', message: (error as Error)?.message ?? String(error) };
  }
}
