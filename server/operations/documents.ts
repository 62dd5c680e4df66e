/**
 * Where a text request's input becomes its text: `content` as sent, or a document, an uploaded
 * `file` or a `url` fetched through the outbound guard, read on an engine thread by the documents
 * engine. This runs before the bounds and the charge, so a document is bounded and charged exactly
 * as its text would be, and nothing is charged when it cannot be read. `placeResult` then gives a
 * result's sentences, edits and matches the page and paragraph they start on, and adds `document`.
 *
 * `readDocument` is the one entry: any feature that takes a document (a batch item's url or file)
 * reads it here.
 */
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { DOCUMENT_LIMITS } from '../../contract/catalogue.ts';
import type { DocumentInfo } from '../../contract/schemas.ts';
import type { Services } from '../context.ts';
import { locate, type ExtractedDocument, type Place } from '../engines/documents/layout.ts';
import { codePointLength, countWords, OffsetMap } from '../engines/shared/text.ts';
import { ApiError } from '../platform/errors.ts';
import { fetchFollowing, OutboundLimitError, outboundPolicy, TooManyRedirectsError, UnsafeUrlError } from '../platform/outbound.ts';
import { EngineError } from '../runtime/engines.ts';

/** The ways a text request brings its text: exactly one of them. */
export interface TextSource {
  content?: string;
  url?: string;
  /** An upload as mount.ts stored it (removed when the request ends). */
  file?: { path: string };
}

type DocumentBody = z.infer<typeof DocumentInfo>;

/** What is kept of a document beside its text (in an async job's input): its facts and its layout. */
export interface DocumentFacts {
  info: Omit<DocumentBody, 'text'>;
  paragraphStarts: number[];
  pageStarts: number[] | null;
}

export interface ReadText {
  text: string;
  /** Only when the text came from a document. */
  document?: DocumentFacts;
}

const MB = 1024 * 1024;

/** Headers of a document fetch: what we read, and who we are. */
const FETCH_HEADERS = {
  Accept: 'text/html, application/xhtml+xml, application/pdf, application/vnd.openxmlformats-officedocument.wordprocessingml.document, application/vnd.oasis.opendocument.text, text/markdown, text/plain;q=0.9, */*;q=0.5',
  'User-Agent': 'ContentIntegrityAPI/1.0 (document reader)',
};

function sourcesOf(input: TextSource): string[] {
  return (['content', 'url', 'file'] as const).filter((name) => input[name] !== undefined);
}

/** The text of a request, and what its document was when it came as one. Throws the contract's errors, before any charge. */
export async function readDocument(services: Pick<Services, 'engines' | 'config'>, input: TextSource): Promise<ReadText> {
  const given = sourcesOf(input);
  if (given.length !== 1) {
    throw new ApiError('invalid_payload', given.length === 0 ? 'Send the text as content, or a document as url or (multipart/form-data) file.' : `Send exactly one of content, url and file; this request has ${given.join(' and ')}.`);
  }
  if (input.content !== undefined) return { text: input.content };
  if (input.file !== undefined) return extract(services, await readFile(input.file.path), null);
  const fetched = await fetchDocument(services, input.url!);
  return extract(services, fetched.body, fetched.url);
}

async function fetchDocument(services: Pick<Services, 'config'>, url: string) {
  const limits = { timeoutMs: DOCUMENT_LIMITS.fetchSeconds * 1000, maxBytes: DOCUMENT_LIMITS.maxBytes, maxRedirects: DOCUMENT_LIMITS.maxRedirects, headers: FETCH_HEADERS };
  let fetched;
  try {
    fetched = await fetchFollowing(url, limits, outboundPolicy(services.config));
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw new ApiError('invalid_payload', `url: ${error.message}.`);
    if (error instanceof OutboundLimitError && error.limit === 'time') {
      throw new ApiError('remote_timeout', `The site at url did not answer completely within ${DOCUMENT_LIMITS.fetchSeconds} seconds; nothing was charged.`, { limit_seconds: DOCUMENT_LIMITS.fetchSeconds });
    }
    if (error instanceof OutboundLimitError) throw new ApiError('payload_too_large', `The document at url is larger than ${DOCUMENT_LIMITS.maxBytes / MB} MB.`, { limit_bytes: DOCUMENT_LIMITS.maxBytes });
    if (error instanceof TooManyRedirectsError) throw new ApiError('remote_error', `The site at url redirected more than ${DOCUMENT_LIMITS.maxRedirects} times.`, { limit_redirects: DOCUMENT_LIMITS.maxRedirects });
    const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? ` (${error.code})` : '';
    throw new ApiError('remote_error', `The site at url could not be reached${code}; nothing was charged.`);
  }
  if (fetched.status >= 400 || fetched.status < 200) {
    throw new ApiError('remote_error', `The site at url answered with HTTP status ${fetched.status}; nothing was charged.`, { remote_status: fetched.status });
  }
  return fetched;
}

