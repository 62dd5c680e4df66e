/**
 * The route table: every endpoint of the service, exactly as the spec writes its path (trailing
 * slash included). openapi.yaml is generated from it and the Koa router is mounted from it, so a
 * route exists in both or in neither.
 */
import type { z } from 'zod';
import { BATCH_LIMITS, creditsProse, describeBounds, detectAndHumanizePriceProse, DOCUMENT_LIMITS, durationProse, FILE_LIMITS, IDEMPOTENCY_WINDOW_MINUTES, JOB_RESULT_HOURS, OPERATION_SCOPES as SCOPES_OF, perWordProse, PRICES, TEXT_BOUNDS, VOICE_UNDETERMINED_NOTE, type Scope } from './catalogue.ts';
import type { ErrorCode } from './errors.ts';
import * as s from './schemas.ts';

/** A JSON route that also takes a document upload: multipart/form-data with the file in `file` and the other fields as form fields. */
export interface DocumentUpload {
  form: z.ZodType;
  maxFileBytes: number;
  /** Several documents in the field `files` (a batch's) instead of one in `file`: at most maxFiles, maxTotalBytes together. */
  files?: { maxFiles: number; maxTotalBytes: number };
}

export type RequestKind =
  /** upload: the route takes a document as multipart too; maxBytes: a larger JSON body than the default 2 MB (a batch's). */
  | { kind: 'json'; body: z.ZodType; upload?: DocumentUpload; maxBytes?: number }
  | { kind: 'multipart'; body: z.ZodType; maxFileBytes: number }
  | { kind: 'none' };

export interface RouteDef {
  op: string;
  method: 'get' | 'post' | 'delete';
  /** Every API path ends with a slash, as the spec writes them; the probes keep their conventional names. */
  path: `/${string}/` | '/livez' | '/readyz';
  summary: string;
  description: string;
  tag: string;
  /** Every scope the key needs; null for the unauthenticated health checks. */
  scopes: readonly Scope[] | null;
  request: RequestKind;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  /** Success bodies by status: 200 (sync) and, for async-capable routes, 202. */
  responses: Partial<Record<200 | 202 | 503, z.ZodType>>;
  errors: readonly ErrorCode[];
}

const MB = 1024 * 1024;
const { detectImage: IMAGE, detectVoice: VOICE } = FILE_LIMITS;
/** What reading an uploaded or fetched document can be refused with (before any charge). */
const documentErrors: ErrorCode[] = ['unsupported_document', 'encrypted_document', 'no_text', 'unreadable_document', 'payload_too_large', 'remote_error', 'remote_timeout'];
const asyncErrors: ErrorCode[] = ['invalid_payload', 'min_words_not_met', 'max_words_exceeded', 'insufficient_credits', 'pending_job_limit', 'service_unavailable', 'service_error', ...documentErrors];
const documentNote = `The text can also come as a document: \`url\` (JSON) names an http(s) page or file to fetch, or the request is multipart/form-data with the file in \`file\` and the other fields as form fields; exactly one of content, url and file. ${DOCUMENT_LIMITS.formats} are read (recognised from the bytes), at most ${DOCUMENT_LIMITS.maxBytes / MB} MB and ${DOCUMENT_LIMITS.maxPages} pages; the text read out is bounded and charged exactly as if it had been sent as content, nothing is charged when it cannot be read, and the response adds \`document\` (its type, title, pages, words, the extracted text every offset refers to) and the page (PDF) and paragraph of every sentence, edit or match.`;
const upload = (form: z.ZodType) => ({ form, maxFileBytes: DOCUMENT_LIMITS.maxBytes });
const asyncNote =
  'Without `poll` or `callback_url` the request is synchronous (200). With `poll: true` and/or `callback_url` it is accepted for background processing (202, credits deducted at acceptance, refunded automatically if the job fails) and the result is read with GET /api/jobs/{task_id}/ and/or POSTed to callback_url.';

