/**
 * The typed client: one method per operation of the API, on top of openapi-fetch and the generated
 * OpenAPI types. Every method resolves to the operation's success body and throws a
 * ContentIntegrityError otherwise, after retrying where that is safe (src/retry.ts).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';
import { ContentIntegrityError } from './errors.ts';
import { DEFAULT_MAX_RETRIES, jobPollDelayMs, retryDelayMs } from './retry.ts';
import type { components, paths } from './generated/api.ts';
import type {
  BatchAccepted,
  BatchCancelled,
  BatchItem,
  BatchRequest,
  BatchStatus,
  CompletedJob,
  DetectAndHumanizeAccepted,
  DetectAndHumanizeRequest,
  DetectAndHumanizeResult,
  DetectionAccepted,
  DetectionResult,
  DetectorRequest,
  GrammarRequest,
  GrammarResult,
  HealthReport,
  Account,
  HumanizationAccepted,
  HumanizationResult,
  HumanizerRequest,
  ImageResult,
  JobStatus,
  PlagiarismRequest,
  PlagiarismResult,
  Source,
  SourceDeleteResult,
  SourceImportResult,
  SourceList,
  VoiceResult,
} from './types.ts';
import { documentUrl, fileForm, filesForm, type DocumentInput, type FileInput, type NamedFile, type UploadOptions } from './upload.ts';

export const DEFAULT_BASE_URL = 'http://localhost:8000';
export const DEFAULT_TIMEOUT_MS = 5 * 60_000;
export const DEFAULT_JOB_WAIT_MS = 10 * 60_000;

export interface ClientOptions {
  /** Where the API is; default http://localhost:8000. */
  baseUrl?: string;
  /** Sent as `X-API-Key`. Only the two health checks work without one. */
  apiKey?: string;
  /** A fetch to use instead of the global one (proxies, tests). */
  fetch?: (request: Request) => Promise<Response>;
  /** How many times one call may be retried where retrying is safe; default 2, 0 turns retries off. */
  maxRetries?: number;
  /** Time limit of one attempt (upload, processing and answer) in ms; default 5 minutes. */
  timeoutMs?: number;
  /** Waits between retries and job polls; replace it in tests to run without real waiting. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CallOptions {
  /** Aborts the call, its retries and its waits. */
  signal?: AbortSignal;
}

export interface IdempotentCallOptions extends CallOptions {
  /**
   * At most the contract's IDEMPOTENCY_KEY_MAX_CHARS characters (openapi.yaml, Idempotency-Key). The
   * same key with the same text within the contract's window (Idempotency-Key's description) replays the first answer
   * without charging again. When left out, the SDK makes one per call, so that a call that fails
   * without an answer can be retried safely.
   */
  idempotencyKey?: string;
}

export interface UploadCallOptions extends CallOptions, UploadOptions {}

export interface WaitForJobOptions extends CallOptions {
  /** Give up (ContentIntegrityError `timeout`) when the job is still processing after this long; default 10 minutes. */
  maxWaitMs?: number;
}

/**
 * What openapi-fetch resolves to, reduced to what the retry loop needs: `error` is set exactly for
 * non-2xx answers. Results are typed by the methods with the schema types, because openapi-fetch's
 * own response types drop the properties whose type is `null` (e.g. `result: null` of a 202).
 */
interface Outcome {
  data?: unknown;
  error?: unknown;
  response: Response;
}

interface CallPolicy {
  /** Sending the request twice cannot do or charge anything twice. */
  idempotent: boolean;
  /** A non-2xx status whose body is still the result (the health checks answer 503 with a report). */
  resultStatus?: number;
}

type Sent<T extends keyof components['schemas']> = components['schemas'][T];

export interface BatchPageOptions extends CallOptions {
  /** The `next_cursor` of the previous page; leave it out for the first page. */
  cursor?: string;
  /** Items per page (1 to 100; the server's default is 25). */
  limit?: number;
}

/**
 * A batch of documents (sent as multipart/form-data): the service, its options and 1 to 20 files,
 * each a path, bytes, a Blob or a stream, or `{ file, filename }` to name one; an item's ref is its
 * file name.
 */
export type BatchFilesRequest = Omit<components['schemas']['BatchUpload'], 'files'> & { files: (FileInput | NamedFile)[] };

