/**
 * `npm run bench -- <name> [args]`: runs one benchmark from scripts/bench/<name>.ts and records its
 * figures in BENCHMARKS.md (one section per benchmark, replaced on each run) with the machine and date.
 * Each benchmark exports `run(args: string[]): Promise<string>`, returning its Markdown section body.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';

const dir = new URL('./bench/', import.meta.url);
const available = readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3)).sort();
const [name, ...args] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join('|')}> [args]`);
  process.exit(2);
}
const mod = (await import(new URL(`${name}.ts`, dir).href)) as { run: (args: string[]) => Promise<string> };
const body = await mod.run(args);
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const section = `<!-- bench:${name} -->\n## ${name}\n\nMeasured ${new Date().toISOString().slice(0, 10)} on ${machine}.\n\n${body.trim()}\n<!-- /bench:${name} -->`;
console.log(section);

const file = new URL('../BENCHMARKS.md', import.meta.url);
const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\nWritten by `npm run bench -- <name>`; each section is replaced when its benchmark runs again.\n';
const pattern = new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`);
writeFileSync(file, pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`);
