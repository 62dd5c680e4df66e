/**
 * Fixture model servers for the "Bring your own model" tests, on loopback, speaking the two
 * protocols the service uses and computing real numbers:
 * - an OpenAI-compatible completions server (`/v1/completions` with `echo` and `logprobs`) whose
 *   log-probabilities come from the project's word-trigram language model (text-detect/ngram-lm.ts),
 *   trained here on the repository's own prose, normalised over its vocabulary, with the top-K
 *   alternatives of each position;
 * - an Open Inference Protocol v2 server whose P(fake) per item is a fixed small function of the
 *   input tensor (a logistic of its mean).
 * Each can be told to misbehave (slow, 5xx, malformed JSON, wrong shapes) to test the fallbacks.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fmix32 } from '../../server/engines/shared/hash.ts';
import { buildNgram, ngramLogProb, type NgramLm } from '../../server/engines/text-detect/ngram-lm.ts';

export type Misbehaviour = 'none' | 'slow' | 'http-500' | 'not-json' | 'malformed' | 'wrong-shape';

export interface FixtureServer {
  url: string;
  /** Requests answered so far, per path. */
  requests: string[];
  misbehave(mode: Misbehaviour): void;
  close(): Promise<void>;
}

/** Tokens that concatenate back to the text: leading white space, then a word or one other character. */
export function fixtureTokens(text: string): string[] {
  return text.match(/\s*(?:[A-Za-z0-9']+|[^\sA-Za-z0-9'])|\s+$/g) ?? [];
}

function hashToken(token: string): number {
  let h = 0x811c9dc5;
  const core = token.trim().toLowerCase();
  for (let i = 0; i < core.length; i++) h = Math.imul(h ^ core.charCodeAt(i), 0x01000193);
  return fmix32(h) | 0;
}

const START = 0x2b5f1c3d | 0; // ngram-lm's sentence start

/** A trigram LM over a fixed vocabulary (the words of its training text, spelt with a leading space). */
export class FixtureLm {
  readonly vocabulary: string[];
  private readonly lm: NgramLm;

  constructor(corpus: string, vocabularySize = 1500) {
    const tokens = fixtureTokens(corpus);
    this.lm = buildNgram([{ toks: tokens.map(hashToken), ends: [tokens.length] }]);
    const counts = new Map<string, number>();
    for (const t of tokens) {
      const w = ` ${t.trim()}`;
      counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    this.vocabulary = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, vocabularySize).map(([w]) => w);
  }

  /** ln p of every candidate (the vocabulary and `extra`) after (u, v), normalised over the candidates. */
  distribution(u: number, v: number, extra?: string): Map<string, number> {
    const candidates = extra !== undefined && !this.vocabulary.includes(extra) ? [...this.vocabulary, extra] : this.vocabulary;
    const raw = candidates.map((w) => ngramLogProb(this.lm, u, v, hashToken(w)));
    const max = Math.max(...raw);
    const z = max + Math.log(raw.reduce((s, l) => s + Math.exp(l - max), 0));
    return new Map(candidates.map((w, i) => [w, raw[i] - z]));
  }

