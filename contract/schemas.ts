/**
 * zod schemas of every request and response body in the spec (spec/content-integrity-api.md).
 * Field names, types and meanings are the spec's; each field carries a description and an
 * example that reach openapi.yaml.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';
import { BATCH_LIMITS, BATCH_SERVICES, creditsProse, describeBounds, detectAndHumanizePriceProse, DOCUMENT_LIMITS, durationProse, FILE_LIMITS, IMAGE_MAX_CREDITS, IMAGE_MIN_CREDITS, IDEMPOTENCY_KEY_MAX_CHARS, IDEMPOTENCY_WINDOW_MINUTES, JOB_RESULT_HOURS, isStorableText, perWordProse, PRICES, SHORT_TEXT_WORDS, STORABLE_TEXT_MESSAGE, TEXT_BOUNDS, USAGE_SERVICES, type UsageService } from './catalogue.ts';

extendZodWithOpenApi(z);

const UUID_EXAMPLE = '3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14';
const TEXT_EXAMPLE = 'The committee reviewed the proposal on Monday and asked for a revised budget.';
/** The plagiarism samples: a source and a scan that copies two of its sentences (enough text for the fingerprints to meet). */
const SOURCE_TEXT_EXAMPLE =
  'The committee reviewed the proposal on Monday and asked for a revised budget before the end of the month. Several members said the plan was too expensive for a town of its size. The mayor promised a shorter version by Friday.';
const SCAN_TEXT_EXAMPLE =
  'In its Monday meeting, the committee reviewed the proposal on Monday and asked for a revised budget before the end of the month. Several members said the plan was too expensive for a town of its size.';
/** At least TEXT_BOUNDS.humanize.minWords words, so the humanizer's sample request is one it accepts. */
const LONG_TEXT_EXAMPLE =
  'Artificial intelligence has become an integral part of modern society, transforming the way we live and work. Moreover, it is important to note that these technologies offer numerous benefits across various industries. Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation in an ever-evolving landscape that rewards careful planning.';

// ---------------------------------------------------------------- shared pieces

export const UserRef = z
  .object({ id: z.number().int().openapi({ description: 'Identifier of the calling user.', example: 42 }) })
  .openapi('UserRef', { description: 'The calling user.' });

const score = (description: string, example = 0.87) => z.number().min(0).max(1).openapi({ description, example });
const seconds = (description: string) => z.number().min(0).openapi({ description, example: 0.042 });
const wordCount = z.number().int().min(0).openapi({ description: 'Word count of the input (script-aware: each CJK character is one word).', example: 250 });
const creditsRemaining = z.number().int().min(0).openapi({ description: 'Credit balance after this request.', example: 99750 });

export const ErrorBody = z
  .object({
    status: z.literal('error').openapi({ description: 'Always `error`.', example: 'error' }),
    code: z.enum(ERROR_CODES).openapi({ description: 'Machine-readable error code (see the error table of each endpoint).', example: 'invalid_payload' }),
    message: z.string().openapi({ description: 'A sentence for a person saying what went wrong.', example: 'content: expected a string' }),
    details: z.record(z.string(), z.unknown()).openapi({ description: 'Extra facts where useful, e.g. `limit` and `actual`, or `credits` and `required`; `{}` when the code says it all (every error has it).', example: { limit: 10000, actual: 10412 } }),
    request_id: z.string().openapi({ description: 'The request id, also in the `X-Request-Id` header; quote it in support requests.', example: 'req_01J9Z6X4QK' }),
  })
  .openapi('Error', { description: 'The one error body of every endpoint.' });

/**
 * Every text a request sends is refused with 400 invalid_payload, before any charge, when it holds
 * U+0000 or an unpaired surrogate: PostgreSQL can store neither, and no engine needs them.
 */
const storableText = () => z.string().refine(isStorableText, { message: STORABLE_TEXT_MESSAGE });
/**
 * A URL shown to other users (a plagiarism source's): absolute http(s) with a host, at most 2,048
 * characters of printable ASCII, so no whitespace, control, bidi override (U+202E) or emoji that
 * could disguise it; such characters are sent percent-encoded.
 */
const URL_MAX_LENGTH = 2048;
const isHttpUrl = (text: string) => URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol) && new URL(text).hostname !== '';
const shownUrl = () =>
  z
    .string()
    .max(URL_MAX_LENGTH)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (percent-encode other characters)')
    .url()
    .refine(isHttpUrl, { message: 'must be an absolute http or https URL with a host' });

/** A one-line text shown to other users: no control characters, no bidi embedding or override, at most 500 characters. */
const shownLine = () =>
  storableText()
    .max(500)
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .refine((text) => !/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(text), { message: 'must be one line without control or bidirectional formatting characters' });

/** A whole number in a query string: decimal digits only (not 0x10, 1e3, +1 or 1.0). */
export function queryInteger(bounds: { min: number; max?: number }) {
  const int = z.number({ error: 'must be a whole number written in decimal digits' }).int().min(bounds.min);
  return z.preprocess((value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value), bounds.max === undefined ? int : int.max(bounds.max));
}

const NO_NUL_NOTE = 'Must be well-formed Unicode without U+0000 or unpaired surrogates (else 400 invalid_payload, nothing charged).';

// ---------------------------------------------------------------- async text requests

/**
 * The text of a text request, or a document to read it from: `content`, or `url` (JSON), or a
 * multipart `file` (the route's upload form); exactly one, checked where the text is read
 * (server/operations/documents.ts). `content` stays in the request samples (`x-in-sample`).
 */
const content = storableText().optional().openapi({ description: 'Text to analyze.', example: TEXT_EXAMPLE, 'x-in-sample': true });
const documentUrl = shownUrl()
  .optional()
  .openapi({
    description: `Instead of content: an http(s) address whose page or file is fetched and read (${DOCUMENT_LIMITS.formats}; an HTML page's main text, as a browser's reader view shows it). Private, loopback and reserved addresses are refused (400), every redirect is checked again (at most ${DOCUMENT_LIMITS.maxRedirects}), at most ${DOCUMENT_LIMITS.maxBytes / 2 ** 20} MB within ${DOCUMENT_LIMITS.fetchSeconds} seconds (else 422 remote_error naming the site's status, or 422 remote_timeout).`,
    example: 'https://example.com/essay.html',
  });
/** The multipart file of a text request. */
const documentFile = (sampleFile: string) =>
  z.custom<Blob>((value) => value !== undefined && value !== null).openapi({
    type: 'string',
    format: 'binary',
    description: `The document whose text is read: ${DOCUMENT_LIMITS.formats}, recognised from its bytes (never its name); at most ${DOCUMENT_LIMITS.maxBytes / 2 ** 20} MB and ${DOCUMENT_LIMITS.maxPages} pages. Encrypted documents (422 encrypted_document) and scans without a text layer (422 no_text) are refused before any charge.`,
    'x-sample-file': sampleFile,
  });
