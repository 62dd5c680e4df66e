/** A key as the portal shows it (contract/portal.ts `PortalKey`). */
import type { z } from 'zod';
import type { PortalKey } from '../../contract/portal.ts';
import type { PortalKeyRow } from '../platform/data/keys.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const EXPIRATION_DAYS: Record<number, '30d' | '60d' | '90d'> = { 30: '30d', 60: '60d', 90: '90d' };

export function keyBody(key: PortalKeyRow): z.infer<typeof PortalKey> {
  const days = key.expires_at ? Math.round((key.expires_at.getTime() - key.created_at.getTime()) / 86_400_000) : null;
  return {
    id: key.id, name: key.name, status: key.status, prefix: key.prefix, scopes: key.scopes as z.infer<typeof PortalKey>['scopes'],
    created_at: key.created_at.toISOString(), expiration: days === null ? 'never' : (EXPIRATION_DAYS[days] ?? '30d'), expires_at: iso(key.expires_at), last_used_at: iso(key.last_used_at),
  };
}
