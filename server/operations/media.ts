/**
 * Image and voice analysis with the operator's classifier server beside the built-in engine (README
 * "Bring your own model"): both asked at once, the verdict theirs combined (model-servers `combine`).
 * Without a server configured this is exactly the built-in analysis. A server failure is never the
 * request's: the built-in verdict comes back with a message, and the one charge stands.
 */
import type { ImageAnalysis } from '../engines/image/index.ts';
import type { VoiceAnalysis } from '../engines/voice/index.ts';
import type { ModelRequests } from '../engines/model-inputs/index.ts';
import { askClassifier, combine, type ClassifierServer, type CombinedVerdict, type EvidenceItem } from '../model-servers/index.ts';
import type { Services } from '../context.ts';

type MediaServices = Pick<Services, 'engines' | 'modelServers'>;

const round = (x: number) => Math.round(x * 1e4) / 1e4;
const channelsOf = (verdict: CombinedVerdict) => ({
  ...(verdict.message ? { message: verdict.message } : {}),
  evidence: verdict.evidence.map((e) => ({ ...e, score: e.score === null ? null : round(e.score) })),
});

/** An analysis, and (with a server configured) what each channel gave and why the server's evidence is missing. */
interface WithEvidence<A> {
  analysis: A;
  channels?: { message?: string; evidence: EvidenceItem[] };
}

/** The built-in analysis and, with a server configured, the server's answer to the requests `build` makes, asked at once. */
async function askBoth<A, I extends string>(server: ClassifierServer<I> | undefined, analysis: Promise<A>, build: (server: ClassifierServer<I>) => Promise<ModelRequests>) {
  const [own, asked] = await Promise.all([analysis, server && askClassifier(server, () => build(server))]);
  return { analysis: own, asked: server && asked ? { server, ...asked } : undefined };
}

export async function analyzeImage(services: MediaServices, bytes: Uint8Array): Promise<WithEvidence<ImageAnalysis>> {
  const { analysis, asked } = await askBoth(services.modelServers.image, services.engines.runMedia({ kind: 'analyzeImage', bytes }), ({ options }) =>
    services.engines.run({ kind: 'imageModelRequests', bytes, input: options.input, tensor: options.tensor }));
  if (!asked) return { analysis };
  const { server } = asked;
  const { real, fake, inpainting } = analysis.probabilities;
  const verdict = combine(server, 1 - real, asked.outcome);
  if (verdict.score === 1 - real) return { analysis, channels: channelsOf(verdict) };
  const p = verdict.score;
  // The fused P(AI-made) is shared between fake and inpainting as the built-in model shares it.
  const generated = fake + inpainting;
  const probabilities = { real: round(1 - p), fake: round(generated > 0 ? (fake * p) / generated : p), inpainting: round(generated > 0 ? (inpainting * p) / generated : 0) };
  const prediction = (Object.keys(probabilities) as (keyof typeof probabilities)[]).reduce((a, b) => (probabilities[b] > probabilities[a] ? b : a));
  const { regions, ...rest } = analysis;
  return {
    analysis: { ...rest, prediction, confidence: probabilities[prediction], probabilities, ...(regions && prediction === 'inpainting' ? { regions } : {}) },
    channels: channelsOf(verdict),
  };
}

export async function analyzeVoice(services: MediaServices, path: string): Promise<WithEvidence<VoiceAnalysis>> {
  const { analysis, asked } = await askBoth(services.modelServers.voice, services.engines.runMedia({ kind: 'analyzeVoice', path }), ({ options }) =>
    services.engines.run({ kind: 'voiceModelRequests', path, input: options.input, tensor: options.tensor }));
  if (!asked) return { analysis };
  const { server } = asked;
  // Without speech there is nothing for any model to judge: the server's number is reported only.
  const noSpeech = analysis.undetermined_reason === 'no_speech' || analysis.undetermined_reason === 'too_little_speech';
  const verdict = combine(noSpeech ? { ...server, calibration: undefined, trustOwn: false } : server, analysis.ai_probability, asked.outcome);
  const seconds = (t: number) => `${t.toFixed(1)}s`;
  if (asked.items && asked.items.length > 1) {
    verdict.evidence[1].windows = asked.items.map((w) => ({ start_time: seconds(w.start), end_time: seconds(w.end), ai_probability: round(w.p) }));
  }
  if (verdict.score === analysis.ai_probability) return { analysis, channels: channelsOf(verdict) };
  const p = round(verdict.score);
  const { undetermined_reason: _reason, ...rest } = analysis;
  return { analysis: { ...rest, verdict: p > 0.5 ? 'ai_voice' : 'natural_voice', ai_probability: p, natural_probability: round(1 - p) }, channels: channelsOf(verdict) };
}
