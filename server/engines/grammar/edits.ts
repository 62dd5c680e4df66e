/**
 * Edits and the diff: every stage of the engine proposes edits in UTF-16 offsets of the text it
 * was given; stages are composed back onto the submitted text, and the result is turned into the
 * public diff (word-level operations, code-point offsets).
 */
import { OffsetMap } from '../shared/text.ts';
import { explain, type Category } from './explain.ts';

/** start/end: Unicode code point offsets into the text exactly as submitted. */
export interface DiffOperation {
  type: 'replace' | 'insert' | 'delete';
  original: string;
  corrected: string;
  start: number;
  end: number;
  /** What kind of correction it is. */
  category: Category;
  /** Why, for the writer (explain.ts). */
  explanation: string;
}

export type { Category } from './explain.ts';

export interface Edit {
  /** UTF-16 [start, end) in the text the stage saw. */
  start: number;
  end: number;
  replacement: string;
  category: Category;
  /** Which rule made it (harper's rule name or ours), for evaluation and messages. */
  rule: string;
}

/**
 * Keeps a consistent subset of `edits`: sorted, no two overlapping, no two insertions at one point,
 * no-ops dropped. Earlier entries of `edits` win conflicts, so callers pass them by priority.
 */
export function resolve(text: string, edits: Edit[]): Edit[] {
  const kept: Edit[] = [];
  for (const edit of edits) {
    if (text.slice(edit.start, edit.end) === edit.replacement) continue;
    const clash = kept.some((k) => {
      if (edit.start === edit.end && k.start === k.end) return edit.start === k.start;
      if (edit.start === edit.end) return edit.start > k.start && edit.start < k.end;
      if (k.start === k.end) return k.start > edit.start && k.start < edit.end;
      return edit.start < k.end && k.start < edit.end;
    });
    if (!clash) kept.push(edit);
  }
  return kept.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Applies sorted, non-overlapping edits. */
export function apply(text: string, edits: Edit[]): string {
  let out = '';
  let cursor = 0;
  for (const e of edits) {
    out += text.slice(cursor, e.start) + e.replacement;
    cursor = e.end;
  }
  return out + text.slice(cursor);
}

/**
 * Composes two stages: `first` applies to `text`, `second` to the result. Returns edits on `text`
 * with the same combined effect. Second-stage edits that overlap or touch first-stage ones are
 * merged with them (transitively) into one edit, so every returned edit is one change.
 */
export function compose(text: string, first: Edit[], second: Edit[]): Edit[] {
  if (second.length === 0) return first;
  const intermediate = apply(text, first);
  // Where each first-stage edit lies in the intermediate text.
  const placed: Array<{ edit: Edit; from: number; to: number }> = [];
  let shift = 0;
  for (const e of first) {
    placed.push({ edit: e, from: e.start + shift, to: e.start + shift + e.replacement.length });
    shift += e.replacement.length - (e.end - e.start);
  }
  /** Original offset of an intermediate offset outside every first-stage replacement (or on its edge). */
  const toOriginal = (offset: number): number | null => {
    let delta = 0;
    for (const p of placed) {
      if (offset < p.from) break;
      if (offset <= p.to && offset > p.from) return null;
      if (offset === p.from) return p.edit.start;
      delta = p.edit.end - p.to;
    }
    return offset + delta;
  };

  type Item = { from: number; to: number; first?: Edit; second?: Edit };
  const items: Item[] = [...placed.map((p) => ({ from: p.from, to: p.to, first: p.edit })), ...second.map((e) => ({ from: e.start, to: e.end, second: e }))];
  // Union-find: a second-stage edit joins every first-stage edit it overlaps or touches.
  const parent = items.map((_, k) => k);
  const find = (k: number): number => (parent[k] === k ? k : (parent[k] = find(parent[k])));
  let lo = 0;
  for (let k = placed.length; k < items.length; k++) {
    const e = items[k];
    while (lo < placed.length && placed[lo].to < e.from) lo++;
    for (let f = lo; f < placed.length && placed[f].from <= e.to; f++) parent[find(f)] = find(k);
  }
  const groups = new Map<number, Item[]>();
  items.forEach((item, k) => {
    const root = find(k);
    const group = groups.get(root);
    if (group) group.push(item);
    else groups.set(root, [item]);
  });
  const clusters = [...groups.values()];
  const out: Edit[] = [];
  for (const cluster of clusters) {
    const seconds = cluster.filter((c) => c.second).map((c) => c.second!);
    const firsts = cluster.filter((c) => c.first).map((c) => c.first!);
    if (seconds.length === 0) {
      out.push(...firsts);
      continue;
    }
    const from = Math.min(...cluster.map((c) => c.from));
    const to = Math.max(...cluster.map((c) => c.to));
    const starts = [...firsts.map((f) => f.start), ...seconds.map((s) => toOriginal(s.start)).filter((x): x is number => x !== null)];
    const ends = [...firsts.map((f) => f.end), ...seconds.map((s) => toOriginal(s.end)).filter((x): x is number => x !== null)];
    const local = seconds.map((s) => ({ ...s, start: s.start - from, end: s.end - from }));
    const main = firsts[0] ?? seconds[0];
    out.push({
      start: Math.min(...starts),
      end: Math.max(...ends),
      replacement: apply(intermediate.slice(from, to), local),
      category: main.category,
      rule: main.rule,
    });
  }
  return out.sort((x, y) => x.start - y.start || x.end - y.end);
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}'’_-]/u;

/**
 * Makes an edit word-level: widened so that it never starts or ends inside a word, then trimmed
 * of the unchanged whole words (and the spaces between them) at either end. Null when nothing changes.
 */
export function toWords(text: string, edit: Edit): Edit | null {
  let { start, end } = edit;
  let replacement = edit.replacement;
  if (start === end) {
    if (start > 0 && start < text.length && isWordChar(text, start - 1) && isWordChar(text, start)) {
      // An insertion inside a word: the word becomes the operation.
      while (start > 0 && isWordChar(text, start - 1)) start--;
      while (end < text.length && isWordChar(text, end)) end++;
      replacement = text.slice(start, edit.start) + replacement + text.slice(edit.end, end);
    }
  } else {
    while (start > 0 && isWordChar(text, start - 1) && isWordChar(text, start)) start--;
    while (end < text.length && isWordChar(text, end) && isWordChar(text, end - 1)) end++;
    replacement = text.slice(start, edit.start) + replacement + text.slice(edit.end, end);
  }
  const a = chunks(text.slice(start, end));
  const b = chunks(replacement);
  let lead = 0;
  while (lead < a.length && lead < b.length && a[lead] === b[lead]) lead++;
  let tail = 0;
  while (tail < a.length - lead && tail < b.length - lead && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const s = start + a.slice(0, lead).join('').length;
  const e = end - a.slice(a.length - tail).join('').length;
  const corrected = b.slice(lead, b.length - tail).join('');
  if (text.slice(s, e) === corrected) return null;
  return { ...edit, start: s, end: e, replacement: corrected };
}

/** The public diff of sorted, non-overlapping edits on `text`: code-point offsets. */
export function toDiff(text: string, edits: Edit[]): DiffOperation[] {
  const map = new OffsetMap(text);
  return edits.map((edit) => {
    const original = text.slice(edit.start, edit.end);
    const corrected = edit.replacement;
    return {
      type: original === '' ? 'insert' : corrected === '' ? 'delete' : 'replace',
      original,
      corrected,
      start: map.toCodePoint(edit.start),
      end: map.toCodePoint(edit.end),
      category: edit.category,
      explanation: explain(edit.rule, edit.category, original, corrected),
    };
  });
}

function isWordChar(text: string, i: number): boolean {
  const cp = text.codePointAt(i);
  if (cp === undefined) return false;
  // A low surrogate belongs to the character before it.
  const c = cp >= 0xdc00 && cp <= 0xdfff && i > 0 ? text.codePointAt(i - 1)! : cp;
  return WORD_CHAR.test(String.fromCodePoint(c));
}

/** Words and the runs between them (whitespace or punctuation, one character each). */
function chunks(s: string): string[] {
  return s.match(/[\p{L}\p{M}\p{N}'’_-]+|\s+|[\s\S]/gu) ?? [];
}
