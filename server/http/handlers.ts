/**
 * What each operation does once the caller is authenticated (the text operations: once the key is
 * well formed; their charge checks the rest) and its input validated: bounds,
 * idempotency, rate limits, charges (refunded when the engine fails), the engine call and the
 * spec's response body. Handlers talk to platform services and engines, never to SQL directly.
 */
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import type * as s from '../../contract/schemas.ts';
import { countWords, codePointLength } from '../engines/shared/text.ts';
import { refundCharge, requireCredits, type Charge } from '../platform/credits.ts';
import { ApiError } from '../platform/errors.ts';
import { validateIdempotencyKey, withIdempotency, requestFingerprint } from '../platform/idempotency.ts';
import { readJob } from '../platform/jobs.ts';
import { checkPublicUrl, UnsafeUrlError } from '../platform/outbound.ts';
import { checkTextBounds, runTextOperation, TEXT_BOUNDS, textCharges, type TextOperation } from '../operations/text.ts';
import { EngineError } from '../runtime/engines.ts';
import type { Services } from '../services.ts';
import type { AuthedContext, HandlerResult, KeyCheckedContext, RequestContext } from './procedures.ts';

/** Seconds since `started` (a performance.now() value), to 0.1 ms. */
const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10_000;

/** Runs `work` after charging `userId`; refunds exactly once when it fails, turning engine failures into 503s. */
async function withCharge<T>(ctx: RequestContext, userId: number, charges: Charge[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    for (const charge of charges) await refundCharge(ctx.services.db, userId, charge, { operation: 'refund on failure', requestId: ctx.requestId });
    throw asServiceError(ctx.services, error);
  }
}

function asServiceError(services: Services, error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if ((error as { code?: string })?.code === 'EOPENBREAKER') return new ApiError('service_unavailable', 'The engine is temporarily unavailable; nothing was charged. Retry shortly.', undefined, { 'Retry-After': '30' });
  services.log.error({ err: error }, 'engine failure');
  return new ApiError('service_error', 'Processing failed; the credits were refunded.');
}

// ---------------------------------------------------------------- text: detector, humanizer, detect-and-humanize

type TextInput = { content: string; callback_url?: string; poll?: boolean; webhook_secret?: string; detection_threshold?: number };

export async function textOperation(ctx: KeyCheckedContext, operation: TextOperation, input: TextInput): Promise<HandlerResult> {
  const { services } = ctx;
  const words = checkTextBounds(input.content, TEXT_BOUNDS[operation]);
  const jobInput = { content: input.content, ...(input.detection_threshold !== undefined ? { detection_threshold: input.detection_threshold } : {}) };

  if (input.poll === true || input.callback_url !== undefined) {
    const principal = await ctx.key.principal();
    if (input.callback_url !== undefined) {
      try {
        await checkPublicUrl(input.callback_url, { allowPrivate: services.config.ALLOW_PRIVATE_CALLBACKS });
      } catch (error) {
        if (error instanceof UnsafeUrlError) throw new ApiError('invalid_payload', `callback_url: ${error.message}`);
        throw error;
      }
    }
    const job = await services.jobs.accept({
      userId: principal.userId,
      maxPendingJobs: principal.plan.max_pending_jobs,
      operation,
      input: jobInput,
      words,
      callbackUrl: input.callback_url,
      webhookSecret: input.webhook_secret,
      requestId: ctx.requestId,
    });
    return { status: 202, body: acceptedBody(operation, job.taskId, words, job.balanceAfter, principal.userId, input.detection_threshold) };
  }

  // The charge checks the key in its own statement; the humanizer's rate limit needs the plan first.
  let rateHeaders = {};
  if (operation === 'humanize') {
    const principal = await ctx.key.principal();
    rateHeaders = await services.rateLimits.consume('humanizer_sync', principal.userId, principal.plan.humanizer_sync_per_minute);
  }
  const { userId, charges } = await services.charges.chargeByKey(ctx.key, textCharges(operation, words), { requestId: ctx.requestId });
  const balanceAfter = charges[charges.length - 1].balanceAfter;
  const operationContext = { services, userId, taskId: null, charges, balanceAfterCharges: balanceAfter, requestId: ctx.requestId };
  const body = await withCharge(ctx, userId, charges, () => runTextOperation(operationContext, operation, jobInput, words));
  return { body, headers: rateHeaders };
}

