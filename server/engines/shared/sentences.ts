/**
 * Robust sentence splitter shared by every engine (detector items, plagiarism passages, humanizer).
 *
 * English text is split by rules: a sentence ends at `.`, `!`, `?` or an ellipsis (with any closing
 * quotes and brackets that follow) when whitespace and a plausible sentence start come next, except
 * after abbreviations (Dr., e.g., U.S., etc.), initials, list numbers, and inside decimals, URLs and
 * e-mail addresses (no whitespace follows the dot there). Blank lines always end a sentence; a single
 * line break ends one when it closes a heading or list item, or when the next line starts a list item.
 * CJK full stops (。！？) end a sentence without any following space. A chunk written mostly in a
 * non-Latin script is handed to `Intl.Segmenter` (Unicode UAX #29), which knows other scripts'
 * terminators (। ؟ ։ ። ...).
 *
 * Guarantees: spans are in order, do not overlap, each `text === input.slice(start, end)` with no
 * leading or trailing whitespace (`\s`), and together they hold every non-whitespace character of
 * the input. Offsets are UTF-16 units; a boundary never falls inside a surrogate pair. Linear time.
 */

export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

/** Titles and abbreviations that are (almost) always followed by more of the same sentence. */
const NEVER_FINAL = new Set([
  'mr', 'mrs', 'ms', 'mx', 'dr', 'prof', 'rev', 'hon', 'st', 'mt', 'sen', 'rep', 'gov', 'gen', 'lt', 'col',
  'capt', 'cpt', 'sgt', 'maj', 'cmdr', 'adm', 'pres', 'supt', 'messrs', 'mme', 'mlle', 'fr',
  'e.g', 'i.e', 'eg', 'ie', 'cf', 'viz', 'vs', 'approx',
]);

/** Abbreviations that precede a number or reference ("No. 5", "Fig. 3", "pp. 12-14", "ca. 1900"). */
const BEFORE_NUMBER = new Set([
  'no', 'nos', 'fig', 'figs', 'eq', 'eqs', 'vol', 'vols', 'pp', 'p', 'ch', 'chap', 'sec', 'secs', 'art', 'ref',
  'refs', 'op', 'para', 'ca', 'est', 'tel', 'ext', 'ft', 'num', 'nr', 'pt', 'pts', 'tab',
]);

/**
 * Abbreviations that may also end a sentence ("... in the U.S. The next ..."): they end one only when
 * the next word is a typical sentence opener.
 */
const MAYBE_FINAL = new Set([
  'inc', 'ltd', 'co', 'corp', 'llc', 'plc', 'al', 'a.m', 'p.m', 'u.s', 'u.k', 'u.n', 'e.u',
  'u.s.a', 'ph.d', 'b.a', 'm.a', 'b.sc', 'm.sc', 'd.c', 'jan', 'feb', 'apr', 'jun', 'jul', 'aug', 'sep',
  'sept', 'oct', 'nov', 'dec', 'tue', 'tues', 'thu', 'thur', 'thurs', 'fri',
  'hr', 'hrs', 'km', 'kg', 'lb', 'lbs', 'oz', 'yr', 'yrs', 'mo', 'mos', 'wk', 'wks', 'dept', 'univ', 'jr',
  'sr', 'ed', 'eds', 'ave', 'blvd', 'rd', 'apt', 'bros', 'assn',
]);

/** Words that typically open an English sentence (used after ambiguous abbreviations and initials). */
const OPENERS = new Set([
  'the', 'a', 'an', 'this', 'that', 'these', 'those', 'it', 'its', 'he', 'she', 'we', 'they', 'i', 'you', 'there',
  'his', 'her', 'our', 'their', 'my', 'your', 'in', 'on', 'at', 'for', 'but', 'and', 'so', 'yet', 'or', 'if',
  'when', 'while', 'after', 'before', 'as', 'however', 'moreover', 'furthermore', 'also', 'then', 'thus',
  'therefore', 'meanwhile', 'although', 'though', 'because', 'since', 'what', 'why', 'how', 'who', 'where',
  'some', 'many', 'most', 'all', 'each', 'no', 'not', 'one', 'to', 'with', 'by', 'from', 'during', 'today',
  'instead', 'overall', 'finally', 'first', 'second', 'still', 'now', 'here', 'let', 'please', 'is', 'are',
  'was', 'were', 'do', 'does', 'did', 'can', 'could', 'would', 'should', 'will', 'yes', 'oh', 'well',
]);

const CLOSERS = new Set([...'"\'”’»›)]}」』）】〕〗〙〛》〉＂＇］｝']);
const OPENING_QUOTES = new Set([...'"\'“‘«‹([{「『（【〔〖〘〚《〈＂＇［｛']);
/** `.` and the ellipsis (weak: checked for abbreviations), then strong terminators of other scripts. */
const LATIN_TERM = new Set(['.', '!', '?', '…', '‽', '⁇', '⁈', '⁉', '‼', '।', '॥', '؟', '۔', '։', '።', '፧', '჻']);
const CJK_TERM = new Set(['。', '！', '？', '｡', '．']);

