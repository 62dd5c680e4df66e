/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are checked field by field in the tests */
/**
 * An API server for one test file: a real migrated PostgreSQL (test/helpers/database.ts), the real
 * Koa app on 127.0.0.1 and an ephemeral port, and optionally the graphile-worker runner. Helpers
 * create users and keys the way the admin CLI does.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino from 'pino';
import type { Runner } from 'graphile-worker';
import { loadConfig } from '../../server/config.ts';
import { createUser } from '../../server/platform/accounts.ts';
import { createApiKey, type Expiration } from '../../server/platform/keys.ts';
import type { Services } from '../../server/context.ts';
import { createServer, createServices, startWorker, type ServiceOverrides } from '../../server/services.ts';
import { PUBLIC_SCOPES, type Scope } from '../../contract/catalogue.ts';
import { createTestDatabase } from './database.ts';

export interface TestServer {
  url: string;
  services: Services;
  worker?: Runner;
  /** Creates a user on `plan` and returns it with one key. */
  account(options?: { plan?: string; scopes?: Scope[]; expiration?: Expiration }): Promise<{ userId: number; email: string; key: string; keyId: string }>;
  request(path: string, init?: RequestInit & { key?: string; json?: unknown }): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

let accounts = 0;

export async function startTestServer(options: { worker?: boolean; env?: Record<string, string>; overrides?: ServiceOverrides } = {}): Promise<TestServer> {
  const db = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', ENGINE_THREADS: '1', ALLOW_PRIVATE_CALLBACKS: 'true', WARM_ENGINES: 'false', ...options.env });
  const services = await createServices(config, { db, log: pino({ level: 'silent' }), ...options.overrides });
  const server: Server = createServer(services).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const worker = options.worker ? await startWorker(services) : undefined;

  return {
    url,
    services,
    worker,
    async account({ plan = '1M', scopes = [...PUBLIC_SCOPES], expiration = 'never' } = {}) {
      const email = `user${++accounts}-${process.pid}@example.com`;
      const user = await createUser(services.db, email, plan);
      const { key, record } = await createApiKey(services.db, { userId: user.id, name: 'test', scopes, expiration });
      return { userId: user.id, email, key, keyId: record.id };
    },
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.key) headers.set('X-API-Key', init.key);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const response = await fetch(url + path, { ...init, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON (docs page, openapi.yaml)
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
    async close() {
      await worker?.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await services.engines.close();
      services.modelServers.close();
      await db.close();
    },
  };
}
