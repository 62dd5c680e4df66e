/**
 * The operator's model servers ("Bring your own model" in the README), built once from the
 * configuration: a text LM (OpenAI-compatible completions), an image and a voice classifier (Open
 * Inference Protocol v2), each optional, each with its calibration file; and the one rule by which
 * a channel's answer joins the built-in model's verdict (`combine`).
 */
import path from 'node:path';
import type { ImageInput, VoiceInput } from '../engines/model-inputs/names.ts';
import { ModelChannel, type ChannelName } from './channel.ts';
import { lmEvidence, type LmEvidence, type LmOptions } from './completions.ts';
import { fuse, loadCalibration, logit, type Calibration, type FusionEngine } from './fusion.ts';
import { classify, type ClassifierOptions } from './open-inference.ts';
import type { ModelRequests } from '../engines/model-inputs/index.ts';

export type { ChannelName } from './channel.ts';
export { fuse, logit } from './fusion.ts';

interface Server {
  channel: ModelChannel;
  /** The model(s) a calibration file must name. */
  model: string;
  calibration?: Calibration;
}
export interface LmServer extends Server {
  options: LmOptions;
}
export interface ClassifierServer<I extends string = string> extends Server {
  options: ClassifierOptions & { input: I; tensor: string };
  trustOwn: boolean;
}

/**
 * What the operator configured for each server (README "Bring your own model"), handed in by the
 * composition root (config.ts `modelServerSettings` reads it from the environment).
 */
export interface ModelServerSettings {
  /** Where `npm run calibrate` writes the calibration files a setting does not name. */
  dataDir: string;
  lm?: LmOptions & { url: string; apiKey?: string; timeoutMs: number; calibrationFile?: string };
  image?: ClassifierSettings<ImageInput>;
  voice?: ClassifierSettings<VoiceInput>;
}

export interface ClassifierSettings<I extends string> {
  url: string;
  model: string;
  input: I;
  tensor: string;
  fakeClass: number;
  apiKey?: string;
  timeoutMs: number;
  /** Without a calibration file: `own` lets the server's probability decide; `evidence` only reports it. */
  trust: 'evidence' | 'own';
  calibrationFile?: string;
}

export interface ModelServers {
  lm?: LmServer;
  image?: ClassifierServer<ImageInput>;
  voice?: ClassifierServer<VoiceInput>;
  close(): void;
}

/** One channel's contribution to a verdict, as the responses list it (`evidence`). */
export interface EvidenceItem {
  channel: 'built-in' | ChannelName;
  /** The channel's own probability that the content is AI-made; null where it has none (the LM's criteria, a failure). */
  score: number | null;
  /** Whether it entered the verdict. */
  used: boolean;
  model?: string;
  criteria?: Record<string, number>;
  error?: string;
  /** A voice server's own timeline (its windows' probabilities). */
  windows?: { start_time: string; end_time: string; ai_probability: number }[];
}

/** What a channel's server gave for one input. */
export type ChannelOutcome = { ok: true; own?: number; features: Record<string, number | undefined>; criteria?: Record<string, number> } | { ok: false; error: string };

export interface CombinedVerdict {
  score: number;
  evidence: EvidenceItem[];
  /** Set when the server's evidence could not be used (the reader should know the built-in model decided alone). */
  message?: string;
}

/**
 * The verdict from the built-in score and a channel's outcome: fused when a calibration file for
 * this model exists, the server's own probability when the operator trusts it, else the built-in
 * score with the server's numbers reported beside it.
 */
export function combine(server: Server & { trustOwn?: boolean }, builtIn: number, outcome: ChannelOutcome): CombinedVerdict {
  const name = server.channel.name;
  if (!outcome.ok) {
    return {
      score: builtIn,
      evidence: [{ channel: 'built-in', score: builtIn, used: true }, { channel: name, score: null, used: false, model: server.model, error: outcome.error }],
      message: `The ${name} server gave no usable answer (${outcome.error}); the built-in model decided alone.`,
    };
  }
  const item = (used: boolean): EvidenceItem => ({ channel: name, score: outcome.own ?? null, used, model: server.model, ...(outcome.criteria ? { criteria: outcome.criteria } : {}) });
  const fused = server.calibration ? fuse(server.calibration, { built_in: logit(builtIn), ...outcome.features }) : undefined;
  if (fused !== undefined) return { score: fused, evidence: [{ channel: 'built-in', score: builtIn, used: true }, item(true)] };
  if (!server.calibration && server.trustOwn && outcome.own !== undefined) return { score: outcome.own, evidence: [{ channel: 'built-in', score: builtIn, used: false }, item(true)] };
  return { score: builtIn, evidence: [{ channel: 'built-in', score: builtIn, used: true }, item(false)] };
}

