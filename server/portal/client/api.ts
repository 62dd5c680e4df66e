/** The portal's typed API client: openapi-fetch over the generated types of openapi.yaml. */
import createClient from 'openapi-fetch';
import type { components, paths } from '../../../generated/api.d.ts';

export type Schemas = components['schemas'];

const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';

export const api = createClient<paths>({ baseUrl: location.origin });

/** The CSRF header every state-changing request of a session sends. */
export const csrfHeader = { header: { 'X-CSRF-Token': csrf } };

export class PortalError extends Error {
  constructor(message: string, readonly code: string, readonly details?: Record<string, unknown>) {
    super(message);
  }
}

/** The data of a response, or a PortalError with the server's message; a lost session goes to sign-in. */
export async function call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await request;
  } catch {
    throw new PortalError('The server could not be reached; check the connection and try again.', 'network');
  }
  if (result.response.ok && result.data !== undefined) return result.data;
  const body = result.error as Partial<Schemas['Error']> | undefined;
  if (body?.code === 'not_signed_in' && document.body.dataset.page !== 'sign-in') {
    location.assign(`/portal/sign-in?next=${encodeURIComponent(location.pathname)}`);
  }
  throw new PortalError(body?.message ?? `The request failed (HTTP ${result.response.status}).`, body?.code ?? 'unknown', body?.details);
}
