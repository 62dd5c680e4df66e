/** POST /portal/api/playground/voice/: POST /api/voice-detector/detect/ as the signed-in user. */
import { definePortalRoute } from '../handler.ts';
import { callApi } from '../playground.ts';

export default definePortalRoute({
  op: 'portalPlaygroundVoice',
  auth: 'session',
  handle: (ctx, input) => callApi(ctx, 'detectVoice', input),
});
