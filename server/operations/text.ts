/**
 * The work of the three text operations (detector, humanizer, detect-and-humanize), shared by their
 * synchronous endpoints (http/routes/) and their async job (jobs/run-text-job.ts): the engine calls
 * and the spec's result bodies; grammar correction's body; and the check of a text against its
 * bounds (grammar and plagiarism too). Bounds and prices are the catalogue's (contract/catalogue.ts).
 */
import type { z } from 'zod';
import { LEDGER_OPERATIONS, type TextBounds, type TextOperation } from '../../contract/catalogue.ts';
import type { DetectAndHumanizeResult, DetectionResult, HumanizationResult } from '../../contract/schemas.ts';
import type { SentenceScore, Detection } from '../engines/text-detect/index.ts';
import type { HumanizeResult } from '../engines/humanize/index.ts';
import type { TargetVariant } from '../engines/grammar/index.ts';
import { askLm, combine, fuse, logit, type EvidenceItem } from '../model-servers/index.ts';
import { balanceOf, refundCharge, type Charge, type Paid } from '../platform/data/ledger.ts';
import type { Services } from '../context.ts';
import { codePointLength, countWords } from '../engines/shared/text.ts';
import { ApiError } from '../platform/errors.ts';

// ---------------------------------------------------------------- bounds, checked before any charge

/** "1 word", "2 words": a count with its noun in the right number. */
const count = (n: number, noun: string): string => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** Returns the text's word count, or throws the contract's 400 for the first bound it breaks. */
export function checkTextBounds(content: string, bounds: TextBounds): number {
  if (bounds.minChars !== undefined) {
    const chars = codePointLength(content.trim());
    if (chars < bounds.minChars) throw new ApiError('invalid_payload', `content has ${count(chars, 'character')}; it needs at least ${count(bounds.minChars, 'character')}.`, { limit: bounds.minChars, actual: chars });
  }
  if (bounds.maxChars !== undefined) {
    const chars = codePointLength(content);
    if (chars > bounds.maxChars) throw new ApiError('invalid_payload', `content has ${count(chars, 'character')}; the limit is ${count(bounds.maxChars, 'character')}.`, { limit: bounds.maxChars, actual: chars });
  }
  const words = countWords(content);
  if (bounds.minWords !== undefined && words < bounds.minWords) throw new ApiError('min_words_not_met', `content has ${count(words, 'word')}; it needs at least ${count(bounds.minWords, 'word')}.`, { limit: bounds.minWords, actual: words });
  if (words > bounds.maxWords) throw new ApiError('max_words_exceeded', `content has ${count(words, 'word')}; at most ${count(bounds.maxWords, 'word')} are accepted.`, { limit: bounds.maxWords, actual: words });
  return words;
}

// ---------------------------------------------------------------- the work

const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;
const seconds = (ms: number) => round(ms / 1000, 4);

function sentenceItems(sentences: Pick<SentenceScore, 'text' | 'aiScore'>[]) {
  return sentences.map((s) => ({ text: s.text, prediction: s.aiScore > 0.5 ? ('ai-generated' as const) : ('original' as const), ai_score: round(s.aiScore) }));
}

function detectionNote(detection: Detection): string | null {
  const language = detection.englishCalibrated ? null : `The text looks like ${detection.language === 'und' ? 'an undetermined language' : `language "${detection.language}"`}; the model is calibrated for English, so treat the score with care.`;
  return [language, detection.note].filter((m) => m).join(' ') || null;
}

export interface OperationContext {
  /** Only what the text work uses. */
  services: Pick<Services, 'db' | 'engines' | 'modelServers' | 'versions' | 'humanizerLlm' | 'log'>;
  userId: number;
  taskId: string | null;
  charges: Charge[];
  /** The balance right after this request's charges; a synchronous request knows it, a job does not. */
  balanceAfterCharges?: number;
  requestId?: string;
  jobId?: string;
}

