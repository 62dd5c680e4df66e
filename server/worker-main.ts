/** `npm run worker`: a graphile-worker process for the async jobs; run as many as needed against one PostgreSQL. */
import { loadConfig } from './config.ts';
import { closeServices, createServices, startWorker } from './services.ts';
import { onShutdownSignals } from './shutdown.ts';
import { startMetricsServer } from './metrics/serve.ts';

const services = await createServices(loadConfig(), {
  onDatabaseLost(error) {
    services.log.fatal({ err: error }, 'the database is lost; exiting');
    process.exit(1);
  },
});
const runner = await startWorker(services);
// This process's own metrics (its engine tasks, webhooks, refunds), when given a port of its own.
const { METRICS_PORT, HOST, METRICS_TOKEN } = services.config;
const metricsServer = METRICS_PORT === undefined ? undefined : await startMetricsServer({ port: METRICS_PORT, host: HOST, token: METRICS_TOKEN });
services.log.info(`worker started${metricsServer ? `, metrics on port ${METRICS_PORT}` : ''}`);
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  services.log.info(`${signal}: stopping; jobs in flight have ${services.config.SHUTDOWN_GRACE_MS / 1000} s to finish`);
  services.lifecycle.startDraining();
  metricsServer?.closeAllConnections();
  metricsServer?.close();
  // Running jobs finish; one still running after SHUTDOWN_GRACE_MS is failed and runs again later (startWorker).
  await runner.stop();
  await closeServices(services);
  process.exit(0);
}
onShutdownSignals((signal) => void shutdown(signal));
await runner.promise;
