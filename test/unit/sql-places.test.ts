/**
 * Where SQL is written (ARCHITECTURE.md, "Layers"): only in `server/platform/data/` (statements by
 * table family) and `server/db/` (connection, migrations). A statement anywhere else in server/ is a
 * service or a route reaching past the data layer.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

const server = new URL('../../server/', import.meta.url).pathname;
/** A statement as this code base writes them (lower-case keywords). */
const SQL = /^\s*(select|insert into|update \w+ set|delete from|with \w+ as \()\s/;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : tsFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** The string and template literals of a file that start like a SQL statement, as "file:line text". */
function statementsIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) && SQL.test(node.text)) {
      found.push(`${path.relative(server, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${node.text.trim().slice(0, 60)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('SQL is written only in server/platform/data and server/db', () => {
  const files = tsFiles(server);
  const elsewhere = files.filter((f) => !f.startsWith(path.join(server, 'platform/data/')) && !f.startsWith(path.join(server, 'db/'))).flatMap(statementsIn);
  assert.deepEqual(elsewhere, []);
  // The scan finds statements where they belong (a scan that finds nothing anywhere proves nothing).
  assert.ok(files.filter((f) => f.startsWith(path.join(server, 'platform/data/'))).flatMap(statementsIn).length > 20);
});
