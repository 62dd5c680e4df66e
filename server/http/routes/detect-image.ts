/** POST /api/image-detector/predict/: real / fake / inpainting for an uploaded image. */
import { readFile } from 'node:fs/promises';
import { FILE_LIMITS, imageCharges, imageCredits } from '../../../contract/catalogue.ts';
import { analyzeImage } from '../../operations/media.ts';
import { chargedWork } from '../../platform/credits.ts';
import { ApiError } from '../../platform/errors.ts';
import { defineEndpoint } from '../endpoint.ts';
import { requireUploadClass } from '../upload-kind.ts';

export default defineEndpoint({
  op: 'detectImage',
  auth: 'principal',
  async handle(ctx, { file }) {
    const { services, principal, requestId } = ctx;
    const rateHeaders = await services.rateLimits.consume('image', principal.userId, principal.plan.image_requests_per_minute);
    const bytes = new Uint8Array(await readFile(file.path));
    if (bytes.length === 0) throw new ApiError('invalid_payload', 'The file is empty.');
    requireUploadClass(bytes.subarray(0, 512), 'image', FILE_LIMITS.detectImage.formats);
    // Sniffing and reading the header run on an engine thread, as the analysis does.
    const { width, height } = await services.engines.run({ kind: 'probeImage', bytes });
    const credits = imageCredits(width, height);
    const charges = await services.charges.charge(principal.userId, imageCharges(credits), { requestId });
    const { analysis, channels } = await chargedWork(services.db, { userId: principal.userId, charges }, requestId, () => analyzeImage(services, bytes));
    return {
      body: {
        prediction: analysis.prediction,
        confidence: analysis.confidence,
        probabilities: analysis.probabilities,
        credits_charged: credits,
        ...(analysis.regions ? { regions: analysis.regions } : {}),
        credits_remaining: charges.at(-1)!.balanceAfter,
        user: { id: principal.userId },
        ...channels,
      },
      headers: rateHeaders,
    };
  },
});
