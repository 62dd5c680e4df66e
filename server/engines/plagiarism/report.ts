/**
 * From aligned passages to the spec's report: overlap resolution between sources, exclusions
 * (quotations, a trailing bibliography), score, verdict, severity, per-source figures, summary.
 * Pure functions.
 */
import { OffsetMap, countWords } from '../shared/text.ts';
import type { Passage, PreparedText } from './align.ts';

export type Verdict = 'original' | 'minor_similarity' | 'moderate_plagiarism' | 'significant_plagiarism' | 'severe_plagiarism';
export type Severity = 'high' | 'medium' | 'low';

export interface PlagiarismReport {
  plagiarism_score: number;
  verdict: Verdict;
  summary: string;
  sources: {
    url: string;
    title: string;
    domain: string;
    similarity_score: number;
    matched_word_count: number;
    matched_percentage: number;
    matches: { submitted_range: { start: number; end: number }; similarity: number }[];
  }[];
  highlights: { start: number; end: number; severity: Severity; source_index: number }[];
  stats: { word_count: number; input_chars: number; sentence_count: number; sources_checked: number; processing_time_ms: number };
}

/** Verdict bands of the spec (lower bound inclusive). */
export function verdictFor(score: number): Verdict {
  if (score >= 0.7) return 'severe_plagiarism';
  if (score >= 0.4) return 'significant_plagiarism';
  if (score >= 0.15) return 'moderate_plagiarism';
  if (score >= 0.05) return 'minor_similarity';
  return 'original';
}

/** Highlight severity of the spec: high ≥ 0.85, medium ≥ 0.70, low below. */
export function severityFor(similarity: number): Severity {
  if (similarity >= 0.85) return 'high';
  if (similarity >= 0.7) return 'medium';
  return 'low';
}

export interface SourceRef {
  url: string;
  title: string;
  domain: string;
}

export interface SourcePassages {
  source: SourceRef;
  passages: Passage[];
}

interface Claimed extends Passage {
  sourceIndex: number;
}

/**
 * Each submitted word is credited to one source: passages are taken strongest first (length ×
 * similarity); a weaker passage keeps only its longest part not already claimed, and is dropped
 * when that part is less than half of it.
 */
export function resolveOverlaps(found: SourcePassages[], minWords: number): Claimed[] {
  const all: Claimed[] = found.flatMap((f, sourceIndex) => f.passages.map((p) => ({ ...p, sourceIndex })));
  all.sort(
    (a, b) =>
      (b.end - b.start) * b.similarity - (a.end - a.start) * a.similarity ||
      found[a.sourceIndex].source.url.localeCompare(found[b.sourceIndex].source.url) ||
      a.start - b.start,
  );
  const accepted: Claimed[] = [];
  for (const p of all) {
    let best: [number, number] = [p.start, p.start];
    let from = p.start;
    const blockers = accepted.filter((a) => a.start < p.end && a.end > p.start).sort((x, y) => x.start - y.start);
    for (const a of [...blockers, { start: p.end, end: p.end }]) {
      if (a.start - from > best[1] - best[0]) best = [from, Math.min(a.start, p.end)];
      from = Math.max(from, a.end);
    }
    const length = best[1] - best[0];
    if (length < minWords || length * 2 < p.end - p.start) continue;
    accepted.push({ ...p, start: best[0], end: best[1] });
  }
  return accepted.sort((a, b) => a.start - b.start || a.sourceIndex - b.sourceIndex);
}

const QUOTE_PAIRS = /“[^”\n]{10,2000}”|"[^"\n]{10,2000}"|«[^»\n]{10,2000}»|„[^“”\n]{10,2000}[“”]|「[^」]{5,2000}」/gu;
const BIBLIOGRAPHY_HEADING = /^[ \t#*]*(?:references|bibliography|works cited|sources|literature cited|daftar pustaka|referensi)[ \t]*:?[ \t]*$/gimu;
/** A bibliography heading only counts in the last part of the text. */
const BIBLIOGRAPHY_TAIL = 0.5;

/** UTF-16 ranges of quotations (three words or more) and of a trailing bibliography. */
export function excludedRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const m of text.matchAll(QUOTE_PAIRS)) {
    if (m[0].split(/\s+/u).length >= 3) ranges.push([m.index, m.index + m[0].length]);
  }
  let heading = -1;
  for (const m of text.matchAll(BIBLIOGRAPHY_HEADING)) {
    if (m.index >= text.length * BIBLIOGRAPHY_TAIL) heading = m.index;
  }
  if (heading >= 0) ranges.push([heading, text.length]);
  return ranges;
}

/** Marks tokens inside quotations (three words or more) or after a trailing bibliography heading. */
export function excludedTokens(sub: PreparedText, ranges = excludedRanges(sub.text)): Uint8Array {
  const excluded = new Uint8Array(sub.tokens.length);
  sub.tokens.forEach((t, i) => {
    if (ranges.some(([a, b]) => t.start >= a && t.end <= b)) excluded[i] = 1;
  });
  return excluded;
}