/** The default place of an engine's calibration file (where `npm run calibrate` writes it). */
export const calibrationPath = (dataDir: string, engine: FusionEngine) => path.join(dataDir, 'calibration', `${engine}.json`);

type Log = { info(message: string): void; warn(message: string): void };

function calibrated(file: string, engine: FusionEngine, model: string, log: Log): Calibration | undefined {
  const { calibration, problem } = loadCalibration(file, { engine, model });
  if (calibration) log.info(`${engine}: fusing the model server's evidence with the weights of ${file}`);
  else log.info(`${engine}: ${problem}; the model server's evidence is reported, not fused`);
  return calibration;
}

function channel(name: ChannelName, url: string, apiKey: string | undefined, timeoutMs: number, readyPath: string, log: Log): ModelChannel {
  const c = new ModelChannel({ name, url, apiKey, timeoutMs, readyPath });
  void c.probe().then((up) => {
    if (!up) log.warn(`the ${name} server at ${url} is not answering; the built-in model decides until it does`);
  });
  return c;
}

export function createModelServers(settings: ModelServerSettings, log: Log): ModelServers {
  const servers: ModelServers = { close: () => [servers.lm, servers.image, servers.voice].forEach((s) => s?.channel.close()) };
  if (settings.lm) {
    const { url, apiKey, timeoutMs, calibrationFile, ...options } = settings.lm;
    const model = options.performer ? `${options.model}+${options.performer}` : options.model;
    servers.lm = {
      channel: channel('lm', url, apiKey, timeoutMs, '/v1/models', log),
      model,
      calibration: calibrated(calibrationFile ?? calibrationPath(settings.dataDir, 'text-detect'), 'text-detect', model, log),
      options,
    };
  }
  if (settings.image) servers.image = classifier(settings.image, 'image', settings.dataDir, log);
  if (settings.voice) servers.voice = classifier(settings.voice, 'voice', settings.dataDir, log);
  return servers;
}

function classifier<I extends string>(settings: ClassifierSettings<I>, engine: 'image' | 'voice', dataDir: string, log: Log): ClassifierServer<I> {
  const { url, model, apiKey, timeoutMs, calibrationFile, input, tensor, fakeClass, trust } = settings;
  return {
    channel: channel(`${engine}-model`, url, apiKey, timeoutMs, `/v2/models/${encodeURIComponent(model)}/ready`, log),
    model,
    calibration: calibrated(calibrationFile ?? calibrationPath(dataDir, engine), engine, model, log),
    options: { model, input, tensor, fakeClass },
    trustOwn: trust === 'own',
  };
}

/** The LM channel's evidence for a text (never throws: a failure is an outcome), with its per-sentence numbers. */
export async function askLm(server: LmServer, text: string): Promise<{ outcome: ChannelOutcome; sentences?: LmEvidence['sentences'] }> {
  try {
    const e = await lmEvidence(server.channel, server.options, text);
    const scores = { ...(e.fast_detect_gpt !== undefined ? { fast_detect_gpt: e.fast_detect_gpt } : {}), ...(e.binoculars !== undefined ? { binoculars: e.binoculars } : {}) };
    return { outcome: { ok: true, features: scores, criteria: { ...scores, tokens: e.tokens, tail_mass: e.tail_mass } }, sentences: e.sentences };
  } catch (error) {
    return { outcome: { ok: false, error: (error as Error)?.message ?? String(error) } };
  }
}

/**
 * A classifier's P(fake) for an input (never throws), from the requests `build` prepares on an
 * engine thread; `own` is the mean over the input's items (the windows of a recording).
 */
export async function askClassifier(server: ClassifierServer, build: () => Promise<ModelRequests>): Promise<{ outcome: ChannelOutcome; items?: { start: number; end: number; p: number }[] }> {
  try {
    const { requests, spans } = await build();
    const probabilities = await classify(server.channel, server.options, requests);
    const own = probabilities.reduce((a, b) => a + b, 0) / probabilities.length;
    return { outcome: { ok: true, own, features: { model: logit(own) } }, items: spans.map((s, i) => ({ ...s, p: probabilities[i] })) };
  } catch (error) {
    return { outcome: { ok: false, error: (error as Error)?.message ?? String(error) } };
  }
}