const callbackUrl = storableText()
  .max(2048)
  .openapi({ description: 'Public http(s) URL that receives the result by webhook (private, loopback and reserved addresses are refused). Makes the request asynchronous (202).', example: 'https://example.com/hooks/content-integrity' });
const poll = z.boolean().default(false).openapi({ description: 'true makes the request asynchronous (202); read the result with GET /api/jobs/{task_id}/.', example: false });
const webhookSecret = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x20-\x7e]+$/, 'webhook_secret must be printable ASCII (it travels in an HTTP header)')
  .openapi({ description: 'Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.', example: 'my-shared-secret' });

const EXACTLY_ONE = 'Send exactly one of content, url and (multipart/form-data) file.';
const asyncFields = { callback_url: callbackUrl.optional(), poll: poll.optional(), webhook_secret: webhookSecret.optional() };

export const DetectorRequest = z
  .object({ content: content.openapi({ description: `Text to analyze: ${describeBounds(TEXT_BOUNDS.detectText)}. ${perWordProse('detectText')}. ${NO_NUL_NOTE} ${EXACTLY_ONE}` }), url: documentUrl, ...asyncFields })
  .openapi('DetectorRequest');
export const DetectorUpload = z.object({ file: documentFile('essay.pdf'), ...asyncFields }).openapi('DetectorUpload');

export const HumanizerRequest = z
  .object({ content: content.openapi({ description: `Text to humanize: ${describeBounds(TEXT_BOUNDS.humanize)}. ${perWordProse('humanize')}. ${NO_NUL_NOTE} ${EXACTLY_ONE}`, example: LONG_TEXT_EXAMPLE }), url: documentUrl, ...asyncFields })
  .openapi('HumanizerRequest');
export const HumanizerUpload = z.object({ file: documentFile('essay.docx'), ...asyncFields }).openapi('HumanizerUpload');

const detectionThreshold = z.number().min(0).max(1).openapi({ description: 'The text is humanized only when its ai_score is greater than this value (0.0 to 1.0).', example: 0.5 });
export const DetectAndHumanizeRequest = z
  .object({
    content: content.openapi({ description: `Text to process: ${describeBounds(TEXT_BOUNDS.detectAndHumanize)}. ${detectAndHumanizePriceProse()}; the humanization part is refunded when the text is not humanized. ${NO_NUL_NOTE} ${EXACTLY_ONE}`, example: LONG_TEXT_EXAMPLE }),
    url: documentUrl,
    detection_threshold: detectionThreshold,
    ...asyncFields,
  })
  .openapi('DetectAndHumanizeRequest');
export const DetectAndHumanizeUpload = z.object({ file: documentFile('essay.pdf'), detection_threshold: detectionThreshold, ...asyncFields }).openapi('DetectAndHumanizeUpload');

// ---------------------------------------------------------------- documents

export const DocumentInfo = z
  .object({
    type: z.enum(['pdf', 'docx', 'odt', 'html', 'markdown', 'text']).openapi({ description: 'What the bytes were read as.', example: 'pdf' }),
    title: z.string().nullable().openapi({ description: 'The document\'s own title (PDF and office metadata, the HTML article\'s title, a Markdown file\'s first heading); null when it has none.', example: 'On Photosynthesis' }),
    pages: z.number().int().min(1).nullable().openapi({ description: 'Page count (PDF); null for formats without pages.', example: 3 }),
    words: z.number().int().min(0).openapi({ description: 'Words of the extracted text (the count that is charged).', example: 812 }),
    characters: z.number().int().min(0).openapi({ description: 'Code points of the extracted text.', example: 5120 }),
    url: z.string().nullable().openapi({ description: 'The address the text was fetched from (after redirects); null for an upload.', example: null }),
    text: z.string().openapi({ description: 'The text read out of the document, paragraphs separated by a blank line: every offset of the response refers to it.', example: TEXT_EXAMPLE }),
  })
  .openapi('DocumentInfo', { description: 'Only when the text came from a document (`file` or `url`): what was read.' });
const document = DocumentInfo.optional();

/** Where a sentence, edit or match starts, for a document: its page (PDF) and its paragraph. */
const place = {
  page: z.number().int().min(1).optional().openapi({ description: 'Document requests, PDF only: the 1-based page this starts on.', example: 2 }),
  paragraph: z.number().int().min(0).optional().openapi({ description: 'Document requests only: the 0-based index of the paragraph (of document.text, separated by blank lines) this starts in.', example: 4 }),
};

// ---------------------------------------------------------------- text detection

export const EvidenceItem = z
  .object({
    channel: z.enum(['built-in', 'lm', 'image-model', 'voice-model']).openapi({
      description: '`built-in`: the service\'s own model; `lm`: the operator\'s language-model server (text); `image-model`, `voice-model`: the operator\'s classifier server.',
      example: 'built-in',
    }),
    score: z.number().min(0).max(1).nullable().openapi({ description: 'The channel\'s own probability that the content is AI-made; null for `lm` (its criteria are not probabilities) and for a channel that gave no answer.', example: 0.31 }),
    used: z.boolean().openapi({ description: 'Whether this channel entered the verdict: with a calibration file both channels are fused; without one the server\'s evidence is only reported, unless the operator trusts its own probability.', example: true }),
    model: z.string().optional().openapi({ description: 'The server\'s model (observer+performer for `lm`).', example: 'falcon-7b+falcon-7b-instruct' }),
    criteria: z
      .record(z.string(), z.number())
      .optional()
      .openapi({ description: '`lm` only: `fast_detect_gpt` (Fast-DetectGPT analytic criterion; higher is more AI-like), `binoculars` (with a performer model; lower is more AI-like), `tokens` and `tail_mass` (the mean probability mass outside the top-K alternatives; 0 means the criteria are exact).', example: { fast_detect_gpt: 1.8, binoculars: 0.84, tokens: 412, tail_mass: 0.06 } }),
    error: z.string().optional().openapi({ description: 'Why the server\'s evidence is missing (timeout, HTTP error, malformed answer, circuit open).', example: 'no answer within 10000 ms' }),
    windows: z
      .array(
        z.object({
          start_time: z.string().regex(/^\d+(\.\d+)?s$/).openapi({ description: 'Window start, seconds with a trailing `s`.', example: '0.0s' }),
          end_time: z.string().regex(/^\d+(\.\d+)?s$/).openapi({ description: 'Window end.', example: '4.0s' }),
          ai_probability: score('The server\'s probability that this window is an AI voice.'),
        }),
      )
      .optional()
      .openapi({ description: '`voice-model` only, for audio longer than one window: the server\'s own timeline, one entry per 4-second window (its `score` is their mean).' }),
  })
  .openapi('EvidenceItem', { description: 'One evidence channel of a verdict (present only when the operator configured a model server).' });