/** The context of a synchronous request's text work, right after its charges. */
export function paidWork(services: OperationContext['services'], paid: Paid, requestId: string): OperationContext {
  return { services, userId: paid.userId, taskId: null, charges: paid.charges, balanceAfterCharges: paid.charges[paid.charges.length - 1].balanceAfter, requestId };
}

/** credits_remaining: known from the charge for a synchronous request; a job reads it when it ends. */
async function creditsRemaining(ctx: OperationContext): Promise<number> {
  if (ctx.balanceAfterCharges !== undefined) return ctx.balanceAfterCharges;
  return balanceOf(ctx.services.db, ctx.userId);
}

type Body<T extends z.ZodType> = z.infer<T>;

interface TextVerdict {
  aiScore: number;
  sentences: Pick<SentenceScore, 'text' | 'aiScore'>[];
  message: string | null;
  /** The built-in detector's own result: the humanizer's starting point. */
  builtIn: Detection;
  /** Only with an LM server configured. */
  evidence?: EvidenceItem[];
}

/**
 * The built-in detector and, when the operator runs one, the LM server's evidence, asked at the same
 * time; the verdict is theirs combined (model-servers `combine`). With calibrated fusion each
 * sentence is fused too, from the same evidence over its own tokens.
 */
async function detect(ctx: OperationContext, content: string): Promise<TextVerdict> {
  const lm = ctx.services.modelServers.lm;
  const [detection, asked] = await Promise.all([ctx.services.engines.run({ kind: 'detectText', text: content }), lm ? askLm(lm, content) : undefined]);
  const note = detectionNote(detection);
  if (!lm || !asked) return { aiScore: detection.aiScore, sentences: detection.sentences, message: note, builtIn: detection };
  const verdict = combine(lm, detection.aiScore, asked.outcome);
  const calibration = verdict.evidence[1].used ? lm.calibration : undefined;
  // Both split with the shared splitter: a sentence is matched by its start offset.
  const byStart = new Map(asked.sentences?.map((s) => [s.start, s]));
  const sentences = calibration
    ? detection.sentences.map((s) => ({ text: s.text, aiScore: fuse(calibration, { ...byStart.get(s.start), built_in: logit(s.aiScore) }) ?? s.aiScore }))
    : detection.sentences;
  return { aiScore: verdict.score, sentences, message: [note, verdict.message].filter((m) => m).join(' ') || null, builtIn: detection, evidence: verdict.evidence.map(roundEvidence) };
}

function roundEvidence(item: EvidenceItem): EvidenceItem {
  const criteria = item.criteria ? Object.fromEntries(Object.entries(item.criteria).map(([k, v]) => [k, round(v)])) : undefined;
  return { ...item, score: item.score === null ? null : round(item.score), ...(criteria ? { criteria } : {}) };
}

export async function runDetection(ctx: OperationContext, content: string, words: number): Promise<Body<typeof DetectionResult>> {
  const started = performance.now();
  const detection = await detect(ctx, content);
  const aiScore = round(detection.aiScore);
  return {
    status: 'success',
    task_id: ctx.taskId,
    result: aiScore > 0.5 ? 'ai' : 'human',
    ai_score: aiScore,
    items: sentenceItems(detection.sentences),
    service_name: ctx.services.versions.textDetector(),
    execution_time: seconds(performance.now() - started),
    word_count: words,
    credits_remaining: await creditsRemaining(ctx),
    message: detection.message,
    user: { id: ctx.userId },
    ...(detection.evidence ? { evidence: detection.evidence } : {}),
  };
}

function scoresOf(result: HumanizeResult): { ai_score_before: number; ai_score_after: number } {
  return { ai_score_before: round(result.scoreBefore), ai_score_after: round(result.scoreAfter) };
}

