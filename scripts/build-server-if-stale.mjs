// `npm start` and `npm run worker` run this before node starts the server: it runs the build
// (scripts/build-server.ts) unless the last one is current, that is unless dist/build-inputs.json,
// which that build wrote last, lists every output it wrote and the SHA-1 of every file it read, and
// each of those files still has that hash. Content, not modification times: a checkout or a copy
// changes mtimes and keeps contents.
//
// Plain JavaScript, so that a start with nothing to build pays neither tsx's loader nor esbuild
// (about 0.3 s of every start; BENCHMARKS.md, issue 44).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP = path.join(ROOT, 'dist', 'build-inputs.json');

function isCurrent() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return false; // no build yet, or an unreadable stamp
  }
  const unchanged = ([file, hash]) => {
    try {
      return createHash('sha1').update(readFileSync(path.join(ROOT, file))).digest('hex') === hash;
    } catch {
      return false; // the file is gone
    }
  };
  return stamp.outputs.every((file) => existsSync(path.join(ROOT, file))) && Object.entries(stamp.inputs).every(unchanged);
}

if (!isCurrent()) {
  const build = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'build-server.ts')], { stdio: 'inherit' });
  process.exit(build.status ?? 1);
}