const evidence = z
  .array(EvidenceItem)
  .optional()
  .openapi({ description: 'Only when the operator runs a model server for this engine (README "Bring your own model"): which evidence channels contributed to the verdict, and their own scores.' });

export const SentenceItem = z
  .object({
    text: z.string().openapi({ description: 'The sentence exactly as it appears in the input.', example: 'The committee reviewed the proposal on Monday.' }),
    prediction: z.enum(['ai-generated', 'original']).openapi({ description: '`ai-generated` when the sentence ai_score > 0.5.', example: 'original' }),
    ai_score: score('Probability that the sentence is AI-written, 0.0 to 1.0.', 0.12),
    ...place,
  })
  .openapi('SentenceItem');

export const DetectionResult = z
  .object({
    status: z.literal('success').openapi({ description: '`success`.', example: 'success' }),
    task_id: z.string().nullable().openapi({ description: 'Job id for async requests; null for synchronous ones.', example: null }),
    result: z.enum(['ai', 'human']).openapi({ description: '`ai` exactly when ai_score > 0.5.', example: 'human' }),
    ai_score: score('0.0 (human) to 1.0 (AI): 0–0.3 human, 0.3–0.5 likely human, 0.5–0.7 likely AI, 0.7–1 AI-generated.', 0.12),
    items: z.array(SentenceItem).openapi({ description: 'Every sentence of the input, in order.' }),
    service_name: z.string().openapi({ description: 'Detection engine and model version.', example: 'ci-textdetect-4.2.0' }),
    execution_time: seconds('Processing time in seconds.'),
    word_count: wordCount,
    credits_remaining: creditsRemaining,
    message: z.string().nullable().openapi({ description: `Status message, e.g. a note that the model is calibrated for English, that the text is too short (under ${SHORT_TEXT_WORDS} words) for a confident verdict, or that the operator's model server gave no usable answer.`, example: null }),
    user: UserRef,
    evidence,
    document,
  })
  .openapi('DetectionResult');

/** What every 202 body holds: what acceptance knows. Each body adds its result's other fields as null. */
const accepted = {
  status: z.literal('pending').openapi({ description: '`pending`: accepted for async processing.', example: 'pending' }),
  task_id: z.string().openapi({ description: 'Job id (UUID) to read with GET /api/jobs/{task_id}/.', example: UUID_EXAMPLE }),
  word_count: wordCount,
  credits_remaining: creditsRemaining,
  user: UserRef,
};

export const DetectionAccepted = z
  .object({ ...accepted, result: z.null(), ai_score: z.null(), items: z.null(), service_name: z.null(), execution_time: z.null(), message: z.null() })
  .openapi('DetectionAccepted');

// ---------------------------------------------------------------- humanization

/** The detector's verdict on the text before and after, so the caller sees what the rewrite did. */
const humanizerScores = {
  ai_score_before: score("The AI detector's ai_score of the input text."),
  ai_score_after: score("The AI detector's ai_score of the humanized text."),
};

export const HumanizationResult = z
  .object({
    status: z.literal('success').openapi({ description: '`success`.', example: 'success' }),
    task_id: z.string().nullable().openapi({ description: 'Job id for async requests; null for synchronous ones.', example: null }),
    result: z.string().openapi({ description: 'The humanized text.', example: TEXT_EXAMPLE }),
    ...humanizerScores,
    service_name: z.string().openapi({ description: 'Humanizer engine and version.', example: 'ci-humanizer-1.0.0' }),
    execution_time: seconds('Processing time in seconds.'),
    word_count: wordCount,
    credits_remaining: creditsRemaining,
    user: UserRef,
    document,
  })
  .openapi('HumanizationResult');

export const HumanizationAccepted = z
  .object({ ...accepted, result: z.null(), service_name: z.null(), execution_time: z.null() })
  .openapi('HumanizationAccepted');

// ---------------------------------------------------------------- detect-and-humanize

const dahCommon = {
  task_id: z.string().nullable().openapi({ description: 'Job id for async requests; null for synchronous ones.', example: null }),
  ai_score: score('AI score of the full text.'),
  detection_threshold: z.number().min(0).max(1).openapi({ description: 'The caller\'s threshold.', example: 0.5 }),
  needs_humanization: z.boolean().openapi({ description: 'Whether ai_score > detection_threshold.', example: true }),
  detector_service: z.string().openapi({ description: 'Detection engine and version.', example: 'ci-textdetect-4.2.0' }),
  detection_time: seconds('Detection time in seconds.'),
  word_count: wordCount,
  credits_remaining: creditsRemaining,
  message: z.string().openapi({ description: 'Detailed status message.', example: 'AI score 0.91 is above the threshold 0.5: the text was humanized.' }),
  user: UserRef,
  document,
};

export const DetectAndHumanizeHumanized = z
  .object({
    status: z.literal('success').openapi({ description: '`success`.', example: 'success' }),
    ...dahCommon,
    humanized: z.literal(true).openapi({ description: 'true: the text was humanized.', example: true }),
    original_content: z.string().openapi({ description: 'The input text.', example: TEXT_EXAMPLE }),
    humanized_content: z.string().openapi({ description: 'The humanized text.', example: TEXT_EXAMPLE }),
    ...humanizerScores,
    humanizer_service: z.string().openapi({ description: 'Humanizer engine and version.', example: 'ci-humanizer-1.0.0' }),
    humanization_time: seconds('Humanization time in seconds.'),
    total_time: seconds('Total time in seconds.'),
  })
  .openapi('DetectAndHumanizeHumanized');

export const DetectAndHumanizeNotHumanized = z
  .object({
    status: z.enum(['success', 'error']).openapi({ description: '`success`; `error` when detection succeeded but humanization failed (the humanization part of the charge was refunded, message says why).', example: 'success' }),
    ...dahCommon,
    humanized: z.literal(false).openapi({ description: 'false: the text was not humanized.', example: false }),
    content: z.string().openapi({ description: 'The input text, unchanged.', example: TEXT_EXAMPLE }),
    detection_items: z.array(SentenceItem).openapi({ description: 'Sentence-level analysis, as `items` of the detector.' }),
  })
  .openapi('DetectAndHumanizeNotHumanized');

export const DetectAndHumanizeResult = z
  .union([DetectAndHumanizeHumanized, DetectAndHumanizeNotHumanized])
  .openapi('DetectAndHumanizeResult', { description: 'Detection result, with the humanized text when ai_score > detection_threshold.' });