const WS = /\s/u;
const UPPER = /\p{Lu}|\p{Lt}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /\p{Nd}/u;
const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
/** Bullets, "1." / "1)" / "a)" / "(iv)" / "#" headings at the start of a line. */
const LIST_MARKER = /^(?:[-*•‣◦▪●–—+>]\s|#{1,6}\s|\(?(?:\d{1,3}|[A-Za-z]|[ivxlcdm]{1,5})[.)]\s)/u;
const LINE_CONTINUES = /[,;:(\-–—/&]$|\b(?:and|or|but|the|a|an|of|to|in|with|for|that)$/iu;

function isWs(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return WS.test(ch);
}

/** The word (letters, digits, dots, apostrophes, hyphens) ending just before index `end`. */
function wordBefore(text: string, end: number): string {
  let i = end;
  while (i > 0) {
    const ch = text[i - 1];
    if (isWs(ch) || OPENING_QUOTES.has(ch) || CLOSERS.has(ch)) break;
    i--;
  }
  return text.slice(i, end);
}

/** The next word after index `from` (skipping whitespace and opening quotes), and its first char. */
function wordAfter(text: string, from: number): string {
  let i = from;
  while (i < text.length && (isWs(text[i]) || OPENING_QUOTES.has(text[i]))) i++;
  let j = i;
  while (j < text.length && !isWs(text[j]) && j - i < 40) j++;
  return text.slice(i, j);
}

function isLineStart(text: string, index: number): boolean {
  let i = index - 1;
  while (i >= 0 && text[i] !== '\n' && text[i] !== '\r' && isWs(text[i])) i--;
  return i < 0 || text[i] === '\n' || text[i] === '\r';
}

/** Abbreviations that take a lower-case word after them but are in none of the lists above. */
const LOWER_FOLLOWED = new Set(['etc', 'al', 'esp', 'incl', 'resp', 'min', 'max', 'cont', 'orig', 'var', 'sq', 'cu', 'ibid', 'op', 'cit']);

/** A word of two or more letters that is no known abbreviation, initial or dotted acronym (so "today", "1990", "it's"). */
function isPlainWord(bare: string, key: string): boolean {
  if (key === '' || bare.includes('.')) return false;
  if (/^\p{L}$/u.test(bare)) return false; // an initial or a list letter
  if (NEVER_FINAL.has(key) || BEFORE_NUMBER.has(key) || MAYBE_FINAL.has(key) || LOWER_FOLLOWED.has(key)) return false;
  return /^[\p{L}\p{N}][\p{L}\p{N}'’-]*$/u.test(bare);
}

/**
 * Decides whether a period-terminated token ends the sentence. `token` is the word before the dot
 * (without it), `next` the following word.
 */
function periodEnds(text: string, tokenStart: number, token: string, next: string, quoted: boolean, multiDot: boolean): boolean {
  if (next === '') return true;
  const first = next[0];
  if (multiDot) return UPPER.test(first) || DIGIT.test(first) || (quoted && !LOWER.test(first)); // ellipsis
  const bare = token.replace(/^[^\p{L}\p{N}]+/u, '');
  const key = bare.toLowerCase();
  // A lower-case next word ends the sentence only after an ordinary word ("today. the bus", as people
  // write in chats and learner essays), never after an abbreviation or initial ("etc. and", "approx. five").
  if (!quoted && /^(?:\d{1,3}|[ivxlcdm]{1,5})$/u.test(bare) && isLineStart(text, tokenStart)) return false; // "1. Item", "iv. item"
  if (LOWER.test(first)) return !quoted && isPlainWord(bare, key);
  if (quoted) return true; // ...the end." Next
  if (key === '') return true;
  if (NEVER_FINAL.has(key)) return false;
  if (BEFORE_NUMBER.has(key) && (DIGIT.test(first) || first === '(' || first === '#')) return false;
  const opener = OPENERS.has(next.replace(/[^\p{L}'’]+$/u, '').toLowerCase());
  if (MAYBE_FINAL.has(key)) return opener;
  // Initials ("J. K. Rowling") and dotted acronyms ("U.S.A.", "Ph.D."): end only before an opener.
  if (/^\p{Lu}$/u.test(bare)) return opener;
  if (/^(?:\p{L}{1,2}\.)+\p{L}{1,2}$/u.test(bare)) return opener;
  return true; // capitalised word, digit, symbol or a letter of a caseless script
}

/** Rule-based boundaries: returns cut indices (exclusive ends of sentences) in increasing order. */
function ruleCuts(text: string): number[] {
  const cuts: number[] = [];
  const n = text.length;
  let lineStart = 0;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    // Fast path: ASCII characters other than terminators and line breaks never start a boundary.
    if (code < 128 && code !== 10 && code !== 13 && code !== 46 && code !== 33 && code !== 63) {
      i++;
      continue;
    }
    const ch = text[i];
    if (ch === '\n' || ch === '\r') {
      // Line break: find the extent of this whitespace run and how many line breaks it has.
      let j = i;
      let breaks = 0;
      while (j < n && isWs(text[j])) {
        if (text[j] === '\n') breaks++;
        else if (text[j] === '\r' && text[j + 1] !== '\n') breaks++;
        j++;
      }
      if (j < n && lineBreakEnds(text, lineStart, i, j, breaks)) cuts.push(i);
      lineStart = j;
      i = j;
      continue;
    }
    if (CJK_TERM.has(ch) && !(ch === '．' && DIGIT.test(text[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < n && (CJK_TERM.has(text[j]) || LATIN_TERM.has(text[j]) || CLOSERS.has(text[j]) || MARK.test(text[j]))) j++;
      if (j < n) cuts.push(j);
      i = j;
      continue;
    }
    if (LATIN_TERM.has(ch)) {
      let j = i;
      let dots = 0;
      let strong = false;
      let quoted = false;
      while (j < n) {
        const c = text[j];
        if (c === '.') dots++;
        else if (c === '…') dots += 3;
        else if (LATIN_TERM.has(c)) strong = true;
        else if (CLOSERS.has(c)) quoted = true;
        else if (!MARK.test(c)) break;
        j++;
      }
      // A terminator ends a sentence only when whitespace (or the end of the text) follows it.
      if (j < n && isWs(text[j])) {
        const next = wordAfter(text, j);
        let ends: boolean;
        if (strong) {
          // "Wait!" she said. / "Really?" he asked. stay one sentence.
          ends = !(quoted && LOWER.test(next[0] ?? ''));
        } else {
          const token = wordBefore(text, i);
          ends = periodEnds(text, i - token.length, token, next, quoted, dots > 1);
        }
        if (ends && next !== '') cuts.push(j);
      }
      i = j;
      continue;
    }
    i++;
  }
  return cuts;
}

/** Whether the line break(s) between `text[lineStart..breakAt)` and the line at `nextStart` end a sentence. */
function lineBreakEnds(text: string, lineStart: number, breakAt: number, nextStart: number, breaks: number): boolean {
  if (breaks >= 2) return true; // blank line: paragraph break
  const line = text.slice(lineStart, breakAt).trim();
  if (line === '') return false;
  const last = line[line.length - 1];
  // Already terminated: the terminator rule has cut (or deliberately not cut) here.
  if (LATIN_TERM.has(last) || CJK_TERM.has(last)) return false;
  const nextLine = text.slice(nextStart, Math.min(text.length, nextStart + 12));
  if (LIST_MARKER.test(nextLine)) return true;
  if (LIST_MARKER.test(line + ' ')) return true; // this line is a list item or heading
  if (LINE_CONTINUES.test(line)) return false;
  const first = nextLine[0] ?? '';
  // Short unterminated line followed by a capitalised line: a heading, title or label.
  return line.length <= 60 && (UPPER.test(first) || DIGIT.test(first));
}

const LATIN_CHAR = /\p{Script=Latin}/u;

/** Whether text[start, end) is written mostly in a non-Latin script (then UAX #29 segmentation is used). */
function mostlyNonLatin(text: string, start: number, end: number): boolean {
  let letters = 0;
  let latin = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
        letters++;
        latin++;
      }
      continue;
    }
    let ch = text[i];
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
      ch = text.slice(i, i + 2);
      i++;
    }
    if (LETTER.test(ch)) {
      letters++;
      if (LATIN_CHAR.test(ch)) latin++;
    }
  }
  return letters > 0 && latin * 2 < letters;
}

let segmenter: Intl.Segmenter | undefined;

function pushTrimmed(out: SentenceSpan[], text: string, start: number, end: number): void {
  while (start < end && isWs(text[start])) start++;
  while (end > start && isWs(text[end - 1])) end--;
  if (end > start) out.push({ text: text.slice(start, end), start, end });
}

export function splitSentences(text: string): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  const cuts = ruleCuts(text);
  cuts.push(text.length);
  let start = 0;
  for (const end of cuts) {
    if (end <= start) continue;
    if (mostlyNonLatin(text, start, end)) {
      const chunk = text.slice(start, end);
      segmenter ??= new Intl.Segmenter('und', { granularity: 'sentence' });
      for (const seg of segmenter.segment(chunk)) {
        pushTrimmed(out, text, start + seg.index, start + seg.index + seg.segment.length);
      }
    } else {
      pushTrimmed(out, text, start, end);
    }
    start = end;
  }
  return out;
}
