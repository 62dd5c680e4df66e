/** POST /portal/api/playground/grammar/: POST /api/grammar/correct/ as the signed-in user. */
import { definePortalRoute } from '../handler.ts';
import { callApi } from '../playground.ts';

export default definePortalRoute({
  op: 'portalPlaygroundGrammar',
  auth: 'session',
  handle: (ctx, input) => callApi(ctx, 'correctGrammar', input),
});