export const DetectAndHumanizeAccepted = z
  .object({
    ...accepted,
    ai_score: z.null(),
    detection_threshold: z.number().min(0).max(1).openapi({ description: 'The caller\'s threshold.', example: 0.5 }),
    needs_humanization: z.null(),
    detector_service: z.null(),
    detection_time: z.null(),
    message: z.string().openapi({ description: 'Status message.', example: 'Accepted for processing.' }),
  })
  .openapi('DetectAndHumanizeAccepted');

// ---------------------------------------------------------------- async jobs

export const TaskIdParams = z.object({
  task_id: z.string().openapi({ description: 'The task_id of a 202 response.', example: UUID_EXAMPLE, param: { name: 'task_id', in: 'path' } }),
});

export const JobProcessing = z
  .object({
    status: z.literal('processing').openapi({ description: 'Queued or running.', example: 'processing' }),
    task_id: z.string().openapi({ description: 'Job id.', example: UUID_EXAMPLE }),
    result: z.null(),
    service_name: z.null(),
    execution_time: z.null(),
    word_count: z.null(),
    credits_remaining: z.null(),
    user: UserRef,
  })
  .openapi('JobProcessing');

export const JobFailed = z
  .object({
    status: z.literal('failed').openapi({ description: 'Processing failed; the credits were refunded.', example: 'failed' }),
    task_id: z.string().openapi({ description: 'Job id.', example: UUID_EXAMPLE }),
    result: z.null(),
    error: z.string().openapi({ description: 'What went wrong.', example: 'The detection engine failed; the credits were refunded.' }),
    word_count: wordCount,
  })
  .openapi('JobFailed');

export const JobStatus = z
  .union([JobProcessing, JobFailed, DetectionResult, HumanizationResult, DetectAndHumanizeHumanized, DetectAndHumanizeNotHumanized])
  .openapi('JobStatus', { description: `\`processing\`, then the success body of the endpoint that created the job (task_id filled), or \`failed\`. Kept ${durationProse(JOB_RESULT_HOURS, 'hour')} after completion.` });

// ---------------------------------------------------------------- grammar

export const IdempotencyHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .optional()
    .openapi({ description: `Any string of up to ${IDEMPOTENCY_KEY_MAX_CHARS} characters. The same key with the same text within ${durationProse(IDEMPOTENCY_WINDOW_MINUTES, 'minute')} replays the first response (header \`Idempotent-Replayed: true\`) without charging again; with a different text: 409 idempotency_key_reuse.`, example: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }),
});

export const TargetVariant = z.enum(['auto', 'en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IN']);
const targetVariant = TargetVariant.default('auto').openapi({ description: '`auto` (default) keeps the variant of the input; otherwise the English variant to write in. Applies only to English text.', example: 'auto' });

export const GrammarRequest = z
  .object({
    content: content.openapi({ description: `Text to correct: ${describeBounds(TEXT_BOUNDS.correctGrammar)}. Diff offsets refer to it exactly as sent. ${perWordProse('correctGrammar')}. ${NO_NUL_NOTE} ${EXACTLY_ONE}`, example: 'She go to school every days.' }),
    url: documentUrl,
    target_variant: targetVariant,
  })
  .openapi('GrammarRequest');
export const GrammarUpload = z.object({ file: documentFile('essay.docx'), target_variant: targetVariant }).openapi('GrammarUpload');

export const DiffOperation = z
  .object({
    type: z.enum(['replace', 'insert', 'delete']).openapi({ description: 'Kind of change.', example: 'replace' }),
    original: z.string().openapi({ description: 'Replaced or deleted text; empty for insertions.', example: 'go' }),
    corrected: z.string().openapi({ description: 'Replacement text; empty for deletions.', example: 'goes' }),
    start: z.number().int().min(0).openapi({ description: 'Start offset in Unicode code points into the text exactly as submitted.', example: 4 }),
    end: z.number().int().min(0).openapi({ description: 'End offset (exclusive), code points.', example: 6 }),
    category: z.enum(['grammar', 'spelling', 'punctuation', 'capitalization', 'spacing', 'variant']).openapi({ description: 'Kind of correction; `variant` is a spelling converted to `target_variant`.', example: 'grammar' }),
    explanation: z.string().openapi({ description: 'Why the words changed, in a sentence the writer can act on.', example: 'The verb and its subject (or the determiner and its noun) must agree in number: "goes".' }),
    ...place,
  })
  .openapi('DiffOperation');

export const GrammarIssue = z
  .object({
    category: z.string().openapi({ description: 'Kind of problem, e.g. grammar, spelling, punctuation.', example: 'grammar' }),
    severity: z.string().openapi({ description: 'low, medium or high.', example: 'medium' }),
    message: z.string().openapi({ description: 'A note for the writer.', example: 'Subject-verb agreement: "She go" → "She goes".' }),
  })
  .openapi('GrammarIssue');

export const GrammarResult = z
  .object({
    status: z.literal('success').openapi({ description: 'Always `success`.', example: 'success' }),
    corrected_text: z.string().openapi({ description: 'The corrected text.', example: 'She goes to school every day.' }),
    diff: z.array(DiffOperation).openapi({ description: 'Complete word-level diff, one operation per change, never truncated.' }),
    issues: z.array(GrammarIssue).openapi({ description: 'High-level notes.' }),
    edits_count: z.number().int().min(0).openapi({ description: 'Number of corrections; always equals the length of diff.', example: 2 }),
    changed: z.boolean().openapi({ description: 'false means the text was already clean: diff empty and corrected_text equals the input.', example: true }),
    input_words: z.number().int().min(0).openapi({ description: 'Script-aware word count; the amount charged.', example: 6 }),
    input_chars: z.number().int().min(0).openapi({ description: 'Character count (code points) of the submitted text.', example: 28 }),
    word_count: z.number().int().min(0).openapi({ description: 'Credits charged for this request.', example: 6 }),
    execution_time: seconds('Processing time in seconds.'),
    credits_remaining: creditsRemaining,
    user: UserRef,
    document,
  })
  .openapi('GrammarResult');

// ---------------------------------------------------------------- plagiarism

export const PlagiarismRequest = z
  .object({ content: content.openapi({ description: `Text to scan: ${describeBounds(TEXT_BOUNDS.scanPlagiarism)}. Highlight offsets refer to it exactly as sent. Flat ${creditsProse(PRICES.plagiarismScan)}. ${NO_NUL_NOTE} ${EXACTLY_ONE}`, example: SCAN_TEXT_EXAMPLE }), url: documentUrl })
  .openapi('PlagiarismRequest');
export const PlagiarismUpload = z.object({ file: documentFile('essay.pdf') }).openapi('PlagiarismUpload');