  /** The legacy completions `logprobs` of `text` echoed, plus one generated token (the likeliest). */
  echo(text: string, k: number) {
    const tokens = fixtureTokens(text);
    const out = { tokens: [] as string[], token_logprobs: [] as (number | null)[], top_logprobs: [] as (Record<string, number> | null)[], text_offset: [] as number[] };
    let u = START;
    let v = START;
    let offset = 0;
    const topOf = (d: Map<string, number>) => Object.fromEntries([...d.entries()].sort((a, b) => b[1] - a[1]).slice(0, k));
    tokens.forEach((token, i) => {
      const d = i === 0 ? undefined : this.distribution(u, v, token);
      out.tokens.push(token);
      out.token_logprobs.push(d ? d.get(token)! : null);
      out.top_logprobs.push(d ? topOf(d) : null);
      out.text_offset.push(offset);
      offset += token.length;
      u = v;
      v = hashToken(token);
    });
    const next = this.distribution(u, v);
    const [best, bestLogprob] = [...next.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
    out.tokens.push(best);
    out.token_logprobs.push(bestLogprob);
    out.top_logprobs.push(topOf(next));
    out.text_offset.push(offset);
    return out;
  }

  /** A text the model writes itself (sampling at a temperature): the fixture's "AI" text. */
  sample(words: number, temperature: number, rand: () => number): string {
    let u = START;
    let v = START;
    let text = '';
    for (let i = 0; i < words; i++) {
      const d = [...this.distribution(u, v).entries()];
      const weights = d.map(([, l]) => Math.exp(l / temperature));
      let r = rand() * weights.reduce((a, b) => a + b, 0);
      let pick = 0;
      while (pick < d.length - 1 && (r -= weights[pick]) > 0) pick++;
      const token = i === 0 ? d[pick][0].trimStart() : d[pick][0];
      text += token;
      u = v;
      v = hashToken(token);
    }
    return text;
  }
}

/** The repository's own prose: what the fixture LMs learn English from. */
export function repositoryProse(): string {
  return ['README.md', 'ARCHITECTURE.md'].map((f) => readFileSync(new URL(`../../${f}`, import.meta.url), 'utf8').replace(/[`|#*_<>[\]()]/g, ' ')).join('\n');
}

async function listen(handler: (path: string, body: unknown, mode: Misbehaviour) => { status: number; body: unknown }, slowMs: number): Promise<FixtureServer> {
  let mode: Misbehaviour = 'none';
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push(req.url ?? '');
      const send = () => {
        if (res.destroyed) return;
        if (mode === 'http-500') return res.writeHead(500).end('{"error":"boom"}');
        if (mode === 'not-json') return res.writeHead(200, { 'content-type': 'application/json' }).end('<html>');
        let body: unknown = {};
        try {
          body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
        } catch {
          return res.writeHead(400).end();
        }
        const answer = handler(req.url ?? '', body, mode);
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      };
      if (mode === 'slow') setTimeout(send, slowMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    misbehave: (m) => (mode = m),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An OpenAI-compatible completions server serving the given models. */
export function startLmFixture(models: Record<string, FixtureLm>, options: { slowMs?: number } = {}): Promise<FixtureServer> {
  return listen((path, body, mode) => {
    if (path === '/v1/models') return { status: 200, body: { object: 'list', data: Object.keys(models).map((id) => ({ id, object: 'model' })) } };
    if (path !== '/v1/completions') return { status: 404, body: { error: 'not found' } };
    const req = body as { model: string; prompt: string; logprobs?: number; echo?: boolean };
    const lm = models[req.model];
    if (!lm || typeof req.prompt !== 'string' || !req.echo) return { status: 400, body: { error: 'bad request' } };
    const logprobs = lm.echo(req.prompt, req.logprobs ?? 5);
    if (mode === 'malformed') return { status: 200, body: { choices: [{ text: req.prompt, logprobs: { tokens: logprobs.tokens } }] } };
    if (mode === 'wrong-shape') logprobs.token_logprobs.pop();
    return { status: 200, body: { id: 'cmpl-fixture', object: 'text_completion', model: req.model, choices: [{ index: 0, text: req.prompt + logprobs.tokens.at(-1), logprobs, finish_reason: 'length' }] } };
  }, options.slowMs ?? 5_000);
}

/** P(fake) of one item of a tensor: a logistic of its mean absolute value (fixed, so the tests know what to expect). */
export const fixtureFakeProbability = (meanAbs: number, center: number) => 1 / (1 + Math.exp(-8 * (meanAbs - center)));

/** An Open Inference Protocol v2 server: every model answers [P(real), P(fake)] per item. */
export function startInferenceFixture(options: { slowMs?: number; center?: number } = {}): Promise<FixtureServer> {
  return listen((path, body, mode) => {
    if (/^\/v2\/models\/[^/]+\/ready$/.test(path)) return { status: 200, body: {} };
    if (!/^\/v2\/models\/[^/]+\/infer$/.test(path)) return { status: 404, body: { error: 'not found' } };
    const input = (body as { inputs?: { shape: number[]; data: number[] }[] }).inputs?.[0];
    if (!input) return { status: 400, body: { error: 'no input' } };
    const rows = input.shape[0];
    const per = input.data.length / rows;
    const data: number[] = [];
    for (let r = 0; r < rows; r++) {
      let sum = 0;
      for (let i = r * per; i < (r + 1) * per; i++) sum += Math.abs(input.data[i]);
      const p = fixtureFakeProbability(sum / per, options.center ?? 0.5);
      data.push(1 - p, p);
    }
    if (mode === 'malformed') return { status: 200, body: { outputs: [{ name: 'probabilities', data }] } };
    const shape = mode === 'wrong-shape' ? [rows + 1, 2] : [rows, 2];
    return { status: 200, body: { model_name: 'fixture', outputs: [{ name: 'probabilities', shape, datatype: 'FP32', data }] } };
  }, options.slowMs ?? 5_000);
}
