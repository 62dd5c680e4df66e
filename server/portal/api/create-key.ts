/** POST /portal/api/keys/: a new key within the plan's active-key limit; the full key is in this reply only. */
import { ApiError } from '../../platform/errors.ts';
import { createApiKey } from '../../platform/keys.ts';
import { ownKey } from '../../platform/data/keys.ts';
import { definePortalRoute } from '../handler.ts';
import { keyBody } from '../key-body.ts';

export default definePortalRoute({
  op: 'portalCreateKey',
  auth: 'session',
  async handle(ctx, { name, scopes, expiration }) {
    try {
      const { key, record } = await createApiKey(ctx.services.db, { userId: ctx.session.userId, name, scopes, expiration });
      return { key, record: keyBody(await ownKey(ctx.services.db, ctx.session.userId, record.id)) };
    } catch (error) {
      if (error instanceof ApiError && typeof error.details?.limit === 'number') {
        const limit = error.details.limit;
        throw new ApiError('invalid_payload', `Your ${ctx.session.plan} plan allows ${limit} active key${limit === 1 ? '' : 's'}, and you have ${limit}. Revoke or delete a key you no longer use, or move to a larger plan, then create the new one.`, error.details);
      }
      throw error;
    }
  },
});
