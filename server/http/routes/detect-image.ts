/** POST /api/image-detector/predict/: real / fake / inpainting for an uploaded image. */
import { readFile } from 'node:fs/promises';
import { FILE_LIMITS, imageCharges, imageCredits } from '../../../contract/catalogue.ts';
import { analyzeImage } from '../../operations/media.ts';
import { ApiError } from '../../platform/errors.ts';
import { chargedBody } from '../charged.ts';
import { defineEndpoint } from '../endpoint.ts';
import { requireUploadClass } from '../upload-kind.ts';

export default defineEndpoint({
  op: 'detectImage',
  auth: 'principal',
  async handle(ctx, { file }) {
    const { services, principal } = ctx;
    const rateHeaders = await services.rateLimits.consume('image', principal.userId, principal.plan.image_requests_per_minute);
    const bytes = new Uint8Array(await readFile(file.path));
    if (bytes.length === 0) throw new ApiError('invalid_payload', 'The file is empty.');
    requireUploadClass(bytes.subarray(0, 512), 'image', FILE_LIMITS.detectImage.formats);
    // Sniffing and reading the header run on an engine thread, as the analysis does.
    const { width, height } = await services.engines.run({ kind: 'probeImage', bytes });
    const credits = imageCredits(width, height);
    const body = await chargedBody(ctx, imageCharges(credits), async () => {
      const { analysis, channels } = await analyzeImage(services, bytes);
      return {
        prediction: analysis.prediction,
        confidence: analysis.confidence,
        probabilities: analysis.probabilities,
        credits_charged: credits,
        ...(analysis.regions ? { regions: analysis.regions } : {}),
        ...channels,
      };
    });
    return { body, headers: rateHeaders };
  },
});