const CLOSING = /[.,;:!?"'”’»)\]}…]/u;
const OPENING = /["'“‘«([{]/u;

/** UTF-16 range of a token range, widened over punctuation glued to its first and last word. */
function charRange(sub: PreparedText, start: number, end: number): [number, number] {
  let a = sub.tokens[start].start;
  let b = sub.tokens[end - 1].end;
  while (a > 0 && OPENING.test(sub.text[a - 1])) a--;
  while (b < sub.text.length && CLOSING.test(sub.text[b])) b++;
  return [a, b];
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}

function summarise(score: number, verdict: Verdict, sources: PlagiarismReport['sources'], sourcesChecked: number, excludedAny: boolean): string {
  const checked = `${sourcesChecked.toLocaleString('en-US')} source${sourcesChecked === 1 ? '' : 's'}`;
  if (sources.length === 0) return `No matching passages were found in the ${checked} checked; the text appears to be original.`;
  const judgement: Record<Verdict, string> = {
    original: 'only negligible overlap',
    minor_similarity: 'minor similarity',
    moderate_plagiarism: 'moderate plagiarism',
    significant_plagiarism: 'significant plagiarism',
    severe_plagiarism: 'severe plagiarism',
  };
  const name = (source: PlagiarismReport['sources'][number]): string => (source.title ? `"${source.title}" (${source.domain})` : source.domain);
  // One figure per idea: with a single matching source its own share is the score's twin (counted
  // by words, not characters), and two near-equal percentages read as a contradiction.
  const parts =
    sources.length === 1
      ? [`About ${percent(score)} of the text matches ${sourcesChecked === 1 ? 'the one source checked' : `one of the ${checked} checked`}, ${name(sources[0])} (${judgement[verdict]}).`]
      : [
          `About ${percent(score)} of the text matches ${sources.length} of the ${checked} checked (${judgement[verdict]}).`,
          `The closest, ${name(sources[0])}, alone accounts for ${percent(sources[0].matched_percentage / 100)} of the words.`,
        ];
  if (excludedAny) parts.push('Quoted passages and the bibliography are listed but not counted in the score.');
  return parts.join(' ');
}

export interface ReportInput {
  sub: PreparedText;
  found: SourcePassages[];
  sentenceCount: number;
  sourcesChecked: number;
  processingMs: number;
}

export const MIN_REPORTED_WORDS = 8;

/**
 * The score: the share of the submitted characters that matched passages cover, quotations and a
 * trailing bibliography left out of both sides. Unweighted, so it reads as "this much of the text
 * matches a source"; how close each match is shows in its similarity and severity.
 */
export function coveredShare(text: string, matched: readonly [number, number][], excluded: readonly [number, number][]): number {
  const state = new Uint8Array(text.length); // 1 matched, 2 excluded
  for (const [a, b] of matched) state.fill(1, a, b);
  for (const [a, b] of excluded) state.fill(2, a, b);
  let counted = 0;
  let covered = 0;
  for (const v of state) {
    if (v === 2) continue;
    counted++;
    covered += v;
  }
  return counted === 0 ? 0 : round4(covered / counted);
}

export function buildReport({ sub, found, sentenceCount, sourcesChecked, processingMs }: ReportInput): PlagiarismReport {
  const claimed = resolveOverlaps(found, MIN_REPORTED_WORDS);
  const excludedChars = excludedRanges(sub.text);
  const excluded = excludedTokens(sub, excludedChars);
  const n = sub.tokens.length;
  const score = coveredShare(
    sub.text,
    claimed.map((p) => charRange(sub, p.start, p.end)),
    excludedChars,
  );
  const offsets = new OffsetMap(sub.text);

  const order = [...new Set(claimed.map((p) => p.sourceIndex))];
  const strength = (sourceIndex: number): number =>
    claimed.filter((p) => p.sourceIndex === sourceIndex).reduce((s, p) => s + (p.end - p.start) * p.similarity, 0);
  order.sort((a, b) => strength(b) - strength(a) || found[a].source.url.localeCompare(found[b].source.url));

  const highlights: PlagiarismReport['highlights'] = [];
  const sources: PlagiarismReport['sources'] = order.map((sourceIndex, rank) => {
    const passages = claimed.filter((p) => p.sourceIndex === sourceIndex);
    let words = 0;
    let weighted = 0;
    let matchedWords = 0;
    const matches = passages.map((p) => {
      const [a, b] = charRange(sub, p.start, p.end);
      const range = { start: offsets.toCodePoint(a), end: offsets.toCodePoint(b) };
      highlights.push({ ...range, severity: severityFor(p.similarity), source_index: rank });
      words += p.end - p.start;
      weighted += (p.end - p.start) * p.similarity;
      matchedWords += countWords(sub.text.slice(a, b));
      return { submitted_range: range, similarity: p.similarity };
    });
    const { url, title, domain } = found[sourceIndex].source;
    return {
      url,
      title,
      domain,
      similarity_score: round4(weighted / words),
      matched_word_count: matchedWords,
      // In percent (0 to 100), as the contract documents it; two decimals.
      matched_percentage: n === 0 ? 0 : Math.round((words / n) * 10_000) / 100,
      matches,
    };
  });
  highlights.sort((a, b) => a.start - b.start || a.end - b.end || a.source_index - b.source_index);
  const verdict = verdictFor(score);
  const excludedAny = claimed.some((p) => excluded.subarray(p.start, p.end).some((v) => v === 1));
  return {
    plagiarism_score: score,
    verdict,
    summary: summarise(score, verdict, sources, sourcesChecked, excludedAny),
    sources,
    highlights,
    stats: {
      word_count: countWords(sub.text),
      input_chars: offsets.toCodePoint(sub.text.length),
      sentence_count: sentenceCount,
      sources_checked: sourcesChecked,
      processing_time_ms: Math.round(processingMs),
    },
  };
}
