/**
 * ARCHITECTURE.md's walk of `POST /api/detector/` (issue 35) against the code: every file it names
 * exists, every function or value it names is declared in the walk's files, no declaration it
 * names holds a cast (`as`, `<T>x`, `x!`), and each path stays within 12 stops in 6 folders.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import ts from 'typescript';

const root = new URL('../../', import.meta.url);
const architecture = readFileSync(new URL('ARCHITECTURE.md', root), 'utf8');

interface Stop { list: number; number: number; files: string[]; names: string[]; line: string }

/** `data/x.ts` is under server/platform, other short paths under server/; `{a,b}` expands. */
function resolveFiles(token: string): string[] {
  const brace = /^(.*)\{([^}]+)\}(.*)$/.exec(token);
  if (brace) return brace[2].split(',').flatMap((part) => resolveFiles(`${brace[1]}${part}${brace[3]}`));
  if (token.startsWith('server/') || token.startsWith('contract/')) return [token];
  if (token.startsWith('data/')) return [`server/platform/${token}`];
  return [`server/${token}`];
}

/** The numbered stops of the walk's lists (a list starts again where the numbering does not go on). */
function walkStops(): Stop[] {
  const start = architecture.indexOf('### Following `POST /api/detector/`');
  assert.ok(start >= 0, 'ARCHITECTURE.md has the walk');
  const section = architecture.slice(start, architecture.indexOf('\n## ', start));
  const stops: Stop[] = [];
  let list = 0;
  let last = Infinity;
  for (const line of section.split('\n')) {
    const m = /^(\d+)\. (.*)$/.exec(line);
    if (!m) continue;
    const number = Number(m[1]);
    if (number !== last + 1) list += 1;
    last = number;
    const [where, what = ''] = m[2].split(' — ');
    const tokens = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((t) => t[1]);
    const files = [...tokens(where), ...tokens(what)].filter((t) => t.endsWith('.ts')).flatMap(resolveFiles);
    const names = tokens(what).filter((t) => /^[A-Za-z_]\w*(\.\w+)*$/.test(t)).map((t) => t.split('.').at(-1)!);
    stops.push({ list, number, files, names, line });
  }
  return stops;
}

/** Each declaration of `name` in a file (function, method, variable, property), with the casts inside it. */
function declarations(file: string, name: string): { casts: string[] }[] {
  const text = readFileSync(new URL(file, root), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { casts: string[] }[] = [];
  const castsIn = (node: ts.Node): string[] => {
    const casts: string[] = [];
    const visit = (n: ts.Node) => {
      const isCast = (ts.isAsExpression(n) && n.type.getText(source) !== 'const') || ts.isTypeAssertionExpression(n) || ts.isNonNullExpression(n);
      if (isCast) casts.push(`${file}:${source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1} ${n.getText(source).slice(0, 80)}`);
      ts.forEachChild(n, visit);
    };
    visit(node);
    return casts;
  };
  const visit = (node: ts.Node) => {
    const named = ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node)
      || ts.isClassDeclaration(node) || ts.isMethodSignature(node) || ts.isPropertySignature(node) || ts.isShorthandPropertyAssignment(node);
    if (named && node.name && ts.isIdentifier(node.name) && node.name.text === name) found.push({ casts: castsIn(node) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const folderOf = (file: string) => file.split('/').slice(0, file.startsWith('contract/') ? 1 : 2).join('/');

describe('the walk of POST /api/detector/ in ARCHITECTURE.md', () => {
  const stops = walkStops();

  test('has a synchronous and an asynchronous path, each within 12 stops and 6 folders', () => {
    const lists = [...new Set(stops.map((s) => s.list))];
    assert.equal(lists.length, 2, 'two numbered lists: synchronous, then asynchronous (going on from the first)');
    for (const list of lists) {
      const own = stops.filter((s) => s.list === list);
      const count = Math.max(...own.map((s) => s.number));
      assert.ok(count <= 12, `list ${list}: ${count} stops`);
      // The asynchronous list goes on from the first list's stops 1..(its first number - 1).
      const inherited = stops.filter((s) => s.list === 1 && s.number < own[0].number);
      const folders = new Set([...inherited, ...own].map((s) => folderOf(s.files[0])));
      assert.ok(folders.size <= 6, `list ${list}: folders ${[...folders].join(', ')}`);
    }
  });

  test('every file it names exists, and every name it gives is declared in the walk\'s files, without a cast', () => {
    const casts: string[] = [];
    const walkFiles = [...new Set(stops.flatMap((s) => s.files))];
    for (const stop of stops) {
      assert.ok(stop.files.length > 0, `a stop names its file: ${stop.line}`);
      for (const file of stop.files) assert.ok(existsSync(new URL(file, root)), `${file} exists (${stop.line})`);
      for (const name of stop.names) {
        // In the stop's own files; a name of a stop before or after it ("`textEndpoint` with `runDetection`") in the walk's.
        const own = stop.files.flatMap((file) => declarations(file, name));
        const found = own.length ? own : walkFiles.flatMap((file) => declarations(file, name));
        assert.ok(found.length > 0, `\`${name}\` is declared in ${stop.files.join(', ')} or another file of the walk`);
        casts.push(...found.flatMap((d) => d.casts));
      }
    }
    assert.deepEqual([...new Set(casts)], [], 'no cast on the way');
  });
});
