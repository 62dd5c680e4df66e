/** GET /readyz: no key; 200 when the database, the engines and this process's job worker can serve, else 503 naming what is down. */
import { databaseAnswers } from '../../db/database.ts';
import { defineEndpoint } from '../endpoint.ts';

/** A database that does not answer `select 1` within this is as good as down for a request. */
const DATABASE_PROBE_MS = 1_000;

export default defineEndpoint({
  op: 'readyz',
  auth: 'none',
  async handle(ctx) {
    const { services } = ctx;
    const enginesLoaded = services.engines.health('image').ready;
    const checks = {
      database: (await databaseAnswers(services.db, DATABASE_PROBE_MS)) ? ('ready' as const) : ('down' as const),
      engines: enginesLoaded ? ('ready' as const) : ('down' as const),
      worker: services.lifecycle.worker,
      shutdown: services.lifecycle.draining ? ('draining' as const) : ('ready' as const),
    };
    const down = Object.entries(checks).filter(([, state]) => state === 'down' || state === 'draining').map(([part]) => part);
    if (down.length === 0) return { body: { status: 'ready' as const, checks } };
    const message = `Not ready: ${down.map((part) => READINESS_REASONS[part as keyof typeof checks]).join('; ')}.`;
    return { status: 503, body: { status: 'not_ready' as const, checks, message } };
  },
});

const READINESS_REASONS = {
  database: 'the database does not answer',
  engines: 'the engines are still loading',
  worker: 'the job worker is not running or has lost its database connection',
  shutdown: 'the process is stopping',
};
