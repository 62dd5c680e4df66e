/**
 * The scan's two pure steps, CPU-heavy and run on an engine thread: `plagiarismQuery` checks there
 * is enough to scan and computes what to look up in the corpus; `plagiarismReport` aligns the
 * candidates found (corpus and web) and builds the report. The corpus lookups between them are the
 * platform's (platform/data/corpus.ts).
 */
import { performance } from 'node:perf_hooks';
import { splitSentences } from '../shared/sentences.ts';
import { alignDocuments, prepareText, type PreparedText } from './align.ts';
import { type CandidateQuery, type SourceDocument } from './sources.ts';
import { allFingerprints } from './fingerprints.ts';
import { buildReport, type PlagiarismReport, type SourcePassages } from './report.ts';
import { searchableWord, tokenise } from './tokens.ts';

export class InsufficientContentError extends Error {
  override name = 'InsufficientContentError';
}

export interface WebSearchProvider {
  search(text: string): Promise<SourceDocument[]>;
}

/**
 * A complete sentence has at least MIN_SENTENCE_WORDS words and ends with a terminator (or is a
 * long unterminated line). A scan needs two of them, or one long one.
 */
const MIN_SENTENCE_WORDS = 3;
const LONG_SENTENCE_WORDS = 12;
const TERMINATED = /[.!?…。！？।؟]["'”’»)\]]*$/u;

export function completeSentenceCount(text: string): { sentences: number; complete: number; longest: number } {
  const spans = splitSentences(text);
  let complete = 0;
  let longest = 0;
  for (const s of spans) {
    const words = tokenise(s.text).length;
    if (words >= LONG_SENTENCE_WORDS || (words >= MIN_SENTENCE_WORDS && TERMINATED.test(s.text))) {
      complete++;
      longest = Math.max(longest, words);
    }
  }
  return { sentences: spans.length, complete, longest };
}

/** Full-text queries: at most this many, each from a window of sentences. */
const MAX_FULL_TEXT_QUERIES = 12;
const FULL_TEXT_WINDOW_SENTENCES = 2;
const FULL_TEXT_TERMS = 12;

/**
 * One tsquery per window of sentences: consecutive pairs of its distinctive words, OR-ed
 * ("(a & b) | (b & c) ..."), so a chunk must share two of them to match.
 */
export function fullTextQueries(sub: PreparedText): string[] {
  const windows: string[] = [];
  for (let s = 0; s < sub.sentences.length; s += FULL_TEXT_WINDOW_SENTENCES) {
    const from = sub.sentences[s].start;
    const to = sub.sentences[Math.min(s + FULL_TEXT_WINDOW_SENTENCES, sub.sentences.length) - 1].end;
    const terms: string[] = [];
    for (let i = from; i < to && terms.length < FULL_TEXT_TERMS; i++) {
      const w = sub.tokens[i].norm;
      if (searchableWord(w) && !terms.includes(w)) terms.push(w);
    }
    if (terms.length < 3) continue;
    const pairs: string[] = [];
    for (let i = 0; i + 1 < terms.length; i++) pairs.push(`('${terms[i]}' & '${terms[i + 1]}')`);
    windows.push(pairs.join(' | '));
  }
  if (windows.length <= MAX_FULL_TEXT_QUERIES) return windows;
  const step = windows.length / MAX_FULL_TEXT_QUERIES;
  return Array.from({ length: MAX_FULL_TEXT_QUERIES }, (_, i) => windows[Math.floor(i * step)]);
}

/** What to look up in the corpus for a text, and how many sentences it has. */
export interface PlagiarismQuery extends CandidateQuery {
  sentenceCount: number;
}

/** A document to align the text with: a corpus source or a web result. */
export interface PlagiarismCandidate {
  source: { url: string; title: string; domain: string };
  text: string;
}

/** Throws InsufficientContentError for a text without enough complete sentences. */
export function plagiarismQuery(text: string): PlagiarismQuery {
  const { sentences, complete, longest } = completeSentenceCount(text);
  if (complete < 2 && longest < LONG_SENTENCE_WORDS) {
    throw new InsufficientContentError('The text needs at least two complete sentences to be scanned for plagiarism.');
  }
  const sub = prepareText(text);
  return { ...allFingerprints(sub.tokens), fullText: fullTextQueries(sub), sentenceCount: sentences };
}

/** Aligns each candidate (each url once) with the text and builds the report. */
export function plagiarismReport(text: string, candidates: readonly PlagiarismCandidate[], stats: { sentenceCount: number; sourcesChecked: number; startedAt: number }): PlagiarismReport {
  const sub = prepareText(text);
  const seen = new Set<string>();
  const found: SourcePassages[] = [];
  for (const c of candidates) {
    if (seen.has(c.source.url)) continue; // a web result already in the corpus is aligned once
    seen.add(c.source.url);
    const passages = alignDocuments(sub, prepareText(c.text));
    if (passages.length > 0) found.push({ source: c.source, passages });
  }
  return buildReport({
    sub,
    found,
    sentenceCount: stats.sentenceCount,
    sourcesChecked: stats.sourcesChecked,
    // startedAt is epoch milliseconds: performance.now() alone has another origin on each thread.
    processingMs: performance.timeOrigin + performance.now() - stats.startedAt,
  });
}