function acceptedBody(operation: TextOperation, taskId: string, words: number, credits: number, userId: number, threshold?: number) {
  const user = { id: userId };
  if (operation === 'detectText') {
    return { status: 'pending', task_id: taskId, result: null, ai_score: null, items: null, service_name: null, execution_time: null, word_count: words, credits_remaining: credits, message: null, user } satisfies z.infer<typeof s.DetectionAccepted>;
  }
  if (operation === 'humanize') {
    return { status: 'pending', task_id: taskId, result: null, service_name: null, execution_time: null, word_count: words, credits_remaining: credits, user } satisfies z.infer<typeof s.HumanizationAccepted>;
  }
  return {
    status: 'pending', task_id: taskId, ai_score: null, detection_threshold: threshold ?? 0, needs_humanization: null, detector_service: null, detection_time: null,
    word_count: words, credits_remaining: credits, message: 'Accepted for processing.', user,
  } satisfies z.infer<typeof s.DetectAndHumanizeAccepted>;
}

export async function getJob(ctx: AuthedContext, taskId: string): Promise<HandlerResult> {
  return { body: await readJob(ctx.services.db, ctx.principal.userId, taskId, ctx.services.clock()) };
}

// ---------------------------------------------------------------- grammar

const GRAMMAR_BOUNDS = { minWords: 5, maxWords: 10_000, maxChars: 75_000 };

export async function correctGrammar(ctx: AuthedContext, input: z.infer<typeof s.GrammarRequest>): Promise<HandlerResult> {
  const key = validateIdempotencyKey(header(ctx, 'idempotency-key'));
  const words = checkTextBounds(input.content, GRAMMAR_BOUNDS);
  return idempotent(ctx, 'grammar', key, input, async () => {
    const started = performance.now();
    const [charge] = await ctx.services.charges.charge(ctx.principal.userId, [{ operation: 'grammar', amount: words }], { requestId: ctx.requestId });
    const correction = await withCharge(ctx, ctx.principal.userId, [charge], () => ctx.services.engines.run({ kind: 'correctGrammar', text: input.content, variant: input.target_variant }));
    const body: z.infer<typeof s.GrammarResult> = {
      status: 'success',
      corrected_text: correction.correctedText,
      diff: correction.diff,
      issues: correction.issues,
      edits_count: correction.diff.length,
      changed: correction.changed,
      input_words: words,
      input_chars: codePointLength(input.content),
      word_count: words,
      execution_time: elapsed(started),
      credits_remaining: charge.balanceAfter,
      user: { id: ctx.principal.userId },
    };
    return { status: 200, body };
  });
}

// ---------------------------------------------------------------- plagiarism

const PLAGIARISM_MIN_CHARS = 50;
const PLAGIARISM_MAX_WORDS = 25_000;
export const PLAGIARISM_PRICE = 2;

