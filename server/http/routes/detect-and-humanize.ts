/** POST /api/detect-and-humanize/: detects, then humanizes only above the threshold; synchronous, or a job. */
import { DetectAndHumanizeAccepted } from '../../../contract/schemas.ts';
import { runDetectAndHumanize } from '../../operations/text.ts';
import { defineEndpoint } from '../endpoint.ts';
import { textEndpoint } from '../text-endpoint.ts';

export default defineEndpoint({
  op: 'detectAndHumanize',
  auth: 'key',
  handle: textEndpoint({
    operation: 'detectAndHumanize',
    accepted: DetectAndHumanizeAccepted,
    run: (work, input, words) => runDetectAndHumanize(work, input.content, words, input.detection_threshold),
  }),
});
