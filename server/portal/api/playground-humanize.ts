/** POST /portal/api/playground/humanizer/: POST /api/humanizer/ (synchronous) as the signed-in user. */
import { definePortalRoute } from '../handler.ts';
import { callApi } from '../playground.ts';

export default definePortalRoute({
  op: 'portalPlaygroundHumanize',
  auth: 'session',
  handle: (ctx, input) => callApi(ctx, 'humanize', input),
});