const range = z.object({
  start: z.number().int().min(0).openapi({ description: 'Start offset, code points of the text as submitted.', example: 0 }),
  end: z.number().int().min(0).openapi({ description: 'End offset (exclusive), code points.', example: 120 }),
});

export const PlagiarismSource = z
  .object({
    url: z.string().openapi({ description: 'Source URL.', example: 'https://en.wikipedia.org/wiki/Photosynthesis' }),
    title: z.string().openapi({ description: 'Source title.', example: 'Photosynthesis' }),
    domain: z.string().openapi({ description: 'Source domain.', example: 'en.wikipedia.org' }),
    similarity_score: score('Similarity with this source, 0 to 1.'),
    matched_word_count: z.number().int().min(0).openapi({ description: 'Submitted words matched by this source.', example: 84 }),
    matched_percentage: z.number().min(0).max(100).openapi({ description: 'Share of the submitted words matched by this source, in percent (0 to 100).', example: 33.6 }),
    matches: z.array(z.object({ submitted_range: range, similarity: score('Similarity of this passage.'), ...place })).openapi({ description: 'Matched passages.' }),
  })
  .openapi('PlagiarismSource');

export const PlagiarismResult = z
  .object({
    status: z.literal('success').openapi({ description: 'Always `success`.', example: 'success' }),
    scan_id: z.string().openapi({ description: 'Scan identifier, for support requests.', example: UUID_EXAMPLE }),
    plagiarism_score: score('0.0 (original) to 1.0 (fully plagiarised).'),
    verdict: z
      .enum(['original', 'minor_similarity', 'moderate_plagiarism', 'significant_plagiarism', 'severe_plagiarism'])
      .openapi({ description: 'Below 0.05 original; 0.05–0.15 minor_similarity; 0.15–0.40 moderate_plagiarism; 0.40–0.70 significant_plagiarism; 0.70 and above severe_plagiarism.', example: 'moderate_plagiarism' }),
    summary: z.string().openapi({ description: 'Human-readable summary.', example: '34% of the text matches 2 sources.' }),
    sources: z.array(PlagiarismSource).openapi({ description: 'Matched sources, strongest first.' }),
    highlights: z
      .array(
        z.object({
          start: z.number().int().min(0).openapi({ description: 'Start offset, code points.', example: 0 }),
          end: z.number().int().min(0).openapi({ description: 'End offset (exclusive), code points.', example: 120 }),
          severity: z.enum(['high', 'medium', 'low']).openapi({ description: '`high` when similarity >= 0.85, `medium` when >= 0.70, else `low`.', example: 'high' }),
          source_index: z.number().int().min(0).openapi({ description: 'Index into sources[].', example: 0 }),
          ...place,
        }),
      )
      .openapi({ description: 'Character ranges to highlight.' }),
    stats: z
      .object({
        word_count: z.number().int().min(0),
        input_chars: z.number().int().min(0),
        sentence_count: z.number().int().min(0),
        sources_checked: z.number().int().min(0),
        processing_time_ms: z.number().int().min(0),
      })
      .openapi({ description: 'Scan statistics.', example: { word_count: 250, input_chars: 1530, sentence_count: 12, sources_checked: 40, processing_time_ms: 85 } }),
    execution_time: seconds('Processing time in seconds.'),
    word_count: wordCount,
    credits_remaining: creditsRemaining,
    user: UserRef,
    document,
  })
  .openapi('PlagiarismResult');

// ---------------------------------------------------------------- batches

const SERVICE_NAMES = Object.keys(BATCH_SERVICES) as [keyof typeof BATCH_SERVICES, ...(keyof typeof BATCH_SERVICES)[]];
const serviceName = z.enum(SERVICE_NAMES).openapi({ description: 'The service every item of the batch goes through: the single request\'s bounds, price and result.', example: 'detector' });

export const BatchItemInput = z
  .object({
    content: storableText()
      .optional()
      .openapi({ description: `The item's text, within the bounds of its service's single request (else the whole batch is refused and this item is listed in details.items). ${NO_NUL_NOTE} Exactly one of content and url.`, example: TEXT_EXAMPLE, 'x-in-sample': true }),
    url: documentUrl.openapi({ description: 'Instead of content: an http(s) address whose page or document is fetched and read at acceptance, as the single requests\' `url` is (a failure refuses the batch, with this item listed in details.items, nothing charged).', example: 'https://example.com/essay.html' }),
    ref: shownLine()
      .max(BATCH_LIMITS.refMaxChars)
      .optional()
      .openapi({ description: `Your own reference for the item (a file name, a row id; at most ${BATCH_LIMITS.refMaxChars} characters), given back with its result.`, example: 'essay-07' }),
  })
  .openapi('BatchItemInput');

const batchItems = z
  .array(BatchItemInput)
  .min(1)
  .max(BATCH_LIMITS.maxItems)
  .openapi({ description: `1 to ${BATCH_LIMITS.maxItems} items, run in this order (several at once); each costs what its single request costs.` });

/** What every batch request has beside its service and the service's options. */
const batchFields = { items: batchItems, callback_url: callbackUrl.optional().openapi({ description: 'Public http(s) URL that receives one `batch.completed` webhook when the last item ends (private, loopback and reserved addresses are refused).' }), webhook_secret: webhookSecret.optional() };

export const BatchRequest = z
  .discriminatedUnion('service', [
    z.object({ service: z.literal('detector').openapi({ example: 'detector' }), ...batchFields }).openapi('DetectorBatchRequest'),
    z.object({ service: z.literal('humanizer').openapi({ example: 'humanizer' }), ...batchFields }).openapi('HumanizerBatchRequest'),
    z
      .object({
        service: z.literal('detect-and-humanize').openapi({ example: 'detect-and-humanize' }),
        detection_threshold: z.number().min(0).max(1).openapi({ description: 'Every item is humanized only when its ai_score is greater than this value (0.0 to 1.0).', example: 0.5 }),
        ...batchFields,
      })
      .openapi('DetectAndHumanizeBatchRequest'),
    z
      .object({
        service: z.literal('grammar').openapi({ example: 'grammar' }),
        target_variant: TargetVariant.default('auto').openapi({ description: '`auto` (default) keeps each item\'s variant; otherwise the English variant to write every item in.', example: 'auto' }),
        ...batchFields,
      })
      .openapi('GrammarBatchRequest'),
    z.object({ service: z.literal('plagiarism').openapi({ example: 'plagiarism' }), ...batchFields }).openapi('PlagiarismBatchRequest'),
  ])
  .openapi('BatchRequest', { description: 'One service, its options (applied to every item) and the items.' });

