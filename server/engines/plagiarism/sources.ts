/**
 * A source document of the corpus as the engine prepares it for storage: validated, with its
 * fingerprints and full-text chunks. Pure; platform/data/corpus.ts writes it.
 */
import { countWords } from '../shared/text.ts';
import { storedFingerprints } from './fingerprints.ts';
import { searchableWord, tokenise, type Token } from './tokens.ts';

export interface SourceDocument {
  url: string;
  title: string;
  text: string;
}

/** A document ready to be written: its row plus fingerprints and full-text chunks. */
export interface PreparedSource {
  url: string;
  title: string;
  domain: string;
  text: string;
  words: number;
  fingerprints: number[];
  chunks: string[];
}

/** Full-text chunks are windows of this many words. */
const CHUNK_TOKENS = 80;
const TITLE_CHARS = 90;

export class InvalidSourceError extends Error {
  override name = 'InvalidSourceError';
}

/** The host of an http(s) url without a leading "www.", lower case. */
export function domainOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./u, '');
}

export function validateSource(value: unknown): SourceDocument {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidSourceError('expected a JSON object with url, title and text');
  const { url, title, text } = value as Record<string, unknown>;
  if (typeof url !== 'string' || url.trim() === '') throw new InvalidSourceError('url must be a non-empty string');
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new InvalidSourceError(`url is not a valid URL: ${url.slice(0, 200)}`);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') {
    throw new InvalidSourceError('url must be an http or https URL with a host');
  }
  if (typeof text !== 'string' || text.trim() === '') throw new InvalidSourceError('text must be a non-empty string');
  if (title !== undefined && title !== null && typeof title !== 'string') throw new InvalidSourceError('title must be a string');
  return { url: url.trim(), title: typeof title === 'string' ? title : '', text };
}

/**
 * Full-text chunks: the distinct searchable words (see `searchableWord`) of consecutive windows of
 * CHUNK_TOKENS words, as lexeme lists for array_to_tsvector (no text-search parser at import).
 * A short tail (under half a window) joins the window before it instead of making its own row.
 */
function lexemeChunks(tokens: readonly Token[]): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < tokens.length; i += CHUNK_TOKENS) {
    const tailIsShort = tokens.length - (i + CHUNK_TOKENS) < CHUNK_TOKENS / 2;
    const end = tailIsShort ? tokens.length : i + CHUNK_TOKENS;
    const words = new Set<string>();
    for (let j = i; j < end; j++) if (searchableWord(tokens[j].norm)) words.add(tokens[j].norm);
    if (words.size > 0) chunks.push([...words].join(' '));
    if (tailIsShort) break;
  }
  return chunks;
}

export function prepareSource(doc: SourceDocument): PreparedSource {
  // PostgreSQL text cannot hold NUL; nothing else is changed, so stored text matches the original.
  const text = doc.text.replaceAll('\u0000', ' ');
  const tokens = tokenise(text);
  const title = doc.title.trim() || (text.trim().split('\n')[0] ?? '').trim().slice(0, TITLE_CHARS);
  return {
    url: doc.url,
    title: title.replaceAll('\u0000', ''),
    domain: domainOf(doc.url),
    text,
    words: countWords(text),
    fingerprints: storedFingerprints(tokens),
    chunks: lexemeChunks(tokens),
  };
}

export interface CandidateQuery {
  exact: number[];
  paraphrase: number[];
  /**
   * Full-text queries (tsquery literals of quoted lexemes), one per window of the submitted text.
   * Each takes the first three matching chunks without ranking (ranking every match cost ~10× more);
   * a source counts when it matches at least two windows.
   */
  fullText: string[];
}

