/**
 * Batches of documents over HTTP with the real worker: multipart/form-data with the files in
 * `files`. A batch with unreadable files is refused whole, those files listed by index and file
 * name, nothing charged; a good batch completes with each result placed in its document, the
 * balance and the ledger exact; no upload is left on disk; the form's fields are checked
 * (undeclared ones, the service's options); Idempotency-Key compares the uploads by their bytes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BATCH_LIMITS } from '../../contract/catalogue.ts';
import { DetectionResult, GrammarResult } from '../../contract/schemas.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { encryptedPdf, makeDocx, makePdf } from '../helpers/documents.ts';
import { assertError } from '../helpers/endpoints.ts';
import { finishedBatch, startJobServer } from '../helpers/jobs.ts';
import type { TestServer } from '../helpers/server.ts';

const PARAGRAPHS = [
  'The committee met on Monday to review the annual budget and the plans for next year.',
  'Several members asked for more detail on travel costs before they would vote on it.',
  'The chair agreed to circulate a revised summary to everyone by the end of the week.',
];
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==', 'base64');

/** A multipart batch: the files (bytes and the name the client gives them) in `files`, and the form fields. */
function batchForm(files: [Buffer, string][], fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [bytes, name] of files) form.append('files', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

describe('batches of documents (multipart/form-data)', () => {
  let server: TestServer;
  let uploads: string;
  let pdf: Buffer;
  let docx: Buffer;
  before(async () => {
    uploads = mkdtempSync(path.join(os.tmpdir(), 'batch-uploads-'));
    server = await startJobServer({ env: { UPLOAD_DIR: uploads } });
    pdf = await makePdf([{ lines: PARAGRAPHS.slice(0, 2) }, { lines: PARAGRAPHS.slice(2) }], { title: 'Minutes' });
    docx = makeDocx(PARAGRAPHS, { title: 'Minutes (Word)' });
  });
  after(() => server.close());

  const post = (key: string, body: FormData, headers: Record<string, string> = {}) => server.request('/api/batches/', { method: 'POST', key, body, headers });
  const nothingLeftOnDisk = () => assert.deepEqual(readdirSync(uploads), [], 'no upload left in the upload folder');

  test('good and unreadable files: refused whole, the bad ones listed by index and file name, nothing charged', async () => {
    const { key, userId } = await server.account();
    const before = await creditStatement(server.services.db, userId);
    const res = await post(key, batchForm([[pdf, 'minutes.pdf'], [encryptedPdf(), 'C:\\fakepath\\locked.pdf'], [docx, 'minutes.docx'], [PNG, 'reports/photo.png']], { service: 'detector' }));
    assertError(res, 400, 'invalid_payload');
    assert.match(res.body.message, /2 of 4 items are invalid/);
    assert.deepEqual(
      res.body.details.items.map((i: { index: number; ref: string; code: string }) => [i.index, i.ref, i.code]),
      [[1, 'locked.pdf', 'encrypted_document'], [3, 'photo.png', 'unsupported_document']],
    );
    const after = await creditStatement(server.services.db, userId);
    assert.equal(after.balance, before.balance);
    assert.equal(after.entries.length, before.entries.length, 'no ledger entry');
    const [{ batches }] = await server.services.db.query<{ batches: number }>('select count(*)::int as batches from batches where user_id = $1', [userId]);
    assert.equal(batches, 0);
    nothingLeftOnDisk();
  });

  test('a good batch completes: each result is its single request\'s with `document` and pages; balance and ledger exact', async () => {
    const { key, userId } = await server.account();
    const start = (await creditStatement(server.services.db, userId)).balance;
    const res = await post(key, batchForm([[pdf, 'minutes.pdf'], [docx, 'minutes.docx']], { service: 'detector' }));
    assert.equal(res.status, 202, JSON.stringify(res.body));
    assert.equal(res.body.item_count, 2);
    nothingLeftOnDisk();
    const batch = await finishedBatch(server, key, res.body.batch_id);
    assert.equal(batch.status, 'completed');
    assert.deepEqual(batch.items.map((i) => [i.ref, i.status]), [['minutes.pdf', 'succeeded'], ['minutes.docx', 'succeeded']]);
    const [fromPdf, fromDocx] = batch.items.map((i) => DetectionResult.parse(i.result));
    assert.equal(fromPdf.document?.type, 'pdf');
    assert.equal(fromPdf.document?.title, 'Minutes');
    assert.equal(fromPdf.document?.pages, 2);
    assert.deepEqual(fromPdf.items.map((i) => i.page), [1, 1, 2]);
    assert.equal(fromDocx.document?.type, 'docx');
    assert.ok(fromDocx.items.every((i) => i.paragraph !== undefined && i.page === undefined));
    // The same text sent as content gets the same score: a document is read, then worked like text.
    const single = await server.request('/api/detector/', { method: 'POST', key, json: { content: fromPdf.document!.text } });
    assert.equal(single.body.ai_score, fromPdf.ai_score);
    const sum = fromPdf.word_count + fromDocx.word_count;
    assert.equal(res.body.credits_held, sum);
    assert.equal(batch.credits_charged, sum);
    const statement = await creditStatement(server.services.db, userId, 100);
    assert.equal(statement.balance, start - sum - single.body.word_count);
    assert.equal(statement.ledgerSum, statement.balance);
    assert.equal(statement.entries.filter((e) => e.kind === 'refund').length, 0);
  });

  test('grammar with its option as a form field; the service\'s options checked; undeclared fields refused', async () => {
    const { key, userId } = await server.account();
    const before = await creditStatement(server.services.db, userId);
    const grammar = await post(key, batchForm([[makeDocx(['She go to school every days.']), 'essay.docx']], { service: 'grammar', target_variant: 'en-GB' }));
    assert.equal(grammar.status, 202, JSON.stringify(grammar.body));
    const done = await finishedBatch(server, key, grammar.body.batch_id);
    assert.equal(GrammarResult.parse(done.items[0].result).document?.type, 'docx');

    const refusals: [FormData, RegExp][] = [
      [batchForm([[pdf, 'a.pdf']], { service: 'detector', items: '[]' }), /form field "items"/],
      [batchForm([[pdf, 'a.pdf']], { service: 'detector', target_varient: 'en-GB' }), /form field "target_varient"/],
      [batchForm([[pdf, 'a.pdf']], { service: 'detect-and-humanize' }), /detection_threshold: detect-and-humanize needs it/],
      [batchForm([[pdf, 'a.pdf']], { service: 'detector', target_variant: 'en-GB' }), /target_variant: only grammar takes it/],
      [batchForm([], { service: 'detector' }), /Send 1 to 20 documents in the multipart field "files"/],
      [batchForm(Array.from({ length: BATCH_LIMITS.maxFiles + 1 }, (_, i): [Buffer, string] => [docx, `${i}.docx`]), { service: 'detector' }), /at most 20 documents/],
    ];
    const single = new FormData();
    single.append('service', 'detector');
    single.append('file', new Blob([new Uint8Array(pdf)]), 'a.pdf');
    refusals.push([single, /holds a file; send the documents in the field "files"/]);
    for (const [form, message] of refusals) {
      const res = await post(key, form);
      assertError(res, 400, 'invalid_payload');
      assert.match(res.body.message, message);
    }
    const after = await creditStatement(server.services.db, userId, 100);
    assert.equal(after.entries.filter((e) => e.kind === 'charge').length, before.entries.filter((e) => e.kind === 'charge').length + 1, 'only the grammar batch was charged');
    nothingLeftOnDisk();
  });

  test('a file over 25 MB, or files over 100 MB together, are 413 payload_too_large before anything is read or charged', async () => {
    const { key, userId } = await server.account();
    const before = await creditStatement(server.services.db, userId);
    const oneTooLarge = await post(key, batchForm([[pdf, 'a.pdf'], [Buffer.alloc(26 * 2 ** 20, 'a'), 'big.txt']], { service: 'detector' }));
    assertError(oneTooLarge, 413, 'payload_too_large');
    assert.equal(oneTooLarge.body.details.limit_bytes, 25 * 2 ** 20);
    const part = Buffer.alloc(21 * 2 ** 20, 'a');
    const together = await post(key, batchForm(Array.from({ length: 5 }, (_, i): [Buffer, string] => [part, `${i}.txt`]), { service: 'detector' }));
    assertError(together, 413, 'payload_too_large');
    assert.equal(together.body.details.limit_bytes, BATCH_LIMITS.maxUploadBytes);
    assert.equal((await creditStatement(server.services.db, userId)).entries.length, before.entries.length);
    nothingLeftOnDisk();
  });

  test('Idempotency-Key: the same files answer the first 202 again; other bytes under the key are refused', async () => {
    const { key, userId } = await server.account();
    const headers = { 'Idempotency-Key': 'batch-docs-1' };
    const first = await post(key, batchForm([[pdf, 'minutes.pdf']], { service: 'detector' }), headers);
    assert.equal(first.status, 202, JSON.stringify(first.body));
    const again = await post(key, batchForm([[pdf, 'minutes.pdf']], { service: 'detector' }), headers);
    assert.equal(again.status, 202);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body.batch_id, first.body.batch_id);
    assertError(await post(key, batchForm([[docx, 'minutes.pdf']], { service: 'detector' }), headers), 409, 'idempotency_key_reuse');
    const [{ batches }] = await server.services.db.query<{ batches: number }>('select count(*)::int as batches from batches where user_id = $1', [userId]);
    assert.equal(batches, 1);
    nothingLeftOnDisk();
  });
});