/** A multipart batch: its documents in `files`, the service and its options as form fields. */
export const BatchUpload = z
  .object({
    service: serviceName,
    files: z
      .array(z.custom<Blob>((value) => value !== undefined && value !== null).openapi({ type: 'string', format: 'binary' }))
      .min(1)
      .max(BATCH_LIMITS.maxFiles)
      .openapi({
        description: `1 to ${BATCH_LIMITS.maxFiles} documents, one item each, in this order (repeat the field: \`-F files=@a.pdf -F files=@b.docx\`): ${DOCUMENT_LIMITS.formats}, recognised from their bytes; each at most ${DOCUMENT_LIMITS.maxBytes / 2 ** 20} MB and ${DOCUMENT_LIMITS.maxPages} pages, ${BATCH_LIMITS.maxUploadBytes / 2 ** 20} MB together. An item's ref is its file name (without any folder). A file that cannot be read refuses the whole batch, listed in details.items, nothing charged.`,
        'x-sample-files': ['essay.pdf', 'essay.docx'],
      }),
    detection_threshold: z.number().min(0).max(1).optional().openapi({ description: 'detect-and-humanize only, and required there: every item is humanized only when its ai_score is greater than this value (0.0 to 1.0).', example: 0.5 }),
    target_variant: TargetVariant.optional().openapi({ description: 'grammar only: `auto` (default) keeps each item\'s variant; otherwise the English variant to write every item in.', example: 'auto' }),
    callback_url: callbackUrl.optional().openapi({ description: 'Public http(s) URL that receives one `batch.completed` webhook when the last item ends.' }),
    webhook_secret: webhookSecret.optional(),
  })
  .openapi('BatchUpload', { description: 'A batch of documents: one service, its options (applied to every item) and the files.' });

const batchId = z.string().openapi({ description: 'Batch id.', example: UUID_EXAMPLE });
const credits = (description: string, example = 1250) => z.number().int().min(0).openapi({ description, example });

export const BatchAccepted = z
  .object({
    status: z.literal('queued').openapi({ description: 'Accepted: every item is queued.', example: 'queued' }),
    batch_id: batchId,
    service: serviceName,
    item_count: z.number().int().min(1).openapi({ description: 'Items accepted.', example: 30 }),
    credits_held: credits('Credits taken from the balance at acceptance for all items together; an item that fails or is cancelled gets its share back.'),
    credits_remaining: creditsRemaining,
    user: UserRef,
    message: z.string().openapi({ description: 'Status message.', example: 'Accepted: 30 items queued.' }),
  })
  .openapi('BatchAccepted');

export const BatchIdParams = z.object({
  batch_id: z.string().openapi({ description: 'The batch_id of a 202 response.', example: UUID_EXAMPLE, param: { name: 'batch_id', in: 'path' } }),
});

export const BatchPageQuery = z.object({
  cursor: z.string().max(20).optional().openapi({ description: 'The `next_cursor` of the previous page; leave it out for the first page.', example: '25', param: { name: 'cursor', in: 'query' } }),
  limit: queryInteger({ min: 1, max: BATCH_LIMITS.maxPageSize })
    .optional()
    .openapi({ type: 'integer', description: `Items per page, 1 to ${BATCH_LIMITS.maxPageSize}; default ${BATCH_LIMITS.pageSize}.`, example: BATCH_LIMITS.pageSize, param: { name: 'limit', in: 'query' } }),
});

const BATCH_STATES = ['queued', 'running', 'completed', 'completed_with_errors', 'cancelled'] as const;
const ITEM_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
const count = (description: string) => z.number().int().min(0).openapi({ description, example: 0 });

/** A batch without its items: what GET /api/batches/{batch_id}/ starts with and the batch.completed webhook sends. */
const batchSummary = {
  batch_id: batchId,
  service: serviceName,
  status: z.enum(BATCH_STATES).openapi({ description: '`queued` (no item started yet), `running`, then `completed` (every item succeeded), `completed_with_errors` (at least one failed) or `cancelled` (cancelled before every item ran).', example: 'running' }),
  created_at: z.string().openapi({ description: 'When the batch was accepted (ISO 8601).', example: '2026-12-06T04:00:00.000Z' }),
  completed_at: z.string().nullable().openapi({ description: 'When its last item ended; null until then.', example: null }),
  item_count: z.number().int().min(1).openapi({ description: 'Items in the batch.', example: 30 }),
  counts: z
    .object({ queued: count('Waiting for their turn.'), running: count('Being processed.'), succeeded: count('Done, with a result.'), failed: count('Failed for good (refunded).'), cancelled: count('Cancelled before they started (refunded).') })
    .openapi({ description: 'Items per state.', example: { queued: 10, running: 2, succeeded: 18, failed: 0, cancelled: 0 } }),
  credits_held: credits('Taken at acceptance for all items.'),
  credits_charged: credits('Kept for items that succeeded.', 750),
  credits_refunded: credits('Given back: items that failed or were cancelled, and the humanization part of detect-and-humanize items that were not humanized.', 0),
  user: UserRef,
};

export const BatchItem = z
  .object({
    index: z.number().int().min(0).openapi({ description: 'Position of the item in the request, from 0.', example: 0 }),
    ref: z.string().nullable().openapi({ description: 'The item\'s `ref` as sent; null when none was.', example: 'essay-07' }),
    status: z.enum(ITEM_STATES).openapi({ description: 'Where the item stands.', example: 'succeeded' }),
    result: z
      .union([DetectionResult, HumanizationResult, DetectAndHumanizeHumanized, DetectAndHumanizeNotHumanized, GrammarResult, PlagiarismResult])
      .nullable()
      .openapi({
        description: 'Once `succeeded`: the body the single synchronous request would have returned (its task_id null); else null.',
        example: {
          status: 'success', task_id: null, result: 'human', ai_score: 0.12, items: [{ text: TEXT_EXAMPLE, prediction: 'original', ai_score: 0.12 }],
          service_name: 'ci-textdetect-4.4.0', execution_time: 0.004, word_count: 13, credits_remaining: 99750, message: null, user: { id: 42 },
        },
      }),
    error: z.string().nullable().openapi({ description: 'Why the item failed or was cancelled; else null.', example: null }),
  })
  .openapi('BatchItem');

export const BatchStatus = z
  .object({
    ...batchSummary,
    items: z.array(BatchItem).openapi({ description: 'This page of items, in request order.' }),
    next_cursor: z.string().nullable().openapi({ description: 'Pass it as `cursor` for the next page; null on the last one.', example: '25' }),
  })
  .openapi('BatchStatus', { description: `A batch with one page of its items. Kept ${durationProse(JOB_RESULT_HOURS, 'hour')} after its last item ended.` });

