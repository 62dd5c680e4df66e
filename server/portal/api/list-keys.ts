/** GET /portal/api/keys/: every key of the account, by display prefix. */
import { listOwnKeys } from '../../platform/data/keys.ts';
import { definePortalRoute } from '../handler.ts';
import { keyBody } from '../key-body.ts';

export default definePortalRoute({
  op: 'portalListKeys',
  auth: 'session',
  async handle(ctx) {
    const { keys, active, maxActiveKeys } = await listOwnKeys(ctx.services.db, ctx.session.userId);
    return { keys: keys.map(keyBody), active, max_active_keys: maxActiveKeys };
  },
});
