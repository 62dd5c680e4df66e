/**
 * `npm start`: the API on PORT/HOST with graphile-worker in-process (RUN_WORKER=false leaves the
 * jobs to separate `npm run worker` processes). `npm start` execs node directly (package.json), so
 * a signal to npm's process, to its group or to this process all reach this one handler.
 */
import type { Server } from 'node:http';
import type { Runner } from 'graphile-worker';
import { loadConfig, publicUrl } from './config.ts';
import { createLog } from './log.ts';
import { startEngines } from './runtime/engines.ts';

const config = loadConfig();
const log = createLog(config);
// The engine threads start before the rest of the server is loaded (below, meanwhile): their warm-up
// is the longest part of a start (BENCHMARKS.md, memory and start-up).
const engines = startEngines(config, log);
const [{ inviteLink }, { ensureDemoAccount, DEMO_EMAIL }, { closeServices, createServer, createServices, startWorker }, { drainHttp, onShutdownSignals, trackResponses }, { startMetricsServer }] =
  await Promise.all([import('./platform/portal-accounts.ts'), import('./platform/demo.ts'), import('./services.ts'), import('./shutdown.ts'), import('./metrics/serve.ts')]);

const services = await createServices(config, {
  log,
  engines,
  // The embedded PostgreSQL died and its supervisor could not start it again: exit, so that a
  // supervisor (systemd, Kubernetes) restarts the whole service rather than it answering 503s forever.
  onDatabaseLost(error) {
    services.log.fatal({ err: error }, 'the database is lost; exiting');
    process.exit(1);
  },
}).catch(async (error: unknown) => {
  await engines.close();
  throw error;
});
if (config.ALLOW_PRIVATE_CALLBACKS) log.warn('ALLOW_PRIVATE_CALLBACKS=true: webhooks may target private and loopback addresses. Never use this in production.');

const demo = await ensureDemoAccount(services.db);
if (demo) {
  console.log(`\nCreated the demo account ${DEMO_EMAIL} (plan 1M). Its API key, shown only this once:\n\n  ${demo.key}\n`);
  console.log(`Set its developer portal password with this one-time link (valid 24 hours):\n\n  ${inviteLink(publicUrl(config), demo.inviteToken)}\n`);
}

if (!config.PLAGIARISM_SEARXNG_URL && (await (await services.plagiarism()).corpus.list({ limit: 0 })).total === 0) {
  log.warn('The plagiarism source corpus is empty and no web search is configured: scans are refused (409 no_sources) until sources are added, e.g. `npm run admin -- sources import --starter`.');
}

const runner: Runner | undefined = config.RUN_WORKER ? await startWorker(services) : undefined;
const server: Server = createServer(services);
const responses = trackResponses(server);
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info(`Content Integrity API listening on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port} (docs at /docs)${runner ? ', worker in-process' : ''}`);
});

// METRICS_PORT: GET /metrics on a port of its own (and not on PORT).
const metricsServer = config.METRICS_PORT === undefined ? undefined : await startMetricsServer({ port: config.METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN });
if (metricsServer) {
  const address = metricsServer.address();
  log.info(`metrics on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${typeof address === 'object' && address ? address.port : config.METRICS_PORT}/metrics`);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: stopping; requests and jobs in flight have ${config.SHUTDOWN_GRACE_MS / 1000} s to finish`);
  metricsServer?.closeAllConnections();
  metricsServer?.close();
  await Promise.all([drainHttp(server, responses, services.lifecycle, config.SHUTDOWN_GRACE_MS), runner?.stop()]);
  await closeServices(services);
  log.info('stopped');
  process.exit(0);
}
onShutdownSignals((signal) => void shutdown(signal));
