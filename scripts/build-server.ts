/**
 * `node --import tsx scripts/build-server.ts` (run by `npm start` and `npm run worker` before node): bundles the
 * server's entry points into plain JavaScript in dist/, so that node runs them without tsx.
 *
 * Why: run from source, every engine thread registers tsx, transpiles the server's TypeScript again
 * and holds the module graph of tsx's loader; that was most of an engine thread's memory and a good
 * part of the time to "engines ready" (BENCHMARKS.md, "Memory and time to ready").
 *
 * - dist/main.mjs (server/main.ts), dist/worker-main.mjs (server/worker-main.ts) and
 *   dist/engine-worker.mjs, the engine threads' entry (server/runtime/thread-entry.ts finds it), with
 *   the chunks they share (dist/chunk-*.mjs): each dynamic import() is a chunk loaded when it runs.
 * - npm packages stay external: node loads them from node_modules as it does from source.
 * - `import.meta.url` (and `.dirname`, `.filename`) in a bundled source file is rewritten to that
 *   file's own place in the source tree, so the data files beside it (models, tables, openapi.yaml)
 *   are found as before; written relative to the bundle, so the checkout can move.
 * - Deterministic (same sources, same bytes) and written atomically (a file is replaced by a rename,
 *   and not rewritten when unchanged), so `npm start` and `npm run worker` may build at once.
 * - Last, dist/build-inputs.json: the outputs and the SHA-1 of every file the build read, with which
 *   scripts/build-server-if-stale.mjs (what `npm start` runs) skips a build that would change nothing.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');

/** Keeps its import.meta.url: its one use locates the engine threads' entry beside the bundle. */
const THREAD_ENTRY_LOCATOR = path.join(ROOT, 'server/runtime/thread-entry.ts');

/** The engine threads' entry: piscina calls the default export, engine-worker.ts's runOnThread (as server/runtime/engine-worker.mjs exports it from source). */
const THREAD_ENTRY = 'engine-thread-entry';

/**
 * Files the build reads besides the bundled sources: this script (its options), the tsconfig esbuild
 * reads, and esbuild's version.
 */
const BUILD_INPUTS = ['scripts/build-server.ts', 'tsconfig.json', 'node_modules/esbuild/package.json'];

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

/** The SHA-1 of each source as the build read it (relative to ROOT), for dist/build-inputs.json. */
const sourceHashes = new Map<string, string>();

const sourcePlaces: Plugin = {
  name: 'source-places',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^${THREAD_ENTRY}$`) }, () => ({ path: THREAD_ENTRY, namespace: THREAD_ENTRY }));
    b.onLoad({ filter: /.*/, namespace: THREAD_ENTRY }, () => ({
      contents: "export { runOnThread as default } from './server/runtime/engine-worker.ts';",
      resolveDir: ROOT,
      loader: 'ts',
    }));
    b.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`) || args.path === THREAD_ENTRY_LOCATOR) return undefined;
      const bytes = readFileSync(args.path);
      sourceHashes.set(path.relative(ROOT, args.path), sha1(bytes));
      const source = bytes.toString('utf8');
      const loader = /\.m?ts$/.test(args.path) ? 'ts' : 'js';
      if (!source.includes('import.meta.')) return { contents: source, loader };
      const file = path.relative(DIST, args.path).split(path.sep).join('/');
      const dir = path.posix.dirname(file);
      const contents = source
        .replaceAll('import.meta.url', `new URL(${JSON.stringify(file)}, import.meta.url).href`)
        .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${dir}`)})`)
        .replaceAll('import.meta.filename', `(import.meta.dirname + ${JSON.stringify(`/${file}`)})`);
      return { contents, loader };
    });
  },
};

/** Writes `contents` to `file` unless it holds them already; by a rename, so a reader never sees half a file. */
function writeAtomically(file: string, contents: Uint8Array) {
  try {
    if (Buffer.from(readFileSync(file)).equals(contents)) return;
  } catch {
    // not there yet
  }
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

export async function buildServer(): Promise<string[]> {
  sourceHashes.clear();
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [
      { in: 'server/main.ts', out: 'main' },
      { in: 'server/worker-main.ts', out: 'worker-main' },
      { in: THREAD_ENTRY, out: 'engine-worker' },
    ],
    outdir: DIST,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // A dynamic import() stays a chunk of its own, loaded when it runs: without splitting, the npm
    // packages of every engine the engine-thread code can import (harper.js, pdf.js, sharp, wink-nlp, ...)
    // would be imported when the bundle starts, on the main thread and on every engine thread.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    plugins: [sourcePlaces],
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  mkdirSync(DIST, { recursive: true });
  for (const out of result.outputFiles) writeAtomically(out.path, out.contents);
  // A chunk's name is its content's hash: one no longer written is an earlier build's.
  const written = new Set(result.outputFiles.map((out) => path.basename(out.path)));
  for (const file of readdirSync(DIST)) if (/^chunk-\w+\.mjs$/.test(file) && !written.has(file)) rmSync(path.join(DIST, file), { force: true });
  const outputs = result.outputFiles.map((out) => path.relative(ROOT, out.path));
  // The files esbuild read itself (the thread-entry locator; a namespace's virtual module is no file) are hashed now.
  const inputs = new Map(sourceHashes);
  for (const file of [...Object.keys(result.metafile.inputs).filter((input) => !input.includes(':')), ...BUILD_INPUTS]) {
    if (!inputs.has(file)) inputs.set(file, sha1(readFileSync(path.join(ROOT, file))));
  }
  const stamp = { outputs, inputs: Object.fromEntries([...inputs].sort(([a], [b]) => a.localeCompare(b))) };
  writeAtomically(path.join(DIST, 'build-inputs.json'), Buffer.from(`${JSON.stringify(stamp, null, 1)}\n`));
  return outputs;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await buildServer();
