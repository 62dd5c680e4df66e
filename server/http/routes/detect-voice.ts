/** POST /api/voice-detector/detect/: AI voice vs natural voice, with a timeline for longer audio. */
import { FILE_LIMITS, voiceCharges, voiceCredits } from '../../../contract/catalogue.ts';
import { analyzeVoice } from '../../operations/media.ts';
import { ApiError } from '../../platform/errors.ts';
import { chargedBody } from '../charged.ts';
import { defineEndpoint } from '../endpoint.ts';
import { requireUploadClass, uploadHead } from '../upload-kind.ts';

const { maxSeconds, formats } = FILE_LIMITS.detectVoice;

export default defineEndpoint({
  op: 'detectVoice',
  auth: 'principal',
  async handle(ctx, { file }) {
    const { services } = ctx;
    requireUploadClass(await uploadHead(file.path), 'audio', formats);
    const probe = await services.engines.run({ kind: 'probeVoice', path: file.path });
    if (probe.durationSeconds > maxSeconds) {
      throw new ApiError('audio_too_long', `The audio lasts ${probe.durationSeconds.toFixed(1)} s; at most ${maxSeconds} s are accepted.`, { limit_seconds: maxSeconds, duration_seconds: probe.durationSeconds });
    }
    const started = performance.now();
    const { billedSeconds, credits } = voiceCredits(probe.durationSeconds);
    const body = await chargedBody(ctx, voiceCharges(credits), async () => {
      const { analysis, channels } = await analyzeVoice(services, file.path);
      return { status: 'success' as const, ...analysis, billed_seconds: billedSeconds, credits_used: credits, execution_time: Math.round(performance.now() - started) / 1000, ...channels };
    });
    return { body };
  },
});
