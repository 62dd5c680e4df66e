// Entry of the held-out fold workers: worker threads do not inherit the TypeScript loader that `tsx`
// registered in the main thread, so register it here before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./text-detect-fold-worker.ts');