/** The body of the one `batch.completed` webhook a batch with a callback_url POSTs when its last item ends. */
export const BatchCompletedEvent = z
  .object({ type: z.literal('batch.completed').openapi({ description: 'Always `batch.completed`.', example: 'batch.completed' }), ...batchSummary })
  .openapi('BatchCompletedEvent', { description: 'POSTed once to the batch\'s callback_url when its last item ends, signed like every webhook; read the items with GET /api/batches/{batch_id}/.' });

export const BatchCancelled = z
  .object({
    ...batchSummary,
    cancelled_items: count('Items cancelled by this request (queued, not started); their credits were refunded.'),
  })
  .openapi('BatchCancelled');

// ---------------------------------------------------------------- image

/** A required file part: z.custom (unlike z.any) is not optional, so generated clients type `file` as required. */
const binaryFile = (description: string, sampleFile: string) =>
  z.custom<Blob>((value) => value !== undefined && value !== null).openapi({ type: 'string', format: 'binary', description, 'x-sample-file': sampleFile });

export const ImageUpload = z
  .object({ file: binaryFile(`Image to analyze: JPEG, PNG, WebP, GIF, BMP or TIFF, at most ${FILE_LIMITS.detectImage.maxBytes / 2 ** 20} MB.`, 'photo.jpg') })
  .openapi('ImageUpload');

export const ImageRegion = z
  .object({
    x: z.number().int().min(0).openapi({ description: 'Left edge, in pixels of the submitted image (EXIF orientation not applied).', example: 320 }),
    y: z.number().int().min(0).openapi({ description: 'Top edge, in pixels of the submitted image.', example: 128 }),
    width: z.number().int().min(1).openapi({ description: 'Width in pixels.', example: 192 }),
    height: z.number().int().min(1).openapi({ description: 'Height in pixels.', example: 128 }),
    score: score('Mean probability that the pixels of this region are generated.'),
  })
  .openapi('ImageRegion', { description: 'A suspected AI-edited region of an image.' });

export const ImageResult = z
  .object({
    prediction: z.enum(['real', 'fake', 'inpainting']).openapi({ description: 'The class with the highest probability: real photo, fully AI-generated, or authentic image with AI-edited regions.', example: 'real' }),
    confidence: score('Probability of the predicted class.'),
    probabilities: z
      .object({ real: score('P(real).'), fake: score('P(fake).'), inpainting: score('P(inpainting).') })
      .openapi({ description: 'Per-class probabilities; they sum to 1.', example: { real: 0.81, fake: 0.12, inpainting: 0.07 } }),
    credits_charged: z.number().int().min(IMAGE_MIN_CREDITS).max(IMAGE_MAX_CREDITS).openapi({ description: 'Credits deducted: max(6, round((197 + 50 × megapixels) / 36.5)), images above 3840×2160 priced as if downscaled.', example: 7 }),
    credits_remaining: creditsRemaining,
    user: UserRef,
    regions: z
      .array(ImageRegion)
      .max(5)
      .optional()
      .openapi({ description: 'Only when `prediction` is `inpainting`: up to 5 suspected AI-edited regions, most suspicious first. Coarse: each box is made of cells of an 8 × 8 layout over the image (patches of 64 pixels are sampled at the native resolution of the image; images with a side over 4096 pixels are shrunk to fit first).' }),
    message: z.string().optional().openapi({ description: 'Only when the operator\'s model server gave no usable answer: what happened (the built-in model decided alone).', example: 'The image-model server gave no usable answer (HTTP 503); the built-in model decided alone.' }),
    evidence,
  })
  .openapi('ImageResult');

export const HealthReport = z
  .object({
    status: z.enum(['healthy', 'unhealthy']).openapi({ description: '`healthy` when the engine can take requests.', example: 'healthy' }),
    upstream: z
      .object({ status: z.enum(['healthy', 'unhealthy']) })
      .catchall(z.union([z.boolean(), z.string()]))
      .openapi({
        description: 'The engine\'s worker pool: `status` and a `<pool>_ready` readiness flag; with an operator model server also `<channel>_ready` (`image_model_ready`, `voice_model_ready`: its last answer was usable and its circuit is not open). A model server that is down does not make the engine unhealthy: the built-in model answers.',
        example: { status: 'healthy', piscina_ready: true },
      }),
    circuit: z
      .object({
        status: z.enum(['closed', 'open', 'half_open']).openapi({ description: 'Circuit breaker state; `closed` when normal.', example: 'closed' }),
        failures: z.number().int().min(0).openapi({ description: 'Failure count in the breaker\'s rolling window.', example: 0 }),
      })
      .openapi({ description: 'Circuit breaker in front of the engine.' }),
  })
  .openapi('HealthReport');

// ---------------------------------------------------------------- the process

export const Liveness = z
  .object({ status: z.literal('alive').openapi({ description: 'The process answers: its event loop runs.' }) })
  .openapi('Liveness');

const ReadinessPart = z.enum(['ready', 'down', 'disabled']);

export const Readiness = z
  .object({
    status: z.enum(['ready', 'not_ready']).openapi({ description: '`ready` when every part below is `ready` or `disabled`.', example: 'ready' }),
    checks: z
      .object({
        database: ReadinessPart.openapi({ description: 'PostgreSQL answered a query within 1 s.' }),
        engines: ReadinessPart.openapi({ description: 'Every engine is loaded on every engine thread (`down` while they load at start, or with a circuit open).' }),
        worker: ReadinessPart.openapi({ description: 'The job worker of this process runs (`disabled` with RUN_WORKER=false: jobs run in `npm run worker` processes).' }),
        shutdown: z.enum(['ready', 'draining']).openapi({ description: '`draining` once the process has been told to stop: it finishes what it accepted and takes nothing new.' }),
      })
      .openapi({ example: { database: 'ready', engines: 'ready', worker: 'ready', shutdown: 'ready' } }),
    message: z.string().optional().openapi({ description: 'Which part is down and why, when not ready.' }),
  })
  .openapi('Readiness');

// ---------------------------------------------------------------- voice

export const VoiceUpload = z
  .object({ file: binaryFile(`Audio to analyze: WAV, FLAC, OGG, MP3, M4A or AAC, at most ${FILE_LIMITS.detectVoice.maxBytes / 2 ** 20} MB and ${FILE_LIMITS.detectVoice.maxSeconds} seconds; no video.`, 'voice.wav') })
  .openapi('VoiceUpload');

const timeString = (description: string, example: string) => z.string().regex(/^\d+(\.\d+)?s$/).openapi({ description, example });

export const VoiceSegment = z
  .object({
    start_time: timeString('Segment start, seconds with a trailing `s`.', '0.0s'),
    end_time: timeString('Segment end.', '4.0s'),
    duration: timeString('Segment length.', '4.0s'),
    verdict: z.enum(['ai_voice', 'natural_voice']).openapi({ description: 'Segment verdict.', example: 'natural_voice' }),
    ai_probability: score('Probability that the segment is an AI voice.', 0.06),
  })
  .openapi('VoiceSegment');

