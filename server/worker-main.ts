/** `npm run worker`: a graphile-worker process for the async jobs; run as many as needed against one PostgreSQL. */
import { loadConfig } from './config.ts';
import { closeServices, createServices, startWorker } from './services.ts';
import { onShutdownSignals } from './shutdown.ts';

const services = await createServices(loadConfig());
const runner = await startWorker(services);
services.log.info('worker started');
let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await runner.stop();
  await closeServices(services);
  process.exit(0);
}
onShutdownSignals(() => void shutdown());
await runner.promise;
