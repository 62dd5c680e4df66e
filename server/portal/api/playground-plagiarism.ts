/** POST /portal/api/playground/plagiarism/: POST /api/plagiarism/scan/ as the signed-in user. */
import { definePortalRoute } from '../handler.ts';
import { callApi } from '../playground.ts';

export default definePortalRoute({
  op: 'portalPlaygroundPlagiarism',
  auth: 'session',
  handle: (ctx, input) => callApi(ctx, 'scanPlagiarism', input),
});
