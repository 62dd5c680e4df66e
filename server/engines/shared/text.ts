/**
 * Text primitives every engine and every charge shares: one word count and one offset unit.
 *
 * Offsets in the API are Unicode code points of the text exactly as submitted (DESIGN.md), while
 * JavaScript strings index UTF-16 code units; the helpers below convert between the two.
 */

/** `s` with every character a regular expression gives a meaning escaped: a pattern that matches `s` itself. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Han, Hiragana, Katakana and Hangul: each character of these scripts counts as one word. */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_CHARS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/**
 * Script-aware word count used for every charge: whitespace-separated words, except that each CJK
 * character is a word of its own (a token mixing Latin and CJK counts its CJK characters plus one
 * for the non-CJK rest).
 */
export function countWords(text: string): number {
  // One scan for CJK: most texts have none, and then words are counted without building tokens.
  if (!CJK_CHAR.test(text)) return countSpaceSeparated(text);
  let words = 0;
  for (const token of text.split(/\s+/u)) {
    if (token === '') continue;
    if (!CJK_CHAR.test(token)) {
      words += 1;
      continue;
    }
    const cjk = token.match(CJK_CHARS)?.length ?? 0;
    const rest = token.replace(CJK_CHARS, ' ').trim();
    words += cjk + (rest === '' ? 0 : rest.split(/\s+/u).length);
  }
  return words;
}

/** Whether a UTF-16 code unit is whitespace as `\s` in a regular expression reads it. */
function isWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Runs of non-whitespace, counted in place (the same as splitting on /\s+/u and counting the non-empty parts). */
function countSpaceSeparated(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isWhitespace(text.charCodeAt(i));
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** Number of Unicode code points (an emoji is one). */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * Maps UTF-16 offsets of `text` to code-point offsets. Build once per text, then call `toCodePoint`
 * for every span; an offset inside a surrogate pair maps to the pair's start.
 */
export class OffsetMap {
  private readonly cpAtUnit: Uint32Array;

  constructor(readonly text: string) {
    this.cpAtUnit = new Uint32Array(text.length + 1);
    let cp = 0;
    for (let i = 0; i < text.length; i++) {
      this.cpAtUnit[i] = cp;
      const c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          this.cpAtUnit[i + 1] = cp;
          i++;
        }
      }
      cp++;
    }
    this.cpAtUnit[text.length] = cp;
  }

  /** Code-point offset of a UTF-16 offset (0 ≤ unit ≤ text.length). */
  toCodePoint(unit: number): number {
    return this.cpAtUnit[Math.max(0, Math.min(unit, this.text.length))];
  }
}

/** Converts a code-point offset back to a UTF-16 offset of `text` (for slicing). */
export function codePointToUnit(text: string, codePoint: number): number {
  let cp = 0;
  let i = 0;
  while (i < text.length && cp < codePoint) {
    const c = text.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    cp++;
  }
  return i;
}
