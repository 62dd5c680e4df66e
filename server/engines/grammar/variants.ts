/**
 * English variant spellings: which variant a text writes (for `auto`), conversion to an explicit
 * target variant with the curated map in data/variant-spellings.ts (never with harper's spelling
 * suggestions), and recognising a regional spelling so that it is not "corrected" as a typo.
 */
import { VARIANT_GROUPS, type VariantGroup } from './data/variant-spellings.ts';
import type { Edit } from './edits.ts';
import { matchCase } from './spelling.ts';

export type Variant = 'en-US' | 'en-GB' | 'en-CA' | 'en-AU' | 'en-IN';

interface Pair {
  us: string;
  uk: string;
  group: VariantGroup;
}

/**
 * Regional spelling patterns, for pairs the map lacks: a British-pattern form reduced to the
 * American one (colour → color, organise → organize, analyse → analyze, centre → center,
 * travelled → traveled, catalogue → catalog).
 */
const AMERICANIZE: Array<[RegExp, string]> = [
  [/our(s|ed|ing|ful|fully|less|able|ably|al|ally|ite|ites|hood|hoods)?$/, 'or$1'],
  [/is(e|es|ed|ing|ation|ations|er|ers|able)$/, 'iz$1'],
  [/ys(e|es|ed|ing)$/, 'yz$1'],
  [/([bcdfgkmnpstv])re(s)?$/, '$1er$2'],
  [/([aeiou])ll(ed|ing|er|ers)$/, '$1l$2'],
  [/ogue(s)?$/, 'og$1'],
];

function americanize(word: string): string {
  let w = word;
  for (const [pattern, replacement] of AMERICANIZE) w = w.replace(pattern, replacement);
  return w;
}

export class VariantSpellings {
  private readonly byForm = new Map<string, Array<{ pair: Pair; side: 'us' | 'uk' }>>();

  constructor(groups: VariantGroup[] = VARIANT_GROUPS) {
    for (const group of groups) {
      for (const entry of group.entries) {
        const forms: Array<[string, string]> = [];
        if (group.stem) {
          for (const [a, b] of group.suffixes) forms.push([entry + a, entry + b]);
        } else {
          const [us, uk] = entry.split(' ');
          forms.push([us, uk]);
          for (const [a, b] of group.suffixes) forms.push([us + a, uk + b]);
        }
        for (const [us, uk] of forms) {
          const pair = { us, uk, group };
          this.add(us, pair, 'us');
          this.add(uk, pair, 'uk');
        }
      }
    }
  }

  private add(form: string, pair: Pair, side: 'us' | 'uk'): void {
    const list = this.byForm.get(form) ?? [];
    list.push({ pair, side });
    this.byForm.set(form, list);
  }

  /** True when `word` is a spelling some variant uses (colour, color, organise, ...). */
  isRegionalForm(word: string): boolean {
    return this.byForm.has(word.toLowerCase());
  }

  /**
   * When `candidate` is `word` respelt the other variant's way (by the map or a regional pattern),
   * which side `candidate` is on: 'us' (word → color, organize) or 'uk' (→ colour, organise);
   * null when the two are not variant spellings of one word.
   */
  respelling(word: string, candidate: string): 'us' | 'uk' | null {
    const w = word.toLowerCase();
    const c = candidate.toLowerCase();
    if (w === c) return null;
    for (const { pair } of this.byForm.get(w) ?? []) {
      if (pair.us === c) return 'us';
      if (pair.uk === c) return 'uk';
    }
    if (americanize(w) === c) return 'us';
    if (americanize(c) === w) return 'uk';
    return null;
  }

  /**
   * The variant a text's spellings point to: en-GB when it writes more British forms than
   * American ones (any Commonwealth variant would do; harper then accepts British spellings),
   * en-US when more American ones, null when it shows none.
   */
  detect(text: string): 'en-US' | 'en-GB' | null {
    let us = 0;
    let uk = 0;
    for (const m of text.matchAll(/\p{L}+/gu)) {
      const entries = this.byForm.get(m[0].toLowerCase());
      if (!entries) continue;
      // Only forms that are unambiguous evidence: "check" or "program" are words in every variant.
      if (entries.some(({ pair, side }) => side === 'us' && pair.group.oneWay)) continue;
      if (entries.some(({ side }) => side === 'us')) us++;
      else uk++;
    }
    if (us === 0 && uk === 0) return null;
    return uk > us ? 'en-GB' : 'en-US';
  }