/** POST, GET and DELETE /api/batches/: many items of one service, one webhook when all are done. */
export interface Batches {
  /**
   * Accepts a batch (202): every item is checked (every document read) and the whole price held
   * first. Items as JSON (`items`), or documents (`files`). A retry cannot make a second batch (an
   * Idempotency-Key is sent).
   */
  create(body: BatchRequest | BatchFilesRequest, options?: IdempotentCallOptions): Promise<BatchAccepted>;
  /** The batch's state, counts, credits and one page of its items. */
  get(batchId: string, options?: BatchPageOptions): Promise<BatchStatus>;
  /** Cancels the items not yet started (refunded); running ones finish. */
  cancel(batchId: string, options?: CallOptions): Promise<BatchCancelled>;
  /** Polls with backoff (2, 4, 8 … seconds, at most 30 apart) until the batch's last item ended; the batch with its first page. */
  wait(batchId: string, options?: WaitForJobOptions): Promise<BatchStatus>;
  /**
   * Every item in request order as soon as it is final (succeeded, failed or cancelled), across pages,
   * polling with backoff while the next one is still queued or running; ContentIntegrityError
   * `timeout` when no item became final for maxWaitMs.
   */
  results(batchId: string, options?: WaitForJobOptions & { limit?: number }): AsyncGenerator<BatchItem, void, undefined>;
}

export class ContentIntegrityClient {
  /** The underlying openapi-fetch client, typed by the OpenAPI document, for anything the methods do not cover (no retries). */
  readonly api: Client<paths>;
  readonly #maxRetries: number;
  readonly #timeoutMs: number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Batches: `client.batches.create(…)`, `.get`, `.cancel`, `.wait` and `.results` (an async iterator). */
  readonly batches: Batches;

  constructor(options: ClientOptions = {}) {
    this.api = createClient<paths>({
      baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
      headers: options.apiKey ? { 'X-API-Key': options.apiKey } : {},
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    this.#maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
    this.batches = {
      create: async (body, callOptions = {}) => {
        const key = callOptions.idempotencyKey ?? randomUUID();
        const params = { header: { 'Idempotency-Key': key } };
        if ('files' in body) {
          const { files, ...fields } = body;
          const form = await filesForm(files, fields);
          // openapi-fetch types the path's JSON body; the multipart body is the same operation's other media type.
          return this.#call((signal) => this.api.POST('/api/batches/', { body: form as never, bodySerializer: passThrough, params, signal }), { idempotent: true }, callOptions);
        }
        return this.#call((signal) => this.api.POST('/api/batches/', { body: body as Sent<'BatchRequest'>, params, signal }), { idempotent: true }, callOptions);
      },
      get: (batchId, { cursor, limit, ...callOptions } = {}) =>
        this.#call((signal) => this.api.GET('/api/batches/{batch_id}/', { params: { path: { batch_id: batchId }, query: { cursor, limit } }, signal }), { idempotent: true }, callOptions),
      cancel: (batchId, callOptions) => this.#call((signal) => this.api.DELETE('/api/batches/{batch_id}/', { params: { path: { batch_id: batchId } }, signal }), { idempotent: true }, callOptions),
      wait: async (batchId, waitOptions = {}) => {
        let found: BatchStatus | undefined;
        await this.#poll(`Batch ${batchId}`, waitOptions, async () => {
          const batch = await this.batches.get(batchId, { signal: waitOptions.signal });
          if (batch.completed_at !== null) found = batch;
          return found !== undefined;
        }, { batch_id: batchId });
        return found!;
      },
      results: (batchId, waitOptions = {}) => this.#results(batchId, waitOptions),
    };
  }

