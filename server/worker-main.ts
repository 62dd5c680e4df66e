/** `npm run worker`: a graphile-worker process for the async jobs; run as many as needed against one PostgreSQL. */
import { loadConfig } from './config.ts';
import { closeServices, createServices, startWorker } from './services.ts';
import { onShutdownSignals } from './shutdown.ts';

const services = await createServices(loadConfig(), {
  onDatabaseLost(error) {
    services.log.fatal({ err: error }, 'the database is lost; exiting');
    process.exit(1);
  },
});
const runner = await startWorker(services);
services.log.info('worker started');
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  services.log.info(`${signal}: stopping; jobs in flight have ${services.config.SHUTDOWN_GRACE_MS / 1000} s to finish`);
  services.lifecycle.startDraining();
  // Running jobs finish; one still running after SHUTDOWN_GRACE_MS is failed and runs again later (startWorker).
  await runner.stop();
  await closeServices(services);
  process.exit(0);
}
onShutdownSignals((signal) => void shutdown(signal));
await runner.promise;
