/** POST /portal/api/keys/{key_id}/revoke/: immediate and irreversible. */
import { revokeOwnKey } from '../../platform/data/keys.ts';
import { definePortalRoute } from '../handler.ts';
import { keyBody } from '../key-body.ts';

export default definePortalRoute({
  op: 'portalRevokeKey',
  auth: 'session',
  async handle(ctx, { key_id }) {
    return keyBody(await revokeOwnKey(ctx.services.db, ctx.session.userId, key_id));
  },
});
