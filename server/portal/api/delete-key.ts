/** DELETE /portal/api/keys/{key_id}/: removes the key permanently. */
import { deleteOwnKey } from '../../platform/data/keys.ts';
import { definePortalRoute } from '../handler.ts';

export default definePortalRoute({
  op: 'portalDeleteKey',
  auth: 'session',
  async handle(ctx, { key_id }) {
    await deleteOwnKey(ctx.services.db, ctx.session.userId, key_id);
    return { status: 'ok' };
  },
});