  /**
   * Edits converting `text` to `target`. Lower-case words are converted, and a capitalised word
   * only at the start of a sentence (elsewhere it may be a name: "Labor Party", "Kennedy Center").
   */
  convert(text: string, target: Variant): Edit[] {
    const edits: Edit[] = [];
    for (const m of text.matchAll(/\p{L}+/gu)) {
      const word = m[0];
      const start = m.index;
      const lower = word.toLowerCase();
      const entries = this.byForm.get(lower);
      if (!entries) continue;
      const isLower = word === lower;
      const isCapitalised = word[0] !== word[0].toLowerCase() && word.slice(1) === word.slice(1).toLowerCase();
      if (!isLower && !(isCapitalised && sentenceInitial(text, start))) continue;
      if (embedded(text, start, start + word.length)) continue;
      let replacement: string | null = null;
      for (const { pair, side } of entries) {
        const want = pair.group.convention[target];
        if (want === 'either' || want === side) continue;
        if (pair.group.oneWay && want === 'uk') continue;
        replacement = want === 'us' ? pair.us : pair.uk;
        break;
      }
      // A form that is also the target's own spelling of another entry stays.
      if (replacement === null || entries.some(({ pair, side }) => pair.group.convention[target] === side)) continue;
      edits.push({ start, end: start + word.length, replacement: matchCase(word, replacement), category: 'variant', rule: `variant:${target}` });
    }
    return edits;
  }
}

/** Part of a longer token (an identifier, a file name, a URL, an address): left alone. */
export function embedded(text: string, start: number, end: number): boolean {
  const before = text[start - 1] ?? ' ';
  const after = text[end] ?? ' ';
  // Notation: TeX and formulas ("{\bf aws}", "$su(2)$", "thant^{-1.5}", "atz>2").
  if (/[\p{N}_@/\\#{$^]/u.test(before) || /[\p{N}_@/\\{}$^=<>]/u.test(after)) return true;
  // A function applied with no space before its bracket ("1+sqrt(n)", "cos(x)"); not a plural in brackets ("student(s)").
  if (after === '(' && !text.startsWith('(s)', end)) return true;
  if (before === '.' && /\p{L}/u.test(text[start - 2] ?? '')) return true;
  if (after === '.' && /\p{L}/u.test(text[end + 1] ?? '')) return true;
  return false;
}

/**
 * True when the line break at text[newline] ends a sentence or a paragraph: the line before is blank or ends in
 * . ! ? or : (a closing quote or bracket after it). Otherwise it only wraps a sentence, as e-mail and text copied
 * from a PDF do ("over\nthe years").
 */
export function lineBreakEndsSentence(text: string, newline: number): boolean {
  return /(?:^|[.!?:]["”'’)]?|\n)\s*$/u.test(text.slice(Math.max(0, newline - 40), newline));
}

/**
 * True when a lower-case word at the start of the line after `newline` should open its sentence with a capital: the
 * line before ended one (. ! ?), or the text starts there, or a heading (a short line, not in lower case) stands before
 * a paragraph break. Not after a colon (a list, a command: "run this:\n\nnpm init"), nor after a long line with no full
 * stop, which a hard wrap or a poem's line break cut ("consumed by guilt\n\nand remorse").
 */
export function lineStartOpensSentence(text: string, newline: number): boolean {
  if (!lineBreakEndsSentence(text, newline)) return false;
  const before = text.slice(0, newline).trimEnd();
  if (before === '' || /[.!?]["”'’)]?$/u.test(before)) return true;
  const line = before.slice(before.lastIndexOf('\n') + 1).trim();
  return !line.endsWith(':') && !/^\p{Ll}/u.test(line) && line.split(/\s+/u).length <= HEADING_WORDS;
}

/** Words up to which a line without a full stop before a paragraph break is a heading. */
const HEADING_WORDS = 6;

/** True when the word at `start` opens a sentence: after . ! ? (not a name's initial), the text's start or a line break that ends one. */
export function sentenceInitial(text: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && /[\s"'“‘([]/u.test(text[i])) {
    if (text[i] === '\n') return lineBreakEndsSentence(text, i);
    i--;
  }
  // "Richard A. Freund": a full stop after a single capital is a name's initial, not a sentence's end.
  if (text[i] === '.' && /(^|[^\p{L}])\p{Lu}$/u.test(text.slice(Math.max(0, i - 2), i))) return false;
  return i < 0 || /[.!?]/.test(text[i]);
}
