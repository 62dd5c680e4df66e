/**
 * Tokens with part-of-speech tags for our own rules: wink-nlp's English model (tokenisation,
 * universal POS tags, lemmas, sentence boundaries), each token located in the text by UTF-16 offset.
 */
import { winkReader } from '../shared/wink.ts';

const nlp = winkReader();
const its = nlp.its;

export interface Token {
  /** The token exactly as in the text. */
  text: string;
  lower: string;
  /** UTF-16 [start, end) in the text. */
  start: number;
  end: number;
  /** Universal POS tag (NOUN, VERB, AUX, PRON, DET, ADP, ...). */
  pos: string;
  lemma: string;
  /** wink's token type: word, number, punctuation, emoji, url, email, ... */
  type: string;
  /** First token of its sentence. */
  sentenceStart: boolean;
  /** Whitespace between the previous token and this one. */
  space: string;
}

/**
 * Tokenises `text`. Returns null when wink's tokens cannot be located in the text exactly (it
 * normalises some inputs); callers then skip token rules rather than risk a wrong offset.
 */
export function tokenize(text: string): Token[] | null {
  const doc = nlp.readDoc(text);
  const tokens = doc.tokens();
  const values = tokens.out(its.value) as string[];
  const pos = tokens.out(its.pos) as string[];
  const lemmas = tokens.out(its.lemma as Parameters<typeof tokens.out>[0]) as string[];
  const types = tokens.out(its.type) as string[];
  const starts = new Set((doc.sentences().out(its.span) as unknown as Array<[number, number]>).map(([first]) => first));
  const out: Token[] = [];
  let cursor = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (types[i] === 'tabCRLF' || pos[i] === 'SPACE') {
      const at = text.indexOf(value, cursor);
      if (at < 0) return null;
      cursor = at + value.length;
      continue;
    }
    const at = text.indexOf(value, cursor);
    if (at < 0 || !/^\s*$/u.test(text.slice(cursor, at))) return null;
    out.push({
      text: value,
      lower: value.toLowerCase(),
      start: at,
      end: at + value.length,
      pos: pos[i],
      lemma: lemmas[i],
      type: types[i],
      sentenceStart: starts.has(i),
      space: text.slice(cursor, at),
    });
    cursor = at + value.length;
  }
  return out;
}
