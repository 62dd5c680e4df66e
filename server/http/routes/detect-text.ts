/** POST /api/detector/: the AI score of a text and of each sentence; synchronous, or a job. */
import { DetectionAccepted } from '../../../contract/schemas.ts';
import { runDetection } from '../../operations/text.ts';
import { defineEndpoint } from '../endpoint.ts';
import { textEndpoint } from '../text-endpoint.ts';

export default defineEndpoint({
  op: 'detectText',
  auth: 'key',
  handle: textEndpoint({ operation: 'detectText', accepted: DetectionAccepted, run: (work, input, words) => runDetection(work, input.content, words) }),
});
