/** POST /portal/api/playground/detector/: POST /api/detector/ (synchronous) as the signed-in user. */
import { definePortalRoute } from '../handler.ts';
import { callApi } from '../playground.ts';

export default definePortalRoute({
  op: 'portalPlaygroundDetect',
  auth: 'session',
  handle: (ctx, input) => callApi(ctx, 'detectText', input),
});