export const VoiceResult = z
  .object({
    status: z.literal('success').openapi({ description: 'Always `success`.', example: 'success' }),
    verdict: z.enum(['ai_voice', 'natural_voice', 'undetermined']).openapi({ description: '`undetermined` only when the evidence is balanced or there is too little speech.', example: 'natural_voice' }),
    ai_probability: score('Probability of an AI voice.', 0.08),
    natural_probability: score('Probability of a natural voice.', 0.92),
    duration_seconds: z.number().min(0).openapi({ description: 'Duration of the analyzed audio in seconds.', example: 12.48 }),
    segments: z.array(VoiceSegment).openapi({ description: 'Per-segment timeline; empty for audio up to about 6 seconds.' }),
    statistics: z
      .object({
        total_segments: z.number().int().min(0),
        processed_segments: z.number().int().min(0),
        ai_segments: z.number().int().min(0),
        natural_segments: z.number().int().min(0),
        ai_time_percentage: z.number().min(0).max(100),
      })
      .optional()
      .openapi({ description: 'Present only for longer audio; the segments cover the whole audio.', example: { total_segments: 4, processed_segments: 4, ai_segments: 0, natural_segments: 4, ai_time_percentage: 0 } }),
    undetermined_reason: z
      .enum(['no_speech', 'too_little_speech', 'balanced_evidence'])
      .optional()
      .openapi({
        description:
          'Present only when verdict is `undetermined`: `no_speech` (silence, music, tones or noise), `too_little_speech` (under about 1 second of speech), `balanced_evidence` (the evidence points neither way). The probabilities are then close to 0.5.',
        example: 'too_little_speech',
      }),
    billed_seconds: z.number().int().min(1).openapi({ description: 'Duration rounded up to whole seconds, at least 1.', example: 13 }),
    credits_used: z.number().int().min(10).openapi({ description: 'billed_seconds × 10.', example: 130 }),
    execution_time: seconds('Processing time in seconds.'),
    credits_remaining: creditsRemaining,
    user: UserRef,
    message: z.string().optional().openapi({ description: 'Only when the operator\'s model server gave no usable answer: what happened (the built-in model decided alone).', example: 'The image-model server gave no usable answer (HTTP 503); the built-in model decided alone.' }),
    evidence,
  })
  .openapi('VoiceResult');

// ---------------------------------------------------------------- admin: plagiarism sources

/** One plagiarism source, as the admin endpoint and the admin CLI's JSONL import take it. */
export const SourceItem = z.object({
  url: shownUrl().openapi({ description: `Source URL, shown to every user whose scan matches it: absolute http or https, printable ASCII (percent-encode anything else), at most ${URL_MAX_LENGTH} characters. Importing the same URL again replaces it.`, example: 'https://example.com/article' }),
  title: shownLine().openapi({ description: 'Source title, shown with the URL: at most 500 characters on one line, without control or bidirectional formatting characters.', example: 'An article' }),
  text: storableText().min(1).openapi({ description: `Source text. ${NO_NUL_NOTE}`, example: SOURCE_TEXT_EXAMPLE }),
});

export const SourceImportRequest = z
  .object({
    sources: z
      .array(SourceItem)
      .min(1)
      .max(1000)
      .openapi({ description: 'Up to 1,000 sources per request (use the admin CLI for bulk JSONL imports).' }),
  })
  .openapi('SourceImportRequest');

export const SourceImportResult = z
  .object({
    status: z.literal('success'),
    imported: z.number().int().min(0).openapi({ description: 'Sources written.', example: 2 }),
  })
  .openapi('SourceImportResult');

export const SourceListQuery = z.object({
  limit: queryInteger({ min: 1, max: 1000 }).default(100).openapi({ description: 'Page size.', example: 100, param: { name: 'limit', in: 'query' } }),
  offset: queryInteger({ min: 0 }).default(0).openapi({ description: 'Rows to skip.', example: 0, param: { name: 'offset', in: 'query' } }),
});

export const SourceList = z
  .object({
    status: z.literal('success'),
    total: z.number().int().min(0).openapi({ description: 'Sources in the corpus.', example: 1200 }),
    sources: z.array(
      z.object({
        url: z.string(),
        title: z.string(),
        domain: z.string(),
        words: z.number().int().min(0),
        imported_at: z.string().openapi({ description: 'ISO 8601 time of the last import.', example: '2026-11-21T10:00:00.000Z' }),
      }),
    ),
  })
  .openapi('SourceList');

export const SourceDeleteQuery = z.object({
  url: storableText().openapi({ description: 'URL of the source to delete.', example: 'https://example.com/article', param: { name: 'url', in: 'query' } }),
});

export const SourceDeleteResult = z
  .object({ status: z.literal('success'), deleted: z.boolean().openapi({ description: 'false when no source had that URL.', example: true }) })
  .openapi('SourceDeleteResult');

// ---------------------------------------------------------------- account


export const AccountInfo = z
  .object({
    user_id: z.number().int().openapi({ description: 'Identifier of the key\'s owner.', example: 42 }),
    plan: z.string().openapi({ description: 'Plan name.', example: '1M' }),
    credits_remaining: z.number().int().min(0).openapi({ description: 'Current credit balance.', example: 987654 }),
    monthly_allotment: z.number().int().min(0).openapi({ description: 'Credits granted at the start of each billing period (unused credits do not roll over).', example: 1000000 }),
    period_start: z.string().openapi({ description: 'Start of the current billing period (ISO 8601).', example: '2026-11-01T00:00:00.000Z' }),
    period_end: z.string().openapi({ description: 'End of the current billing period, when credits reset to the allotment (ISO 8601).', example: '2026-12-01T00:00:00.000Z' }),
    limits: z
      .object({
        max_active_keys: z.number().int(),
        max_pending_jobs: z.number().int(),
        image_requests_per_minute: z.number().int(),
        humanizer_sync_requests_per_minute: z.number().int(),
      })
      .openapi({ description: 'The plan\'s limits.' }),
    usage: z
      .object(Object.fromEntries(USAGE_SERVICES.map((name) => [name, z.number().int()])) as Record<UsageService, z.ZodNumber>)
      .openapi({ description: 'Credits used this billing period per service, net of refunds.', example: { detector: 1200, humanizer: 0, detect_and_humanize: 0, grammar: 35, plagiarism: 4, image: 0, voice: 0 } }),
  })
  .openapi('Account', { description: 'The calling key\'s account: plan, balance, billing period, limits and usage.' });