  /** batches.results: each page's items as they become final; a page is left when all of its items are. */
  async *#results(batchId: string, options: WaitForJobOptions & { limit?: number }): AsyncGenerator<BatchItem, void, undefined> {
    let cursor: string | undefined;
    let yielded = 0; // items of the current page already handed out
    for (;;) {
      let page: BatchStatus | undefined;
      const pending: BatchItem[] = [];
      // Waits (with backoff) until the page's next item is final, handing back those that are.
      await this.#poll(`Batch ${batchId}`, options, async () => {
        page = await this.batches.get(batchId, { cursor, limit: options.limit, signal: options.signal });
        for (const item of page.items.slice(yielded + pending.length)) {
          if (item.status === 'queued' || item.status === 'running') break;
          pending.push(item);
        }
        return pending.length > 0 || page.items.length === yielded;
      }, { batch_id: batchId }, true);
      while (pending.length) {
        yielded++;
        yield pending.shift()!;
      }
      if (!page || yielded < page.items.length) continue;
      if (page.next_cursor === null) return;
      cursor = page.next_cursor;
      yielded = 0;
    }
  }

  /**
   * Calls `probe` until it answers true, waiting with the spec's backoff (2, 4, 8 … seconds, at most
   * 30 apart) before each call (`first`: the first call without a wait); ContentIntegrityError
   * `timeout` after maxWaitMs.
   */
  async #poll(what: string, options: WaitForJobOptions, probe: () => Promise<boolean>, details: Record<string, unknown>, first = false): Promise<void> {
    const maxWaitMs = options.maxWaitMs ?? DEFAULT_JOB_WAIT_MS;
    const started = Date.now();
    let waited = 0; // counts the waits themselves too, so an injected sleep moves time forward
    for (let poll = 0; ; poll++) {
      if (!(first && poll === 0)) {
        const elapsed = Math.max(waited, Date.now() - started);
        if (elapsed >= maxWaitMs) {
          throw new ContentIntegrityError({ status: 0, code: 'timeout', message: `${what} was still processing after ${Math.round(elapsed / 1000)} s.`, details });
        }
        const pause = Math.min(jobPollDelayMs(first ? poll - 1 : poll), maxWaitMs - elapsed);
        await this.#sleep(pause, options.signal);
        waited += pause;
      }
      if (await probe()) return;
    }
  }

  // ------------------------------------------------------------ text: sync (200) or async (202)

  /** AI score of a text and each sentence. With `poll: true` or `callback_url`: 202 `pending` with a task_id. */
  detectText(body: DetectorRequest, options?: CallOptions): Promise<DetectionResult | DetectionAccepted> {
    return this.#call((signal) => this.api.POST('/api/detector/', { body: body as Sent<'DetectorRequest'>, signal }), { idempotent: false }, options);
  }

  /** Rewrites AI-sounding text (bounds: openapi.yaml, HumanizerRequest). With `poll: true` or `callback_url`: 202 `pending`. */
  humanize(body: HumanizerRequest, options?: CallOptions): Promise<HumanizationResult | HumanizationAccepted> {
    return this.#call((signal) => this.api.POST('/api/humanizer/', { body: body as Sent<'HumanizerRequest'>, signal }), { idempotent: false }, options);
  }

  /** Detects, and humanizes when ai_score > detection_threshold. With `poll: true` or `callback_url`: 202 `pending`. */
  detectAndHumanize(body: DetectAndHumanizeRequest, options?: CallOptions): Promise<DetectAndHumanizeResult | DetectAndHumanizeAccepted> {
    return this.#call((signal) => this.api.POST('/api/detect-and-humanize/', { body: body as Sent<'DetectAndHumanizeRequest'>, signal }), { idempotent: false }, options);
  }

  /** The key's account: plan, credits remaining, billing period, the plan's limits and credits used per service. Free; any valid key. */
  account(options?: CallOptions): Promise<Account> {
    return this.#call((signal) => this.api.GET('/api/account/', { signal }), { idempotent: true }, options);
  }

  /** An async job: `processing`, then the result of the endpoint that made it, or `failed`. */
  getJob(taskId: string, options?: CallOptions): Promise<JobStatus> {
    return this.#call((signal) => this.api.GET('/api/jobs/{task_id}/', { params: { path: { task_id: taskId } }, signal }), { idempotent: true }, options);
  }

  /**
   * Polls a job with the spec's backoff (2, 4, 8 … seconds, at most 30 apart) until it is no longer
   * `processing`, and returns what it became: a success body or `failed` (check `status`).
   */
  async waitForJob(taskId: string, options: WaitForJobOptions = {}): Promise<CompletedJob> {
    let found: CompletedJob | undefined;
    await this.#poll(`Job ${taskId}`, options, async () => {
      const job = await this.getJob(taskId, { signal: options.signal });
      if (job.status !== 'processing') found = job;
      return found !== undefined;
    }, { task_id: taskId });
    return found!;
  }

  // ------------------------------------------------------------ grammar and plagiarism (idempotent with a key)

  /** Minimal-change correction with a word-level diff (code-point offsets into the text as sent). */
  correctGrammar(body: GrammarRequest, options: IdempotentCallOptions = {}): Promise<GrammarResult> {
    const key = options.idempotencyKey ?? randomUUID();
    return this.#call(
      (signal) => this.api.POST('/api/grammar/correct/', { body: body as Sent<'GrammarRequest'>, params: { header: { 'Idempotency-Key': key } }, signal }),
      { idempotent: true },
      options,
    );
  }

  /** Plagiarism score, verdict, sources and highlighted ranges against the source corpus. */
  scanPlagiarism(body: PlagiarismRequest, options: IdempotentCallOptions = {}): Promise<PlagiarismResult> {
    const key = options.idempotencyKey ?? randomUUID();
    return this.#call(
      (signal) => this.api.POST('/api/plagiarism/scan/', { body, params: { header: { 'Idempotency-Key': key } }, signal }),
      { idempotent: true },
      options,
    );
  }

  // ------------------------------------------------------------ documents: a file or an address instead of the text

  /**
   * The text methods for a document: a file (a path, bytes, a Blob or a stream) is uploaded as
   * multipart/form-data, an address (a URL, or a string starting with http:// or https://) is sent
   * as `url` for the service to fetch. `fields` are the request's other fields. The answer is the
   * text method's, with `document` (the extracted text every offset refers to) and the page (PDF)
   * and paragraph of every sentence, edit or match.
   */
  detectTextDocument(document: DocumentInput, fields: Omit<DetectorRequest, 'content' | 'url'> = {}, options: UploadCallOptions = {}): Promise<DetectionResult | DetectionAccepted> {
    return this.#document('/api/detector/', document, fields, options, (body) => this.detectText(body, options));
  }

  humanizeDocument(document: DocumentInput, fields: Omit<HumanizerRequest, 'content' | 'url'> = {}, options: UploadCallOptions = {}): Promise<HumanizationResult | HumanizationAccepted> {
    return this.#document('/api/humanizer/', document, fields, options, (body) => this.humanize(body, options));
  }

  detectAndHumanizeDocument(document: DocumentInput, fields: Omit<DetectAndHumanizeRequest, 'content' | 'url'>, options: UploadCallOptions = {}): Promise<DetectAndHumanizeResult | DetectAndHumanizeAccepted> {
    return this.#document('/api/detect-and-humanize/', document, fields, options, (body) => this.detectAndHumanize(body, options));
  }

  correctGrammarDocument(document: DocumentInput, fields: Omit<GrammarRequest, 'content' | 'url'> = {}, options: UploadCallOptions & IdempotentCallOptions = {}): Promise<GrammarResult> {
    const key = options.idempotencyKey ?? randomUUID();
    return this.#document('/api/grammar/correct/', document, fields, { ...options, idempotencyKey: key }, (body) => this.correctGrammar(body, { ...options, idempotencyKey: key }));
  }

  scanPlagiarismDocument(document: DocumentInput, options: UploadCallOptions & IdempotentCallOptions = {}): Promise<PlagiarismResult> {
    const key = options.idempotencyKey ?? randomUUID();
    return this.#document('/api/plagiarism/scan/', document, {}, { ...options, idempotencyKey: key }, (body) => this.scanPlagiarism(body, { ...options, idempotencyKey: key }));
  }

  /** An address goes to the JSON method as `url`; a file is uploaded with the fields beside it (retried like the JSON call would be: grammar and plagiarism carry an Idempotency-Key). */
  async #document<Fields extends object, Result>(
    path: '/api/detector/' | '/api/humanizer/' | '/api/detect-and-humanize/' | '/api/grammar/correct/' | '/api/plagiarism/scan/',
    document: DocumentInput,
    fields: Fields,
    options: UploadCallOptions & IdempotentCallOptions,
    byUrl: (body: Fields & { url: string }) => Promise<Result>,
  ): Promise<Result> {
    const url = documentUrl(document);
    if (url !== undefined) return byUrl({ ...fields, url });
    const form = await fileForm(document as FileInput, options, fields as Record<string, unknown>);
    const headers = options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined;
    const idempotent = options.idempotencyKey !== undefined;
    // openapi-fetch types a path's JSON body; the multipart body is the same operation's other media type.
    return this.#call((signal) => this.api.POST(path, { body: form as never, bodySerializer: passThrough, headers, signal }), { idempotent }, options);
  }

  // ------------------------------------------------------------ image and voice (multipart)

  /** `real` / `fake` / `inpainting` for an image given as a path, bytes, Blob or stream. */
  async detectImage(file: FileInput, options: UploadCallOptions = {}): Promise<ImageResult> {
    const form = await fileForm(file, options);
    return this.#call((signal) => this.api.POST('/api/image-detector/predict/', { body: form as unknown as Sent<'ImageUpload'>, bodySerializer: passThrough, signal }), { idempotent: false }, options);
  }

  /** AI voice vs natural voice for audio given as a path, bytes, Blob or stream. */
  async detectVoice(file: FileInput, options: UploadCallOptions = {}): Promise<VoiceResult> {
    const form = await fileForm(file, options);
    return this.#call((signal) => this.api.POST('/api/voice-detector/detect/', { body: form as unknown as Sent<'VoiceUpload'>, bodySerializer: passThrough, signal }), { idempotent: false }, options);
  }

  /** The image engine's health; an unhealthy engine (HTTP 503) resolves too, with `status: 'unhealthy'`. */
  imageHealth(options?: CallOptions): Promise<HealthReport> {
    return this.#call((signal) => this.api.GET('/api/image-detector/health/', { signal }), { idempotent: true, resultStatus: 503 }, options);
  }

  /** The voice engine's health; an unhealthy engine (HTTP 503) resolves too, with `status: 'unhealthy'`. */
  voiceHealth(options?: CallOptions): Promise<HealthReport> {
    return this.#call((signal) => this.api.GET('/api/voice-detector/health/', { signal }), { idempotent: true, resultStatus: 503 }, options);
  }

  // ------------------------------------------------------------ admin: the plagiarism source corpus (scope `admin`)

  listSources(query: { limit?: number; offset?: number } = {}, options?: CallOptions): Promise<SourceList> {
    return this.#call((signal) => this.api.GET('/api/admin/sources/', { params: { query }, signal }), { idempotent: true }, options);
  }

  /** Adds sources (up to 1,000 per call); a URL that exists is replaced, so sending the same ones again is harmless. */
  importSources(sources: Source[], options?: CallOptions): Promise<SourceImportResult> {
    return this.#call((signal) => this.api.POST('/api/admin/sources/', { body: { sources }, signal }), { idempotent: true }, options);
  }

  deleteSource(url: string, options?: CallOptions): Promise<SourceDeleteResult> {
    return this.#call((signal) => this.api.DELETE('/api/admin/sources/', { params: { query: { url } }, signal }), { idempotent: true }, options);
  }

  // ------------------------------------------------------------ the one request loop

  async #call<Result>(attempt: (signal: AbortSignal) => Promise<Outcome>, policy: CallPolicy, options: CallOptions = {}): Promise<Result> {
    for (let retry = 0; ; retry++) {
      const timeout = AbortSignal.timeout(this.#timeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      let failure: ContentIntegrityError;
      try {
        const outcome = await attempt(signal);
        if (outcome.error === undefined) return outcome.data as Result;
        if (outcome.response.status === policy.resultStatus) return outcome.error as Result;
        failure = ContentIntegrityError.fromResponse(outcome.response, outcome.error);
      } catch (cause) {
        if (options.signal?.aborted) throw cause; // the caller gave up: not a failure to retry
        failure = ContentIntegrityError.fromException(cause, timeout.aborted, this.#timeoutMs);
      }
      const wait = retry < this.#maxRetries ? retryDelayMs(failure, policy.idempotent, retry) : null;
      if (wait === null) throw failure;
      await this.#sleep(wait, options.signal);
    }
  }
}

/** Multipart bodies are FormData already: openapi-fetch must send them as they are (it would JSON-encode otherwise). */
const passThrough = (body: unknown) => body;
