/**
 * `npm run eval -- <engine> [args]`: measures an engine on the labelled data in ../shared/data and
 * prints its figures. Each engine's evaluation lives in scripts/eval/<engine>.ts and exports
 * `run(args: string[]): Promise<void>`.
 */
import { readdirSync } from 'node:fs';

const dir = new URL('./eval/', import.meta.url);
const available = readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3)).sort();
const [engine, ...args] = process.argv.slice(2);
if (!engine || !available.includes(engine)) {
  console.error(`usage: npm run eval -- <${available.join('|')}> [args]`);
  process.exit(2);
}
const mod = (await import(new URL(`${engine}.ts`, dir).href)) as { run: (args: string[]) => Promise<void> };
await mod.run(args);