export async function runHumanizer(ctx: OperationContext, content: string, words: number): Promise<Body<typeof HumanizationResult>> {
  const started = performance.now();
  const result = await ctx.services.engines.run({ kind: 'humanize', text: content, llm: ctx.services.humanizerLlm });
  return {
    status: 'success',
    task_id: ctx.taskId,
    result: result.text,
    ...scoresOf(result),
    service_name: ctx.services.versions.humanizer(result.backend),
    execution_time: seconds(performance.now() - started),
    word_count: words,
    credits_remaining: await creditsRemaining(ctx),
    user: { id: ctx.userId },
  };
}

/**
 * Detects; humanizes only when ai_score > threshold. The humanization charge is refunded when the
 * text is not humanized or humanization fails (then the body has status `error`).
 */
export async function runDetectAndHumanize(ctx: OperationContext, content: string, words: number, threshold: number): Promise<Body<typeof DetectAndHumanizeResult>> {
  const started = performance.now();
  const detection = await detect(ctx, content);
  const detectionTime = seconds(performance.now() - started);
  const aiScore = round(detection.aiScore);
  const needs = aiScore > threshold;
  const humanizationCharge = ctx.charges[1];
  const common = {
    task_id: ctx.taskId,
    ai_score: aiScore,
    detection_threshold: threshold,
    needs_humanization: needs,
    detector_service: ctx.services.versions.textDetector(),
    detection_time: detectionTime,
    word_count: words,
    user: { id: ctx.userId },
  };
  const notHumanized = async (status: 'success' | 'error', message: string) => {
    const refunded = await refundCharge(ctx.services.db, ctx.userId, humanizationCharge, { operation: LEDGER_OPERATIONS.humanization, requestId: ctx.requestId, jobId: ctx.jobId });
    return { status, ...common, credits_remaining: refunded ?? (await creditsRemaining(ctx)), message, humanized: false as const, content, detection_items: sentenceItems(detection.sentences) };
  };
  if (!needs) return notHumanized('success', `AI score ${aiScore} is not above the threshold ${threshold}: the text was not humanized and the humanization credits were refunded.`);

  const humanizeStarted = performance.now();
  try {
    // The detection just made is the humanizer's starting point too: one detection, not two.
    const result = await ctx.services.engines.run({ kind: 'humanize', text: content, llm: ctx.services.humanizerLlm, detection: detection.builtIn });
    return {
      status: 'success',
      ...common,
      credits_remaining: await creditsRemaining(ctx),
      message: `AI score ${aiScore} is above the threshold ${threshold}: the text was humanized.`,
      humanized: true,
      original_content: content,
      humanized_content: result.text,
      ...scoresOf(result),
      humanizer_service: ctx.services.versions.humanizer(result.backend),
      humanization_time: seconds(performance.now() - humanizeStarted),
      total_time: seconds(performance.now() - started),
    };
  } catch (error) {
    ctx.services.log.error({ err: error }, 'humanization failed in detect-and-humanize');
    return notHumanized('error', `AI score ${aiScore} is above the threshold ${threshold}, but humanization failed; the humanization credits were refunded.`);
  }
}

export async function runTextOperation(ctx: OperationContext, operation: TextOperation, input: { content: string; detection_threshold?: number }, words: number): Promise<Record<string, unknown>> {
  if (operation === 'detectText') return runDetection(ctx, input.content, words);
  if (operation === 'humanize') return runHumanizer(ctx, input.content, words);
  return runDetectAndHumanize(ctx, input.content, words, input.detection_threshold ?? 0.5);
}

/** Grammar correction's result body (the charge and the shared fields are the endpoint's: http/charged.ts). */
export async function runGrammar(services: Pick<Services, 'engines'>, content: string, variant: TargetVariant, words: number) {
  const { correctedText, diff, issues, changed } = await services.engines.run({ kind: 'correctGrammar', text: content, variant });
  return { status: 'success' as const, corrected_text: correctedText, diff, issues, edits_count: diff.length, changed, input_words: words, input_chars: codePointLength(content) };
}