async function extract(services: Pick<Services, 'engines'>, bytes: Uint8Array, url: string | null): Promise<ReadText> {
  const timeMs = DOCUMENT_LIMITS.extractSeconds * 1000;
  let document: ExtractedDocument;
  try {
    // The engine keeps its own time budget; the thread's limit (a little longer) stops a reader that never yields.
    document = await services.engines.run({ kind: 'readDocument', bytes, limits: { maxPages: DOCUMENT_LIMITS.maxPages, timeMs } }, { timeoutMs: timeMs + 5_000 });
  } catch (error) {
    if (error instanceof EngineError && error.timedOut) {
      throw new ApiError('unreadable_document', `The document could not be read within ${DOCUMENT_LIMITS.extractSeconds} seconds; it may be damaged or built to stall readers.`, { limit_seconds: DOCUMENT_LIMITS.extractSeconds });
    }
    throw error;
  }
  const { text, type, title, pages, paragraphStarts, pageStarts } = document;
  return { text, document: { info: { type, title, pages, words: countWords(text), characters: codePointLength(text), url }, paragraphStarts, pageStarts } };
}

// ---------------------------------------------------------------- results placed in the document

/** A result's offsets are code points of the text; sentences are found in order by their text. */
interface Spans {
  items?: { text: string }[];
  detection_items?: { text: string }[];
  diff?: { start: number }[];
  highlights?: { start: number }[];
  sources?: { matches: { submitted_range: { start: number } }[] }[];
}

/** Each sentence's start, in code points, found in order in the text it was split from. */
function sentenceStarts(text: string, sentences: { text: string }[]): number[] {
  const offsets = new OffsetMap(text);
  let from = 0;
  return sentences.map((sentence) => {
    const at = text.indexOf(sentence.text, from);
    if (at < 0) return offsets.toCodePoint(from);
    from = at + sentence.text.length;
    return offsets.toCodePoint(at);
  });
}

/**
 * The body of a request whose text came from a document: every sentence, edit and match with the
 * page (PDF) and paragraph it starts on, and `document`. A body of plain `content` is unchanged.
 */
export function placeResult<B extends object>(body: B, read: ReadText): B & { document?: DocumentBody } {
  const facts = read.document;
  if (!facts) return body;
  const at = (offset: number): Place => locate(facts, offset);
  const spans = body as B & Spans;
  const placed: Spans = {};
  for (const key of ['items', 'detection_items'] as const) {
    const sentences = spans[key];
    if (!Array.isArray(sentences)) continue;
    const starts = sentenceStarts(read.text, sentences);
    placed[key] = sentences.map((sentence, i) => ({ ...sentence, ...at(starts[i]) }));
  }
  if (Array.isArray(spans.diff)) placed.diff = spans.diff.map((edit) => ({ ...edit, ...at(edit.start) }));
  if (Array.isArray(spans.highlights)) placed.highlights = spans.highlights.map((h) => ({ ...h, ...at(h.start) }));
  if (Array.isArray(spans.sources)) placed.sources = spans.sources.map((source) => ({ ...source, matches: source.matches.map((m) => ({ ...m, ...at(m.submitted_range.start) })) }));
  return { ...body, ...placed, document: { ...facts.info, text: read.text } };
}
