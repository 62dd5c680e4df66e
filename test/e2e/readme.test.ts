/**
 * The README's curl examples, run as written against a freshly started server (server/main.ts on a
 * fresh data folder, as `npm start` runs it), in the README's order: every ```sh block that
 * contains `curl` runs in bash with the server's address for localhost:8000, the demo key the server
 * printed as CI_API_KEY, an admin key made with the admin CLI command the README gives as
 * CI_ADMIN_API_KEY, the files the upload examples name (photo.jpg, voice.wav, essay.pdf,
 * essay.docx) in its working folder, and the web page the `url` example names served on loopback
 * (its address put in place of example.com's, as the server's is for localhost:8000). curl is run with --fail-with-body, so an HTTP error fails its block. The route table is
 * checked against the blocks too: every endpoint has an example.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { routes } from '../../contract/routes.ts';
import { makeDocx, makePdf } from '../helpers/documents.ts';
import { untilListening } from '../helpers/listening.ts';
import { wav } from '../helpers/media.ts';

/** The essay in lines of ten words, as a PDF page draws them. */
const essayLines = () => ESSAY.trim().split(' ').reduce<string[][]>((lines, word, i) => (i % 10 ? lines[lines.length - 1].push(word) : lines.push([word]), lines), []).map((words) => words.join(' '));
const ESSAY = 'The committee met on Tuesday to review the budget and agreed to fund two new projects next year. Several members said the plan was sensible, and the chair promised a full report by the end of the month. ';

const run = promisify(execFile);

/** The README's ```sh blocks that contain a curl command, with the heading they are under. */
function curlBlocks(readme: string): { section: string; script: string }[] {
  const blocks: { section: string; script: string }[] = [];
  let section = '';
  const lines = readme.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('#')) section = lines[i].replace(/^#+\s*/, '');
    if (lines[i] !== '```sh') continue;
    const end = lines.indexOf('```', i + 1);
    const script = lines.slice(i + 1, end).join('\n');
    if (/\bcurl\b/.test(script)) blocks.push({ section, script });
    i = end;
  }
  return blocks;
}

const README = readFileSync('README.md', 'utf8');
const BLOCKS = curlBlocks(README);

describe("the README's curl examples", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ci-readme-'));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ci-readme-files-'));
  let server: ReturnType<typeof spawn> | undefined;
  let url = '';
  let env: NodeJS.ProcessEnv = {};
  let site: http.Server | undefined;
  let siteUrl = '';

  before(async () => {
    // The engines load on first use (WARM_ENGINES=false): the examples wait for them instead of the start.
    // The examples' web page (example.com) is served here, on loopback: the server may fetch it.
    site = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<html><head><title>An essay</title></head><body><nav>Home | About</nav><article><h1>An essay</h1><p>${ESSAY}</p><p>${ESSAY}</p></article><footer>Contact</footer></body></html>`));
    await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    const serverEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ENGINE_THREADS: '1', WARM_ENGINES: 'false', ALLOW_PRIVATE_CALLBACKS: 'true' };
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const started = await untilListening(server);
    url = started.url;
    const output = started.output();
    const demoKey = /ci_[0-9A-Za-z]{40}/.exec(output)?.[0];
    assert.ok(demoKey, 'the demo key is printed on first start');
    // The admin key, with the command the README gives (the CLI joins the server's embedded database).
    const admin = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'keys', 'create', '--user', 'demo@example.com', '--name', 'operator', '--scopes', 'admin', '--json'], { env: serverEnv });
    const adminKey = (JSON.parse(admin.stdout) as { key: string }).key;
    writeFileSync(path.join(workDir, 'photo.jpg'), await sharp({ create: { width: 320, height: 240, channels: 3, background: '#6a8caf' } }).jpeg().toBuffer());
    writeFileSync(path.join(workDir, 'voice.wav'), wav(3));
    writeFileSync(path.join(workDir, 'essay.pdf'), await makePdf([{ lines: essayLines() }, { lines: essayLines() }]));
    writeFileSync(path.join(workDir, 'essay.docx'), makeDocx([ESSAY, ESSAY]));
    env = { PATH: process.env.PATH, HOME: workDir, CI_API_KEY: demoKey, CI_ADMIN_API_KEY: adminKey };
  });

  after(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      setTimeout(() => server!.kill('SIGKILL'), 30_000).unref();
      await exited;
    }
    site?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  });

  test('every endpoint of the route table has a curl example', () => {
    const examples = BLOCKS.map((b) => b.script).join('\n');
    for (const route of routes) {
      const pathPattern = route.path.replace(/\{\w+\}/g, '[^/ \'"]+').replace(/[.?]/g, '\\$&');
      const curls = examples.split('\n').filter((line) => line.includes('curl ') && new RegExp(`localhost:8000${pathPattern}(['"?\\s]|$)`).test(line));
      const withMethod = curls.filter((line) => (route.method === 'get' ? !/ -X | -d | -F /.test(line) : route.method === 'delete' ? line.includes('-X DELETE') : true));
      assert.ok(withMethod.length > 0, `${route.method.toUpperCase()} ${route.path} has no curl example in README.md`);
    }
  });

  for (const [i, block] of BLOCKS.entries()) {
    const first = block.script.split('\n').find((line) => line.includes('curl'))!.trim();
    test(`${block.section}: ${first.slice(0, 90)}`, { timeout: 300_000 }, async () => {
      const script = block.script.replaceAll('http://localhost:8000', url).replaceAll('https://example.com/essay.html', siteUrl);
      // Any HTTP error fails the block (curl -s alone would exit 0 on a 4xx or 5xx).
      const prelude = 'set -euo pipefail\ncurl() { command curl --fail-with-body --max-time 240 "$@"; }\n';
      const result = await run('bash', ['-c', prelude + script], { cwd: workDir, env, timeout: 290_000 }).catch((error: { code?: number; stdout?: string; stderr?: string }) =>
        assert.fail(`README block ${i + 1} (${block.section}) exited ${error.code}:\n${script}\n--- stdout\n${error.stdout}\n--- stderr\n${error.stderr}`),
      );
      assert.ok(result.stdout.trim().length > 0, 'it printed an answer');
    });
  }
});
