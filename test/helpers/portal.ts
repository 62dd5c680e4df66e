/** Portal helpers for tests: an invited user with a password, and a signed-in fetch session. */
import { inviteUser, setPasswordWithInvite } from '../../server/platform/portal-accounts.ts';
import type { TestServer } from './server.ts';

let users = 0;

export async function portalUser(server: TestServer, plan = 'Free'): Promise<{ email: string; password: string; userId: number }> {
  const email = `portal${++users}-${process.pid}@example.com`;
  const password = 'correct horse battery staple';
  const invite = await inviteUser(server.services.db, email, plan, new Date());
  await setPasswordWithInvite(server.services.db, invite.token, password, new Date());
  return { email, password, userId: invite.user.id };
}

export interface PortalSession {
  cookie: string;
  csrf: string;
  request(path: string, init?: { method?: string; json?: unknown; headers?: Record<string, string> }): Promise<{ status: number; headers: Headers; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export function sessionCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('ci_session='));
}

export async function signIn(server: TestServer, email: string, password: string, headers: Record<string, string> = {}): Promise<PortalSession> {
  const response = await fetch(`${server.url}/portal/api/session/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url, ...headers }, body: JSON.stringify({ email, password }) });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { csrf_token } = await response.json();
  const cookie = sessionCookie(response)!;
  return {
    cookie,
    csrf: csrf_token,
    async request(path, init = {}) {
      const method = init.method ?? (init.json === undefined ? 'GET' : 'POST');
      const h: Record<string, string> = { Cookie: cookie, ...(method !== 'GET' ? { Origin: server.url, 'X-CSRF-Token': csrf_token } : {}), ...init.headers };
      if (init.json !== undefined) h['Content-Type'] = 'application/json';
      const res = await fetch(server.url + path, { method, headers: h, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // HTML or CSV
      }
      return { status: res.status, headers: res.headers, body };
    },
  };
}
