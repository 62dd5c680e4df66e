/**
 * Text evidence from an OpenAI-compatible completions server (the legacy `/v1/completions` with
 * `echo`, as vLLM serves it): the text's tokens with their log-probabilities and the top-K
 * alternatives of each position, turned into the Fast-DetectGPT criterion and, with a performer
 * model, the Binoculars score (lm-evidence.ts). Long texts go in windows of whole sentences that a
 * model's context holds; each window is scored on its own (the context starts afresh at a window),
 * and the criterion's additive parts are summed over the windows.
 */
import { z } from 'zod';
import { splitSentences, type SentenceSpan } from '../engines/shared/sentences.ts';
import { addBinocularsPosition, addPosition, binoculars, emptyBinocularsSums, emptySums, fastDetectGpt, type BinocularsSums, type CriterionSums, type TokenPosition } from './lm-evidence.ts';
import { UpstreamError, type ModelChannel } from './channel.ts';

export interface LmOptions {
  /** The observer model. */
  model: string;
  /** A second model of the same tokenizer, for Binoculars. */
  performer?: string;
  /** Where the performer is served, when not beside the observer (one vLLM process serves one model). */
  performerUrl?: string;
  /** K of `logprobs` (top-K alternatives per position). */
  topK: number;
  /** Characters per window (about a quarter as many tokens in English). */
  windowChars: number;
}

/** The numbers of one text, or of one sentence. */
export interface LmScores {
  fast_detect_gpt?: number;
  binoculars?: number;
}

export interface LmEvidence extends LmScores {
  tokens: number;
  /** Mean unlisted probability mass per position (0: the top-K covered every distribution, the criteria are exact). */
  tail_mass: number;
  /** One entry per sentence of `splitSentences(text)` (the shared splitter), in order, with its start offset. */
  sentences: (LmScores & { start: number })[];
}

const Logprobs = z.object({
  tokens: z.array(z.string()).min(1),
  token_logprobs: z.array(z.number().max(0).nullable()),
  top_logprobs: z.array(z.record(z.string(), z.number().max(0)).nullable()),
  text_offset: z.array(z.number().int().min(0)).optional(),
});
const CompletionAnswer = z.object({ choices: z.array(z.object({ logprobs: Logprobs })).min(1) });

/** One model's echo of one window: its positions, each with the offset (in the window) of its token. */
interface Echo {
  positions: TokenPosition[];
  offsets: number[];
  /** Positions of the window's text (the rest, at most one, is the distribution after it). */
  textCount: number;
}

function parseEcho(answer: z.infer<typeof CompletionAnswer>, windowLength: number): Echo {
  const lp = answer.choices[0].logprobs;
  const n = lp.tokens.length;
  if (lp.token_logprobs.length !== n || lp.top_logprobs.length !== n || (lp.text_offset && lp.text_offset.length !== n)) {
    throw new UpstreamError('a malformed answer (logprobs arrays of different lengths)');
  }
  const offsets: number[] = [];
  let at = 0;
  for (let i = 0; i < n; i++) {
    offsets.push(lp.text_offset ? lp.text_offset[i] : at);
    at += lp.tokens[i].length;
  }
  const textCount = offsets.filter((o) => o < windowLength).length;
  if (textCount === 0 || textCount < n - 1) throw new UpstreamError('a malformed answer (the echo does not cover the text)');
  const positions = lp.tokens.map((token, i) => ({ token, logprob: lp.token_logprobs[i], top: lp.top_logprobs[i] }));
  return { positions, offsets, textCount };
}

/** Windows of whole sentences of at most `maxChars` (a longer sentence is a window of its own). */
function windowsOf(text: string, sentences: SentenceSpan[], maxChars: number): { start: number; end: number }[] {
  const windows: { start: number; end: number }[] = [];
  for (const s of sentences) {
    const last = windows.at(-1);
    if (last && s.end - last.start <= maxChars) last.end = s.end;
    else windows.push({ start: last ? last.end : 0, end: s.end });
  }
  if (windows.length === 0) windows.push({ start: 0, end: text.length });
  return windows;
}

const scoresOf = (sums: CriterionSums, bino: BinocularsSums | undefined): LmScores => {
  const fdg = fastDetectGpt(sums);
  const b = bino ? binoculars(bino) : undefined;
  return { ...(fdg !== undefined ? { fast_detect_gpt: fdg } : {}), ...(b !== undefined ? { binoculars: b } : {}) };
};

/** Scores `text` on the channel's server; throws UpstreamError. */
export async function lmEvidence(channel: ModelChannel, options: LmOptions, text: string): Promise<LmEvidence> {
  const sentences = splitSentences(text);
  const windows = windowsOf(text, sentences, options.windowChars);
  return channel.call(async (signal) => {
    const echo = async (model: string, window: string, base?: string) => {
      const body = JSON.stringify({ model, prompt: window, max_tokens: 1, echo: true, logprobs: options.topK, temperature: 0 });
      return parseEcho(await channel.post('/v1/completions', body, CompletionAnswer, signal, base), window.length);
    };
    const doc = emptySums();
    const docBino = options.performer ? emptyBinocularsSums() : undefined;
    const perSentence = sentences.map(() => ({ sums: emptySums(), bino: options.performer ? emptyBinocularsSums() : undefined }));
    // A few windows at a time: a long text should not flood the server.
    for (let w0 = 0; w0 < windows.length; w0 += 4) {
      const batch = windows.slice(w0, w0 + 4);
      const echoes = await Promise.all(
        batch.map(async (w) => {
          const window = text.slice(w.start, w.end);
          return Promise.all([echo(options.model, window), options.performer ? echo(options.performer, window, options.performerUrl) : undefined]);
        }),
      );
      echoes.forEach(([observer, performer], k) => {
        const textTokens = (e: Echo) => e.positions.slice(0, e.textCount).map((p) => p.token).join('\u0000');
        if (performer && textTokens(performer) !== textTokens(observer)) {
          throw new UpstreamError('the observer and the performer tokenise differently (Binoculars needs one tokenizer)');
        }
        const start = batch[k].start;
        let s = sentences.findIndex((x) => x.end > start);
        observer.positions.forEach((position, i) => {
          const isText = i < observer.textCount;
          const at = start + observer.offsets[i];
          while (s >= 0 && s < sentences.length && sentences[s].end <= at) s++;
          const sentence = isText && s >= 0 && s < sentences.length && at >= sentences[s].start ? perSentence[s] : undefined;
          if (isText) {
            addPosition(doc, position);
            if (sentence) addPosition(sentence.sums, position);
          }
          const other = performer?.positions[i];
          if (other && docBino) {
            addBinocularsPosition(docBino, position, other, isText);
            if (sentence?.bino) addBinocularsPosition(sentence.bino, position, other, true);
          }
        });
      });
    }
    if (doc.tokens === 0) throw new UpstreamError('an answer without scored tokens');
    return { ...scoresOf(doc, docBino), tokens: doc.tokens, tail_mass: doc.tailMass / doc.tokens, sentences: perSentence.map((x, i) => ({ start: sentences[i].start, ...scoresOf(x.sums, x.bino) })) };
  });
}