export async function scanPlagiarism(ctx: AuthedContext, input: z.infer<typeof s.PlagiarismRequest>): Promise<HandlerResult> {
  const key = validateIdempotencyKey(header(ctx, 'idempotency-key'));
  const chars = codePointLength(input.content.trim());
  if (chars < PLAGIARISM_MIN_CHARS) throw new ApiError('invalid_payload', `content has ${chars} characters; at least ${PLAGIARISM_MIN_CHARS} are needed.`, { limit: PLAGIARISM_MIN_CHARS, actual: chars });
  const words = countWords(input.content);
  if (words > PLAGIARISM_MAX_WORDS) throw new ApiError('max_words_exceeded', `content has ${words} words; at most ${PLAGIARISM_MAX_WORDS} are accepted.`, { limit: PLAGIARISM_MAX_WORDS, actual: words });
  return idempotent(ctx, 'plagiarism', key, input, async () => {
    const started = performance.now();
    const { scanner } = await ctx.services.plagiarism().catch(() => {
      throw new ApiError('service_unavailable', 'The plagiarism engine is not available.', undefined, { 'Retry-After': '30' });
    });
    // The flat price is checked first and charged only after a successful scan, so a text the scan
    // refuses (insufficient_content) or an engine failure never moves credits.
    await requireCredits(ctx.services.db, ctx.principal.userId, PLAGIARISM_PRICE);
    let report: Awaited<ReturnType<typeof scanner.scan>>;
    try {
      report = await scanner.scan(input.content);
    } catch (error) {
      if ((error as Error)?.name === 'InsufficientContentError') throw new ApiError('insufficient_content', (error as Error).message || 'The text lacks enough complete sentences to scan.');
      throw asServiceError(ctx.services, error);
    }
    const [charge] = await ctx.services.charges.charge(ctx.principal.userId, [{ operation: 'plagiarism', amount: PLAGIARISM_PRICE }], { requestId: ctx.requestId });
    const body: z.infer<typeof s.PlagiarismResult> = {
      status: 'success',
      scan_id: crypto.randomUUID(),
      ...report,
      execution_time: elapsed(started),
      word_count: words,
      credits_remaining: charge.balanceAfter,
      user: { id: ctx.principal.userId },
    };
    return { status: 200, body };
  });
}

