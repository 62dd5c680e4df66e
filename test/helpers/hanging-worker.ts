/**
 * A worker process whose engine never answers, for the crash-safety test: it takes a job, marks it
 * processing and hangs there until the test kills it with SIGKILL.
 */
import { loadConfig } from '../../server/config.ts';
import { createServices, startWorker } from '../../server/services.ts';
import { createEngineRuntime } from '../../server/runtime/engines.ts';

const real = createEngineRuntime({ threads: 1 });
const services = await createServices(loadConfig(), { engines: { ...real, run: () => new Promise(() => {}) } });
await startWorker(services);
