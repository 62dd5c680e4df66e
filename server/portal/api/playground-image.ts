/** POST /portal/api/playground/image/: POST /api/image-detector/predict/ as the signed-in user. */
import { definePortalRoute } from '../handler.ts';
import { callApi } from '../playground.ts';

export default definePortalRoute({
  op: 'portalPlaygroundImage',
  auth: 'session',
  handle: (ctx, input) => callApi(ctx, 'detectImage', input),
});