function header(ctx: AuthedContext, name: string): string | undefined {
  const value = ctx.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function idempotent(ctx: AuthedContext, operation: string, key: string | undefined, input: unknown, work: () => Promise<{ status: number; body: unknown }>): Promise<HandlerResult> {
  if (!key) return work();
  const result = await withIdempotency(ctx.services.db, { userId: ctx.principal.userId, operation, key, fingerprint: requestFingerprint(input) }, work);
  return { status: result.status, body: result.body, headers: result.replayed ? { 'Idempotent-Replayed': 'true' } : {} };
}

// ---------------------------------------------------------------- image and voice

type UploadedFile = { path: string; name: string; type: string; size: number };

export async function detectImage(ctx: AuthedContext, file: UploadedFile): Promise<HandlerResult> {
  const { services, principal } = ctx;
  const rateHeaders = await services.rateLimits.consume('image', principal.userId, principal.plan.image_requests_per_minute);
  const image = await import('../engines/image/index.ts');
  const bytes = new Uint8Array(await readFile(file.path));
  if (bytes.length === 0) throw new ApiError('invalid_payload', 'The file is empty.');
  const format = image.sniffImageFormat(bytes);
  if (!format) throw new ApiError('invalid_payload', 'Unsupported file format; send JPEG, PNG, WebP, GIF, BMP or TIFF.');
  let size: { width: number; height: number };
  try {
    size = await image.readImageSize(bytes);
  } catch (error) {
    if (error instanceof image.InvalidImageError) throw new ApiError('invalid_image', `The file cannot be decoded as an image: ${error.message}`);
    throw error;
  }
  const credits = image.imageCredits(size.width, size.height);
  const [charge] = await services.charges.charge(principal.userId, [{ operation: 'image', amount: credits }], { requestId: ctx.requestId });
  const analysis = await withCharge(ctx, principal.userId, [charge], async () => {
    try {
      return (await services.engines.breaker('image').fire({ kind: 'analyzeImage', bytes })) as Awaited<ReturnType<typeof image.analyzeImage>>;
    } catch (error) {
      if (error instanceof EngineError && error.engineError === 'InvalidImageError') throw new ApiError('invalid_image', `The file cannot be decoded as an image: ${error.message}`);
      throw error;
    }
  });
  const body: z.infer<typeof s.ImageResult> = {
    prediction: analysis.prediction, confidence: analysis.confidence, probabilities: analysis.probabilities, credits_charged: credits,
    ...(analysis.regions ? { regions: analysis.regions } : {}),
  };
  return { body, headers: rateHeaders };
}

const MAX_AUDIO_SECONDS = 600;

export async function detectVoice(ctx: AuthedContext, file: UploadedFile): Promise<HandlerResult> {
  const { services, principal } = ctx;
  const voice = await import('../engines/voice/index.ts');
  let probe: Awaited<ReturnType<typeof voice.probeAudio>>;
  try {
    probe = await voice.probeAudio(file.path);
  } catch (error) {
    if (error instanceof voice.UnsupportedMediaError) throw new ApiError('invalid_payload', error.message);
    if (error instanceof voice.InvalidAudioError) throw new ApiError('invalid_audio', `The file is unreadable as audio: ${error.message}`);
    throw asServiceError(services, error);
  }
  if (probe.durationSeconds > MAX_AUDIO_SECONDS) {
    throw new ApiError('audio_too_long', `The audio lasts ${probe.durationSeconds.toFixed(1)} s; at most ${MAX_AUDIO_SECONDS} s are accepted.`, { limit_seconds: MAX_AUDIO_SECONDS, duration_seconds: probe.durationSeconds });
  }
  const started = performance.now();
  const { billedSeconds, credits } = voice.voiceCredits(probe.durationSeconds);
  const [charge] = await services.charges.charge(principal.userId, [{ operation: 'voice', amount: credits }], { requestId: ctx.requestId });
  const analysis = await withCharge(ctx, principal.userId, [charge], async () => {
    try {
      return (await services.engines.breaker('voice').fire({ kind: 'analyzeVoice', path: file.path })) as Awaited<ReturnType<typeof voice.analyzeVoice>>;
    } catch (error) {
      if (error instanceof EngineError && error.engineError === 'InvalidAudioError') throw new ApiError('invalid_audio', `The file is unreadable as audio: ${error.message}`);
      throw error;
    }
  });
  const body: z.infer<typeof s.VoiceResult> = {
    status: 'success',
    ...analysis,
    billed_seconds: billedSeconds,
    credits_used: credits,
    execution_time: elapsed(started),
    credits_remaining: charge.balanceAfter,
    user: { id: principal.userId },
  };
  return { body };
}

export function engineHealth(services: Services, engine: 'image' | 'voice'): HandlerResult {
  const breaker = services.engines.breaker(engine);
  const ready = services.engines.poolReady();
  const circuit = breaker.opened ? 'open' : breaker.halfOpen ? 'half_open' : 'closed';
  const healthy = ready && circuit !== 'open';
  const body: z.infer<typeof s.HealthReport> = {
    status: healthy ? 'healthy' : 'unhealthy',
    upstream: { status: ready ? 'healthy' : 'unhealthy', piscina_ready: ready },
    circuit: { status: circuit, failures: breaker.stats.failures },
  };
  return { status: healthy ? 200 : 503, body };
}

// ---------------------------------------------------------------- admin: plagiarism sources

export async function listSources(ctx: AuthedContext, query: z.infer<typeof s.SourceListQuery>): Promise<HandlerResult> {
  const { corpus } = await ctx.services.plagiarism();
  const page = await corpus.list({ limit: query.limit, offset: query.offset });
  return { body: { status: 'success', total: page.total, sources: page.sources.map((x) => ({ url: x.url, title: x.title, domain: x.domain, words: x.words, imported_at: x.importedAt })) } };
}

export async function importSources(ctx: AuthedContext, input: z.infer<typeof s.SourceImportRequest>): Promise<HandlerResult> {
  const { corpus } = await ctx.services.plagiarism();
  for (const source of input.sources) await corpus.upsert(source);
  return { body: { status: 'success', imported: input.sources.length } };
}

export async function deleteSource(ctx: AuthedContext, url: string): Promise<HandlerResult> {
  const { corpus } = await ctx.services.plagiarism();
  return { body: { status: 'success', deleted: await corpus.delete(url) } };
}
