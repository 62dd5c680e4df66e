/**
 * The catalogue: for every operation, the scopes its key needs, the bounds of its input and its
 * price. The one place these rules are written: the server enforces them from here, the route
 * table's descriptions (and so openapi.yaml) and the README's endpoint table are written from here.
 */

export const PUBLIC_SCOPES = ['humanizer', 'ai_detector', 'image_detector', 'grammar_checker', 'plagiarism_checker', 'voice_detector'] as const;
/** `admin` manages the plagiarism source corpus; it is never part of "all scopes". */
export const SCOPES = [...PUBLIC_SCOPES, 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

const MB = 1024 * 1024;

/**
 * Bounds of a text input. Words are counted script-aware (engines/shared/text.ts), characters are
 * code points; `minChars` counts the text without its surrounding white space.
 */
export interface TextBounds {
  minWords?: number;
  maxWords: number;
  minChars?: number;
  maxChars?: number;
}

/** One priced part of a request (detect-and-humanize has two, refunded separately). */
export interface ChargePart {
  operation: string;
  amount: number;
}

export const TEXT_BOUNDS = {
  detectText: { minWords: 1, maxWords: 50_000, maxChars: 300_000 },
  humanize: { minWords: 50, maxWords: 2_000, maxChars: 30_000 },
  detectAndHumanize: { minWords: 50, maxWords: 2_000, maxChars: 30_000 },
  correctGrammar: { minWords: 5, maxWords: 10_000, maxChars: 75_000 },
  scanPlagiarism: { minChars: 50, maxWords: 25_000 },
} as const satisfies Record<string, TextBounds>;

export type TextOperation = 'detectText' | 'humanize' | 'detectAndHumanize';

/** The longest Idempotency-Key accepted, in characters. */
export const IDEMPOTENCY_KEY_MAX_CHARS = 255;
/** How long a key replays its first response, in minutes. */
export const IDEMPOTENCY_WINDOW_MINUTES = 5;
/**
 * Batches (POST /api/batches/): the services a batch runs, by the name its request gives them, and
 * the operation each one is (its bounds, price and scopes are that operation's).
 */
export const BATCH_SERVICES = {
  detector: 'detectText',
  humanizer: 'humanize',
  'detect-and-humanize': 'detectAndHumanize',
  grammar: 'correctGrammar',
  plagiarism: 'scanPlagiarism',
} as const;
export type BatchService = keyof typeof BATCH_SERVICES;
export type BatchOperation = (typeof BATCH_SERVICES)[BatchService];

export const BATCH_LIMITS = {
  /** Items in one batch. */
  maxItems: 100,
  /** The JSON body of a batch: 100 essays fit many times over; 100 texts at the detector's 300,000 characters do not (split them). */
  maxBodyBytes: 16 * 1024 * 1024,
  /** Documents in one multipart batch (the field `files`), and their bytes together (each also within DOCUMENT_LIMITS.maxBytes). */
  maxFiles: 20,
  maxUploadBytes: 100 * MB,
  /** The longest client `ref` of an item, in characters. */
  refMaxChars: 200,
  /** Invalid items listed in a refusal's details.items (the first ones). */
  listedInvalidItems: 20,
  /** Items per page of GET /api/batches/{batch_id}/ unless `limit` says otherwise, and the most a page holds. */
  pageSize: 25,
  maxPageSize: 100,
} as const;

/** How long a finished async job's result is kept (GET /api/jobs/{task_id}/, the portal), in hours. */
export const JOB_RESULT_HOURS = 1;

/**
 * Below this many words the detector says its verdict is unsure. The engine keeps its own copy
 * (engines import nothing of contract/); test/unit/catalogue.test.ts fails when the two differ.
 */
export const SHORT_TEXT_WORDS = 60;

export const FILE_LIMITS = {
  detectImage: { maxBytes: 10 * MB, formats: 'JPEG, PNG, WebP, GIF, BMP or TIFF' },
  detectVoice: { maxBytes: 150 * MB, maxSeconds: 600, formats: 'WAV, FLAC, OGG, MP3, M4A or AAC' },
} as const;

/**
 * Documents and web pages sent to a text service instead of its text (a multipart `file`, or a
 * JSON `url` fetched by the service): what is read, and the limits of reading it. The text read out
 * is then bounded and charged exactly as if it had been sent as `content`.
 */
export const DOCUMENT_LIMITS = {
  formats: 'PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark)',
  /** An uploaded file, or a fetched URL's body. */
  maxBytes: 25 * MB,
  /** PDF pages read. */
  maxPages: 300,
  /** Reading one document, on an engine thread. */
  extractSeconds: 30,
  /** Fetching a URL, all redirects included. */
  fetchSeconds: 20,
  maxRedirects: 5,
} as const;

/** The scopes a key needs per operation; null: no key at all (the health checks, /livez and /readyz). */
export const OPERATION_SCOPES = {
  detectText: ['ai_detector'],
  humanize: ['humanizer'],
  detectAndHumanize: ['humanizer', 'ai_detector'],
  getJob: [],
  getAccount: [],
  correctGrammar: ['grammar_checker'],
  scanPlagiarism: ['plagiarism_checker'],
  detectImage: ['image_detector'],
  imageHealth: null,
  detectVoice: ['voice_detector'],
  voiceHealth: null,
  listSources: ['admin'],
  importSources: ['admin'],
  deleteSource: ['admin'],
  livez: null,
  readyz: null,
  // A batch needs the scopes of its service (BATCH_SERVICES), checked once the service is known.
  createBatch: [],
  getBatch: [],
  cancelBatch: [],
} as const satisfies Record<string, readonly Scope[] | null>;

export type OperationName = keyof typeof OPERATION_SCOPES;

// ---------------------------------------------------------------- prices

/**
 * What each operation costs: credits per word of text, per plagiarism scan, per second of audio
 * (an image's price is the spec's formula, `imageCredits`). The one place a price is written:
 * the charges, the descriptions, the README and the portal read it from here.
 */
export const PRICES: { perWord: Record<TextOperation | 'correctGrammar', number>; plagiarismScan: number; voicePerSecond: number } = {
  perWord: { detectText: 1, humanize: 1, detectAndHumanize: 1, correctGrammar: 1 },
  plagiarismScan: 2,
  voicePerSecond: 10,
};

/** The operation a ledger row names, per charged part: the ledger, the usage chart and GET /api/account/ group by it. */
export const LEDGER_OPERATIONS = {
  detectText: 'detector',
  humanize: 'humanizer',
  detection: 'detect-and-humanize:detection',
  humanization: 'detect-and-humanize:humanization',
  correctGrammar: 'grammar',
  scanPlagiarism: 'plagiarism',
  detectImage: 'image',
  detectVoice: 'voice',
} as const;

/** The service a ledger operation counts under in GET /api/account/'s usage and the portal's chart (refunds count under their charge's). */
export const USAGE_SERVICE_OF = {
  [LEDGER_OPERATIONS.detectText]: 'detector',
  [LEDGER_OPERATIONS.humanize]: 'humanizer',
  [LEDGER_OPERATIONS.detection]: 'detect_and_humanize',
  [LEDGER_OPERATIONS.humanization]: 'detect_and_humanize',
  [LEDGER_OPERATIONS.correctGrammar]: 'grammar',
  [LEDGER_OPERATIONS.scanPlagiarism]: 'plagiarism',
  [LEDGER_OPERATIONS.detectImage]: 'image',
  [LEDGER_OPERATIONS.detectVoice]: 'voice',
} as const;

/** The services whose credits GET /api/account/ reports, one key each (credits net of refunds). */
export const USAGE_SERVICES = [...new Set(Object.values(USAGE_SERVICE_OF))];
export type UsageService = (typeof USAGE_SERVICE_OF)[keyof typeof USAGE_SERVICE_OF];

/** What a text operation costs, as separate charges so each part can be refunded on its own. */
export function textCharges(operation: TextOperation, words: number): ChargePart[] {
  const amount = words * PRICES.perWord[operation];
  if (operation === 'detectAndHumanize') {
    return [
      { operation: LEDGER_OPERATIONS.detection, amount },
      { operation: LEDGER_OPERATIONS.humanization, amount },
    ];
  }
  return [{ operation: LEDGER_OPERATIONS[operation], amount }];
}

export function grammarCharges(words: number): ChargePart[] {
  return [{ operation: LEDGER_OPERATIONS.correctGrammar, amount: words * PRICES.perWord.correctGrammar }];
}

export function plagiarismCharges(): ChargePart[] {
  return [{ operation: LEDGER_OPERATIONS.scanPlagiarism, amount: PRICES.plagiarismScan }];
}

/** What one batch item costs: the single request's price. */
export function batchItemCharges(operation: BatchOperation, words: number): ChargePart[] {
  if (operation === 'correctGrammar') return grammarCharges(words);
  if (operation === 'scanPlagiarism') return plagiarismCharges();
  return textCharges(operation, words);
}

export function imageCharges(credits: number): ChargePart[] {
  return [{ operation: LEDGER_OPERATIONS.detectImage, amount: credits }];
}

export function voiceCharges(credits: number): ChargePart[] {
  return [{ operation: LEDGER_OPERATIONS.detectVoice, amount: credits }];
}

/** Pixels of 3840×2160 (about 8.3 MP): larger images are priced as if downscaled to this. */
const PRICING_CAP_PIXELS = 3840 * 2160;
export const IMAGE_MIN_CREDITS = 6;
export const IMAGE_MAX_CREDITS = 17;

/**
 * Spec pricing: tokens = 197 + 50 × megapixels, where an image larger than 3840×2160 (about 8.3 MP)
 * counts as downscaled to that many pixels; credits = max(6, round(tokens / 36.5)). So 512² → 6,
 * 1024² → 7, 1920×1080 → 8, and 3840×2160 and above → 17 whatever the shape (a 7680×2160
 * panorama is above 4K too; fitting it inside a 3840×2160 box would have priced it at 11).
 */
export function imageCredits(width: number, height: number): number {
  if (!(Number.isFinite(width) && Number.isFinite(height)) || width <= 0 || height <= 0) return IMAGE_MIN_CREDITS;
  const megapixels = Math.min(width * height, PRICING_CAP_PIXELS) / 1e6;
  const tokens = 197 + 50 * megapixels;
  return Math.max(IMAGE_MIN_CREDITS, Math.round(tokens / 36.5));
}

/**
 * The spec prices voice by the second (credits_used = billed_seconds x 10) whatever the verdict:
 * the analysis is the same work, so an `undetermined` answer is charged too, and says so up front.
 */
export const VOICE_UNDETERMINED_NOTE = 'an `undetermined` verdict (too little speech, or balanced evidence) is charged like a decided one';

/** PRICES.voicePerSecond per second of audio, rounded up to whole seconds, minimum 1 second. */
export function voiceCredits(durationSeconds: number): { billedSeconds: number; credits: number } {
  if (!Number.isFinite(durationSeconds) || durationSeconds < 0) throw new RangeError(`invalid duration ${durationSeconds}`);
  // Rounding guard: 30.000000001 s from a container header is 30 s, not 31.
  const billedSeconds = Math.max(1, Math.ceil(durationSeconds - 1e-6));
  return { billedSeconds, credits: billedSeconds * PRICES.voicePerSecond };
}

// ---------------------------------------------------------------- prose, for descriptions and the README

const n = (x: number) => x.toLocaleString('en-US');

/** "1 to 50,000 words, at most 300,000 characters" */
export function describeBounds(bounds: TextBounds): string {
  const parts: string[] = [];
  if (bounds.minWords !== undefined) parts.push(`${n(bounds.minWords)} to ${n(bounds.maxWords)} words`);
  else if (bounds.minChars !== undefined) parts.push(`at least ${n(bounds.minChars)} characters, at most ${n(bounds.maxWords)} words`);
  else parts.push(`at most ${n(bounds.maxWords)} words`);
  if (bounds.maxChars !== undefined) parts.push(`at most ${n(bounds.maxChars)} characters`);
  return parts.join(', ');
}

/** "1 hour", "5 minutes" */
export const durationProse = (amount: number, unit: 'hour' | 'minute') => `${n(amount)} ${unit}${amount === 1 ? '' : 's'}`;

/** "1 credit", "2 credits" */
export const creditsProse = (amount: number) => `${n(amount)} credit${amount === 1 ? '' : 's'}`;

/** "1 credit per word" for a text operation, as descriptions write it. */
export const perWordProse = (operation: keyof typeof PRICES.perWord) => `${creditsProse(PRICES.perWord[operation])} per word`;

/** detect-and-humanize's two parts, as descriptions write them. */
export const detectAndHumanizePriceProse = () =>
  `${perWordProse('detectAndHumanize')} for detection plus ${n(PRICES.perWord.detectAndHumanize)} per word for humanization`;

/** The README's price column per operation. */
export const PRICE_LABEL: Partial<Record<OperationName, string>> = {
  detectText: `${creditsProse(PRICES.perWord.detectText)}/word`,
  humanize: `${creditsProse(PRICES.perWord.humanize)}/word`,
  detectAndHumanize: `${n(PRICES.perWord.detectAndHumanize)}/word + ${n(PRICES.perWord.detectAndHumanize)}/word if humanized`,
  correctGrammar: `${creditsProse(PRICES.perWord.correctGrammar)}/word`,
  scanPlagiarism: creditsProse(PRICES.plagiarismScan),
  detectImage: `${IMAGE_MIN_CREDITS}–${IMAGE_MAX_CREDITS} credits`,
  detectVoice: `${PRICES.voicePerSecond} credits/s, \`undetermined\` included`,
  createBatch: 'each item as its single request',
};

/** The README's scope and input columns where the route table's own are not the whole story (a batch takes its service's). */
export const TABLE_NOTES: Partial<Record<OperationName, { scope?: string; input?: string }>> = {
  createBatch: { scope: 'the service\'s', input: `1 to ${BATCH_LIMITS.maxItems} items, each within its service's bounds` },
};

/** Text the service refuses everywhere: PostgreSQL cannot store U+0000, nor an unpaired surrogate in JSON. */
export function isStorableText(text: string): boolean {
  return text.isWellFormed() && !text.includes('\u0000');
}

export const STORABLE_TEXT_MESSAGE = 'must be well-formed Unicode without U+0000 (NUL) characters or unpaired surrogates';
