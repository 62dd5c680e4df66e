/**
 * The engine threads' entry file, beside this module's URL. Run from source (tsx) that is
 * server/runtime/engine-worker.mjs, which registers tsx on the thread; in the bundle that `npm start`
 * runs (scripts/build-server.ts) this module's URL is the bundle's, so it is dist/engine-worker.mjs,
 * the threads' own bundle. The build leaves this file's import.meta.url alone for that reason.
 */
export const ENGINE_THREAD_ENTRY = new URL('./engine-worker.mjs', import.meta.url).href;
