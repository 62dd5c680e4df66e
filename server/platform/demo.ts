/** First start on a fresh database: a demo account with one all-scope key, printed once. */
import { PUBLIC_SCOPES } from '../../contract/catalogue.ts';
import type { Database } from '../db/database.ts';
import { countUsers } from './data/accounts.ts';
import { createUser } from './accounts.ts';
import { createApiKey } from './keys.ts';
import { inviteUser } from './portal-accounts.ts';

export const DEMO_EMAIL = 'demo@example.com';

export async function ensureDemoAccount(db: Database): Promise<{ key: string; inviteToken: string } | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const user = await createUser(db, DEMO_EMAIL, '1M');
  const { key } = await createApiKey(db, { userId: user.id, name: 'demo', scopes: [...PUBLIC_SCOPES], expiration: 'never' });
  // The demo account signs in to the portal too: a one-time link to set its password.
  const { token } = await inviteUser(db, DEMO_EMAIL, '1M', new Date());
  return { key, inviteToken: token };
}