/** An engine's unauthenticated health check: 200 `healthy`, or 503 `unhealthy` with the reason given. */
function healthRoute<Op extends 'imageHealth' | 'voiceHealth', P extends `/${string}/`>(op: Op, path: P, tag: string, engine: string, unhealthyWhen: string) {
  return {
    op, method: 'get', path, tag,
    summary: `Health of the ${engine}`,
    description: `No authentication. 200 with \`healthy\`; 503 with \`unhealthy\` ${unhealthyWhen}.`,
    scopes: SCOPES_OF[op],
    request: { kind: 'none' },
    responses: { 200: s.HealthReport, 503: s.HealthReport },
    errors: [],
  } as const;
}

export const routes = [
  {
    op: 'detectText',
    method: 'post',
    path: '/api/detector/',
    tag: 'AI text detection',
    summary: 'Score a text for AI authorship',
    description: `Scores the text and each sentence for the probability that it is AI-written. ${perWordProse('detectText')}; ${describeBounds(TEXT_BOUNDS.detectText)}. ${asyncNote} ${documentNote}`,
    scopes: SCOPES_OF.detectText,
    request: { kind: 'json', body: s.DetectorRequest, upload: upload(s.DetectorUpload) },
    responses: { 200: s.DetectionResult, 202: s.DetectionAccepted },
    errors: asyncErrors,
  },
  {
    op: 'humanize',
    method: 'post',
    path: '/api/humanizer/',
    tag: 'Humanization',
    summary: 'Rewrite a text so it reads as human-written',
    description: `Rewrites AI-sounding text while keeping its meaning, numbers, names and quotations. ${describeBounds(TEXT_BOUNDS.humanize)} (else 400 before any charge); ${perWordProse('humanize')}. Synchronous requests are rate limited per plan (429 rate_limited). ${asyncNote} ${documentNote}`,
    scopes: SCOPES_OF.humanize,
    request: { kind: 'json', body: s.HumanizerRequest, upload: upload(s.HumanizerUpload) },
    responses: { 200: s.HumanizationResult, 202: s.HumanizationAccepted },
    errors: [...asyncErrors, 'rate_limited'],
  },
  {
    op: 'detectAndHumanize',
    method: 'post',
    path: '/api/detect-and-humanize/',
    tag: 'Humanization',
    summary: 'Detect, then humanize only when the AI score exceeds a threshold',
    description: `Scores the full text; when ai_score > detection_threshold the text is humanized, otherwise the detection result is returned. Needs both the humanizer and ai_detector scopes. ${describeBounds(TEXT_BOUNDS.detectAndHumanize)}. Charge: ${detectAndHumanizePriceProse()}, both reserved up front; the humanization part is refunded when the text is not humanized. ${asyncNote} ${documentNote}`,
    scopes: SCOPES_OF.detectAndHumanize,
    request: { kind: 'json', body: s.DetectAndHumanizeRequest, upload: upload(s.DetectAndHumanizeUpload) },
    responses: { 200: s.DetectAndHumanizeResult, 202: s.DetectAndHumanizeAccepted },
    errors: asyncErrors,
  },
  {
    op: 'getJob',
    method: 'get',
    path: '/api/jobs/{task_id}/',
    tag: 'Async jobs',
    summary: 'Read an async job',
    description:
      `Returns \`processing\` while the job is queued or running, then the result (the same body as the synchronous response of the endpoint that created it) or \`failed\`. Only the job's owner can read it; results are kept ${durationProse(JOB_RESULT_HOURS, 'hour')} after completion, then 404. Poll with exponential backoff: 2, 4, 8 … seconds, at most 30 seconds apart.`,
    scopes: SCOPES_OF.getJob,
    request: { kind: 'none' },
    params: s.TaskIdParams,
    responses: { 200: s.JobStatus },
    errors: ['not_found'],
  },
  {
    op: 'createBatch',
    method: 'post',
    path: '/api/batches/',
    tag: 'Batches',
    summary: 'Run up to 100 texts through one service, with one webhook when all are done',
    description:
      `One service (\`detector\`, \`humanizer\`, \`detect-and-humanize\`, \`grammar\` or \`plagiarism\`; the key needs that service's scopes) with its options, applied to every item, and 1 to ${BATCH_LIMITS.maxItems} items, each its text as \`content\` or a document's address as \`url\` (fetched and read at acceptance, as by the single requests, its result with \`document\` as theirs); the JSON body at most ${BATCH_LIMITS.maxBodyBytes / 2 ** 20} MB in all (else 413 payload_too_large: split the batch). ` +
      `Or documents as multipart/form-data: 1 to ${BATCH_LIMITS.maxFiles} files in the field \`files\` (${DOCUMENT_LIMITS.formats}; each at most ${DOCUMENT_LIMITS.maxBytes / MB} MB, ${BATCH_LIMITS.maxUploadBytes / MB} MB together), the service and its options as form fields; each file is one item whose ref is its file name, read at acceptance as the single requests read a file, and its result adds \`document\` and the page and paragraph of every sentence, edit or match, as theirs does. A form field the route does not declare is refused (400). ` +
      `Every item is checked against its service's bounds before anything is queued: when any is out of bounds the whole batch is refused (400 invalid_payload, nothing charged) and the first ${BATCH_LIMITS.listedInvalidItems} bad items are listed in details.items (index, ref, code, message). ` +
      'The whole batch\'s price (each item priced as its single request) must be covered by the balance (else 403 insufficient_credits with the total and the balance) and is held at acceptance, so a batch never overdraws; an item that fails or is cancelled is refunded, once. ' +
      `202 with the batch_id; read the batch with GET /api/batches/{batch_id}/, and/or get one \`batch.completed\` webhook at callback_url when the last item ends. Items run several at once, but one account's items in flight are capped so that a large batch does not hold up other accounts. Supports Idempotency-Key (the same key with the same batch within ${durationProse(IDEMPOTENCY_WINDOW_MINUTES, 'minute')} answers the first 202 again, without a second batch).`,
    scopes: SCOPES_OF.createBatch,
    request: {
      kind: 'json', body: s.BatchRequest, maxBytes: BATCH_LIMITS.maxBodyBytes,
      upload: { form: s.BatchUpload, maxFileBytes: DOCUMENT_LIMITS.maxBytes, files: { maxFiles: BATCH_LIMITS.maxFiles, maxTotalBytes: BATCH_LIMITS.maxUploadBytes } },
    },
    headers: s.IdempotencyHeaders,
    responses: { 202: s.BatchAccepted },
    errors: ['invalid_payload', 'insufficient_scope', 'insufficient_credits', 'invalid_idempotency_key', 'idempotency_key_reuse', 'payload_too_large', 'no_sources', 'service_unavailable'],
  },
  {
    op: 'getBatch',
    method: 'get',
    path: '/api/batches/{batch_id}/',
    tag: 'Batches',
    summary: 'Read a batch and a page of its items',
    description:
      `The batch's status, counts per state, credits held, charged and refunded, and its items in request order, each with its \`ref\`, status, and result (the body the single request returns) or error; ${BATCH_LIMITS.pageSize} items per page unless \`limit\` says otherwise, the next page with \`cursor\` = next_cursor. Only the batch's owner can read it; kept ${durationProse(JOB_RESULT_HOURS, 'hour')} after its last item ended, then 404. Poll with backoff (2, 4, 8 … seconds, at most 30 apart).`,
    scopes: SCOPES_OF.getBatch,
    request: { kind: 'none' },
    params: s.BatchIdParams,
    query: s.BatchPageQuery,
    responses: { 200: s.BatchStatus },
    errors: ['invalid_payload', 'not_found'],
  },
  {
    op: 'cancelBatch',
    method: 'delete',
    path: '/api/batches/{batch_id}/',
    tag: 'Batches',
    summary: 'Cancel the items of a batch that have not started',
    description: 'Cancels every item still queued and refunds each of them, once; items already running finish and are charged. The batch ends (status `cancelled`, and its webhook) when its last running item does. Cancelling again, or a finished batch, cancels nothing.',
    scopes: SCOPES_OF.cancelBatch,
    request: { kind: 'none' },
    params: s.BatchIdParams,
    responses: { 200: s.BatchCancelled },
    errors: ['not_found'],
  },
  {
    op: 'getAccount',
    method: 'get',
    path: '/api/account/',
    tag: 'Account',
    summary: 'The account of the calling key',
    description: 'Plan, credits remaining, monthly allotment, the billing period, the plan\'s limits and the credits used this period per service. Free of charge; any valid key (no scope needed).',
    scopes: SCOPES_OF.getAccount,
    request: { kind: 'none' },
    responses: { 200: s.AccountInfo },
    errors: [],
  },
  {
    op: 'correctGrammar',
    method: 'post',
    path: '/api/grammar/correct/',
    tag: 'Grammar',
    summary: 'Correct grammar, spelling and punctuation with minimal changes',
    description: `Returns the corrected text and a complete word-level diff with code-point offsets into the text as sent. ${describeBounds(TEXT_BOUNDS.correctGrammar)}; ${perWordProse('correctGrammar')} (input_words), refunded if correction fails. Supports Idempotency-Key. ${documentNote}`,
    scopes: SCOPES_OF.correctGrammar,
    request: { kind: 'json', body: s.GrammarRequest, upload: upload(s.GrammarUpload) },
    headers: s.IdempotencyHeaders,
    responses: { 200: s.GrammarResult },
    errors: ['invalid_payload', 'min_words_not_met', 'max_words_exceeded', 'invalid_idempotency_key', 'insufficient_credits', 'idempotency_key_reuse', 'service_unavailable', 'service_error', ...documentErrors],
  },
  {
    op: 'scanPlagiarism',
    method: 'post',
    path: '/api/plagiarism/scan/',
    tag: 'Plagiarism',
    summary: 'Scan a text for plagiarism',
    description: `Compares the text with the indexed source corpus (and a web search provider when configured) and returns a score, a verdict, matched sources and highlighted code-point ranges. Input: ${describeBounds(TEXT_BOUNDS.scanPlagiarism)}; flat ${creditsProse(PRICES.plagiarismScan)}, refunded if the scan fails. With nothing to compare against (an empty corpus and no web search) the scan is refused with 409 no_sources before any charge. Supports Idempotency-Key. ${documentNote}`,
    scopes: SCOPES_OF.scanPlagiarism,
    request: { kind: 'json', body: s.PlagiarismRequest, upload: upload(s.PlagiarismUpload) },
    headers: s.IdempotencyHeaders,
    responses: { 200: s.PlagiarismResult },
    errors: ['invalid_payload', 'insufficient_content', 'max_words_exceeded', 'invalid_idempotency_key', 'insufficient_credits', 'idempotency_key_reuse', 'no_sources', 'service_unavailable', 'service_error', ...documentErrors],
  },
  {
    op: 'detectImage',
    method: 'post',
    path: '/api/image-detector/predict/',
    tag: 'Image detection',
    summary: 'Classify an image as real, fake or inpainting',
    description: `multipart/form-data with the image in field \`file\` (${IMAGE.formats}, at most ${IMAGE.maxBytes / MB} MB: a larger file is 400 invalid_payload). Credits (6 to 17, by size) are reserved before analysis and refunded if detection fails; the response reports credits_remaining. Rate limited per plan per minute (429 rate_limited).`,
    scopes: SCOPES_OF.detectImage,
    request: { kind: 'multipart', body: s.ImageUpload, maxFileBytes: IMAGE.maxBytes },
    responses: { 200: s.ImageResult },
    errors: ['invalid_payload', 'invalid_image', 'insufficient_credits', 'payment_in_progress', 'rate_limited', 'service_unavailable', 'service_error'],
  },
  healthRoute('imageHealth', '/api/image-detector/health/', 'Image detection', 'image detection engine', 'when the engine is unreachable or degraded (circuit open)'),
  {
    op: 'detectVoice',
    method: 'post',
    path: '/api/voice-detector/detect/',
    tag: 'Voice detection',
    summary: 'Classify audio as AI voice or natural voice',
    description:
      `multipart/form-data with the audio in field \`file\` (${VOICE.formats}, at most ${VOICE.maxBytes / MB} MB (a larger file is 400 invalid_payload) and ${VOICE.maxSeconds} seconds; video is refused). ${creditsProse(PRICES.voicePerSecond)} per second, rounded up, at least 1 second; ${VOICE_UNDETERMINED_NOTE}; refunded if detection fails. Audio over about 6 seconds gets a segment timeline and statistics.`,
    scopes: SCOPES_OF.detectVoice,
    request: { kind: 'multipart', body: s.VoiceUpload, maxFileBytes: VOICE.maxBytes },
    responses: { 200: s.VoiceResult },
    errors: ['invalid_payload', 'invalid_audio', 'audio_too_long', 'insufficient_credits', 'service_unavailable', 'service_error'],
  },
  healthRoute('voiceHealth', '/api/voice-detector/health/', 'Voice detection', 'voice detection engine', 'when the detection service is unavailable'),
  {
    op: 'listSources',
    method: 'get',
    path: '/api/admin/sources/',
    tag: 'Admin',
    summary: 'List the plagiarism source corpus',
    description: 'Operator endpoint (scope `admin`): the sources that plagiarism scans compare against.',
    scopes: SCOPES_OF.listSources,
    request: { kind: 'none' },
    query: s.SourceListQuery,
    responses: { 200: s.SourceList },
    errors: ['invalid_payload'],
  },
  {
    op: 'importSources',
    method: 'post',
    path: '/api/admin/sources/',
    tag: 'Admin',
    summary: 'Add or replace plagiarism sources',
    description: 'Operator endpoint (scope `admin`): adds sources to the corpus; a URL that exists is replaced. For large imports use `npm run admin -- sources import FILE.jsonl`.',
    scopes: SCOPES_OF.importSources,
    request: { kind: 'json', body: s.SourceImportRequest },
    responses: { 200: s.SourceImportResult },
    errors: ['invalid_payload', 'payload_too_large'],
  },
  {
    op: 'deleteSource',
    method: 'delete',
    path: '/api/admin/sources/',
    tag: 'Admin',
    summary: 'Delete a plagiarism source',
    description: 'Operator endpoint (scope `admin`): removes the source with the given URL.',
    scopes: SCOPES_OF.deleteSource,
    request: { kind: 'none' },
    query: s.SourceDeleteQuery,
    responses: { 200: s.SourceDeleteResult },
    errors: ['invalid_payload'],
  },
  {
    op: 'livez',
    method: 'get',
    path: '/livez',
    tag: 'Operations',
    summary: 'Liveness probe',
    description: 'No authentication. 200 while the process runs and its event loop answers; it never looks at the database or the engines, so a load balancer or Kubernetes restarts the process only when it is truly stuck.',
    scopes: SCOPES_OF.livez,
    request: { kind: 'none' },
    responses: { 200: s.Liveness },
    errors: [],
  },
  {
    op: 'readyz',
    method: 'get',
    path: '/readyz',
    tag: 'Operations',
    summary: 'Readiness probe',
    description: 'No authentication. 200 when this process can serve every request: the database answers, the engines are loaded, and its job worker runs (where RUN_WORKER=true). 503 with the part that is down otherwise, and once the process is stopping, so that a load balancer sends new requests elsewhere.',
    scopes: SCOPES_OF.readyz,
    request: { kind: 'none' },
    responses: { 200: s.Readiness, 503: s.Readiness },
    errors: [],
  },
] as const satisfies readonly RouteDef[];

export type Route = (typeof routes)[number];
export type OperationId = Route['op'];
