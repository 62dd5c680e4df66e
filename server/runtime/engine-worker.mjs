// Entry of the engine worker threads. Worker threads do not inherit the TypeScript loader that
// `tsx` registered in the main thread, so register it here before loading the TypeScript tasks.
import { register } from 'tsx/esm/api';

register();
const { runOnThread } = await import('./engine-worker.ts');
export default runOnThread;
