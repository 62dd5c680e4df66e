/**
 * wink-nlp's English model for the engines that tag words (grammar's tokens, the humanizer's synonyms),
 * in an instance that is made again from the model after it has read `renewAfterChars` characters.
 *
 * Why: an instance adds every word its model has not seen (a name, a typo, a foreign word) to its own
 * copy of the model's word list, for good: about 0.1 KB a distinct word (measured: 50,000 unseen words,
 * 5.9 MB of heap), so a long-running server's instance would grow without bound. A word's features come
 * from the word itself, so a renewed instance answers as the old one did; a renewal costs about 0.3 s.
 */
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * The model with its CER meta model kept from the first call: the package's loader stringifies its
 * module-level value again on every call, so each instance's copy doubles its escapes and about the
 * twentieth instance in a process throws "Invalid string length". (Only custom-entity learning, which
 * the engines never use, reads it.)
 */
let cerMetaModel: unknown;
const loadCerMetaModel = model.metaCER as () => unknown; // the package's types leave its loaders opaque
const renewableModel: typeof model = { ...model, metaCER: () => (cerMetaModel ??= loadCerMetaModel()) };

/** About 1.7 million words between renewals: at 0.1 KB an unseen word, about 20 MB if one word in ten is unseen. */
const RENEW_AFTER_CHARS = 10_000_000;

type Wink = ReturnType<typeof winkNLP>;

export interface WinkReader {
  its: Wink['its'];
  readDoc(text: string): ReturnType<Wink['readDoc']>;
  /** How many times the instance was made again. */
  readonly renewals: number;
}

/** An instance with `pipe` (wink's default annotations when absent). */
export function winkReader(pipe?: Parameters<typeof winkNLP>[1], renewAfterChars = RENEW_AFTER_CHARS): WinkReader {
  let nlp = winkNLP(renewableModel, pipe);
  let read = 0;
  let renewals = 0;
  return {
    // Helpers that read a token's properties: the same for every instance.
    its: nlp.its,
    readDoc(text) {
      if (read > 0 && read + text.length > renewAfterChars) {
        nlp = winkNLP(renewableModel, pipe);
        read = 0;
        renewals++;
      }
      read += text.length;
      return nlp.readDoc(text);
    },
    get renewals() {
      return renewals;
    },
  };
}
