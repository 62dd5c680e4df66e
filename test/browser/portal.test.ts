/**
 * The developer portal in a real Chromium (Debian's /usr/bin/chromium, driven by playwright-core):
 * invite link → set password → sign in → create a key (shown once, copy works) → call the API with
 * it → the call on the Usage page and in GET /api/account/ → playground detection → a webhook job
 * with a failing receiver → revoke (the key gets 401) → delete → sign out. axe-core checks every
 * page (no serious or critical violation) and every control is reached with the Tab key.
 * Screenshots and a report go to PORTAL_SCREENSHOTS_DIR (`npm run screenshots` writes docs/screenshots/).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { inviteLink, inviteUser } from '../../server/platform/portal-accounts.ts';
import { wav } from '../helpers/media.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = path.resolve(process.env.PORTAL_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'portal-screenshots'));
/** axe-core's browser build, injected into each page as it is. */
const axeSource = axe.source;

/** A small photo-like PNG: gradients and noise. */
async function photo(): Promise<Buffer> {
  const [w, h] = [320, 240];
  const raw = Buffer.alloc(w * h * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = Math.max(0, Math.min(255, 100 + 80 * Math.sin(i / 301) + ((seed / 0x7fffffff) - 0.5) * 30));
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer();
}

interface AxeViolation { id: string; impact: string | null; help: string; nodes: unknown[] }
const report: { axe: Record<string, { violations: { id: string; impact: string | null; nodes: number }[]; passes: number }>; keyboard: Record<string, { controls: number; reached: number }>; inviteToFirstCallMs?: number; browser?: string } = { axe: {}, keyboard: {} };

/** Runs axe-core on the page as it is; fails on any serious or critical violation. */
async function checkAccessibility(page: Page, name: string): Promise<void> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: Document, options: object): Promise<{ violations: AxeViolation[]; passes: unknown[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return { violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length })), passes: r.passes.length };
  });
  report.axe[name] = { violations: result.violations.map(({ id, impact, nodes }) => ({ id, impact, nodes })), passes: result.passes };
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad, [], `${name}: axe found ${bad.map((v) => `${v.id} (${v.help})`).join('; ')}`);
}

/** Tabs through the page and checks that every visible control receives focus. */
async function checkKeyboard(page: Page, name: string): Promise<void> {
  const controls = await page.evaluate(() => {
    const all = Array.from(document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])'));
    const visible = all.filter((el) => el.getClientRects().length > 0 || el.classList.contains('skip'));
    visible.forEach((el, i) => (el.dataset.kb = String(i)));
    return visible.length;
  });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.locator('body').focus().catch(() => undefined);
  const reached = new Set<string>();
  for (let i = 0; i < controls + 10 && reached.size < controls; i++) {
    await page.keyboard.press('Tab');
    const kb = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.kb);
    if (kb !== undefined) reached.add(kb);
  }
  report.keyboard[name] = { controls, reached: reached.size };
  assert.equal(reached.size, controls, `${name}: ${controls - reached.size} control(s) not reachable with Tab`);
}

async function visit(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  await checkAccessibility(page, name);
  await checkKeyboard(page, name);
}

/** Without Chromium the suite is skipped with the fix, except where REQUIRE_BROWSER=1 (CI): there it fails. */
const skip = existsSync(CHROMIUM) || process.env.REQUIRE_BROWSER === '1' ? false : `no Chromium at ${CHROMIUM}: apt-get install chromium (.ci/run does)`;

describe('developer portal in Chromium', { skip }, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let receiver: http.Server;
  let receiverUrl: string;
  let receiverHits = 0;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({ worker: true, overrides: { webhookRetryDelayMs: () => 300, webhookTimeoutMs: 2_000 } });
    receiver = http.createServer((req, res) => {
      receiverHits++;
      req.resume();
      res.writeHead(500).end('receiver is broken');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    report.browser = browser.version();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
  });

  after(async () => {
    await browser?.close();
    receiver?.close();
    await server?.close();
    if (existsSync(SHOTS)) writeFileSync(path.join(SHOTS, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  });

  test('invite → password → sign in → key → API call → usage → playground → webhook attempts → revoke → delete → sign out', { timeout: 240_000 }, async (t) => {
    const email = `browser-${process.pid}@example.com`;
    const password = 'a long and memorable passphrase';
    const invite = await inviteUser(server.services.db, email, 'Free', new Date());
    const started = performance.now();

    // Invite link → set password.
    await page.goto(inviteLink(server.url, invite.token));
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await visit(page, 'set-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText(`Your password is set for ${email}.`).waitFor();
    assert.ok(!page.url().includes('token'), 'the token left the address bar');

    // Sign in.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/portal\/sign-in/);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('The email or the password is wrong.').waitFor();
    await page.getByLabel('Password').fill(password);
    await visit(page, 'sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/portal\/keys$/);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'ci_session')!;
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Lax');

    // No scope: a clear message.
    await page.getByRole('table').waitFor();
    await page.getByLabel('Key Name').fill('production');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByRole('alert').getByText('Choose at least one scope under Model Access.').waitFor();

    // Create a key: shown once, copy works.
    await page.getByLabel(/^ai_detector/).check();
    await page.getByLabel(/^grammar_checker/).check();
    await page.getByLabel('Expiration').selectOption('90d');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const shown = page.locator('#new-key');
    await shown.waitFor();
    const key = await shown.inputValue();
    assert.match(key, /^ci_[0-9A-Za-z]{40}$/);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), key);
    await visit(page, 'keys-new-key-shown');

    // The key works at once.
    const call = await fetch(`${server.url}/api/detector/`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify({ content: 'The committee met on Tuesday and agreed to fund two new projects next year.' }) });
    assert.equal(call.status, 200);
    report.inviteToFirstCallMs = Math.round(performance.now() - started);
    t.diagnostic(`invite link to first successful API call: ${report.inviteToFirstCallMs} ms`);
    const requestId = call.headers.get('x-request-id')!;
    const words = ((await call.json()) as { word_count: number }).word_count;

    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.reload();
    await page.getByRole('row', { name: /production/ }).waitFor();
    assert.ok(!(await page.content()).includes(key), 'the key is not on the page again');
    await page.getByText(/1 of 1 active keys/).waitFor();

    // The plan's key limit: a clear message with what to do.
    await page.getByLabel('Key Name').fill('second');
    await page.getByLabel(/^humanizer/).check();
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByRole('alert').getByText(/Free plan allows 1 active key.*Revoke or delete a key/).waitFor();
    await page.getByRole('row', { name: /production/ }).getByText(/^Never$|UTC/).last().waitFor();
    await visit(page, 'keys');

    // Usage: the call's charge in the ledger; the same in GET /api/account/.
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.waitForURL(/\/portal\/usage$/);
    await page.getByRole('cell', { name: requestId }).waitFor();
    await page.locator('svg.chart rect').first().waitFor();
    await visit(page, 'usage');
    const account = (await (await fetch(`${server.url}/api/account/`, { headers: { 'X-API-Key': key } })).json()) as { usage: { detector: number }; credits_remaining: number };
    assert.equal(account.usage.detector, words);
    assert.equal(account.credits_remaining, 1000 - words);
    await page.locator('.stat', { hasText: 'Credits remaining' }).getByText(String(1000 - words), { exact: true }).waitFor();

    // Playground: highlighted sentences.
    await page.getByRole('link', { name: 'Playground' }).click();
    await page.waitForURL(/\/portal\/playground$/);
    await page.getByText(/Costs \d+ credits \(1 per word\)/).waitFor();
    await page.getByRole('button', { name: 'Detect', exact: true }).click();
    await page.locator('.highlighted mark').first().waitFor();
    assert.equal(await page.locator('.highlighted mark').count(), 3);
    // The sentences that carry the verdict are named and underlined.
    const verdict = (await page.locator('.sentence-verdict').textContent()) ?? '';
    assert.match(verdict, /^(No sentence of 3 reads as AI|All 3 sentences read as AI|[12] of 3 sentences read as AI \(underlined\): sentences? [\d, ]+)\.$/);
    assert.equal(await page.locator('.highlighted mark.reads-ai').count(), Number(/^All/.test(verdict) ? 3 : /^No/.test(verdict) ? 0 : verdict[0]));
    await visit(page, 'playground');
    await page.getByRole('button', { name: 'Grammar', exact: true }).click();
    await page.getByRole('button', { name: 'Correct', exact: true }).click();
    await page.locator('.diff ins').first().waitFor();
    await visit(page, 'playground-grammar');
    await page.getByRole('button', { name: 'Humanizer', exact: true }).click();
    await page.getByRole('button', { name: 'Humanize', exact: true }).click();
    await page.locator('.side-by-side').waitFor();
    // The rewrite word by word, and the detector's score before and after.
    await page.getByText(/^AI score [\d.]+% before, [\d.]+% after$/u).waitFor();
    assert.ok((await page.locator('.diff ins').count()) > 0);
    await visit(page, 'playground-humanizer');
    await page.getByRole('button', { name: 'Image detection', exact: true }).click();
    await page.getByLabel('File').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await photo() });
    await page.getByText(/Costs 6 credits \(320×240/).waitFor();
    await page.getByRole('button', { name: 'Classify image', exact: true }).click();
    await page.locator('meter').first().waitFor();
    assert.equal(await page.locator('meter').count(), 3);
    await visit(page, 'playground-image');
    await page.getByRole('button', { name: 'Voice detection', exact: true }).click();
    await page.getByLabel('File').setInputFiles({ name: 'voice.wav', mimeType: 'audio/wav', buffer: wav(8) });
    await page.getByText(/Costs 80 credits \(8 s/).waitFor();
    await page.getByRole('button', { name: 'Classify voice', exact: true }).click();
    await page.locator('svg.chart rect').first().waitFor({ timeout: 60_000 });
    await visit(page, 'playground-voice');

    // A webhook job with a failing receiver: every attempt on the Jobs page.
    const accepted = await fetch(`${server.url}/api/detector/`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify({ content: 'A short text for a webhook.', callback_url: receiverUrl }) });
    assert.equal(accepted.status, 202);
    const taskId = ((await accepted.json()) as { task_id: string }).task_id;
    for (let i = 0; i < 100 && receiverHits < 4; i++) await new Promise((r) => setTimeout(r, 200));
    assert.equal(receiverHits, 4, 'one delivery and three retries');
    await page.getByRole('link', { name: 'Jobs and webhooks' }).click();
    await page.waitForURL(/\/portal\/jobs$/);
    const job = page.getByRole('article').filter({ hasText: taskId });
    await job.getByText('HTTP 500 (failed)').first().waitFor();
    assert.equal(await job.getByText('HTTP 500 (failed)').count(), 4);
    await job.getByRole('button', { name: /Send the webhook .* again/ }).click();
    await page.getByText(`Queued another delivery of ${taskId}.`).waitFor();
    for (let i = 0; i < 50 && receiverHits < 5; i++) await new Promise((r) => setTimeout(r, 200));
    assert.equal(receiverHits, 5, 'send again delivered once more');
    // The receiver saw the fifth delivery; its row is written when the worker has the answer.
    for (let i = 0; i < 50 && (await job.getByText('HTTP 500 (failed)').count()) < 5; i++) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(await job.getByText('HTTP 500 (failed)').count(), 5);
    await visit(page, 'jobs');

    // Revoke: the key gets 401 at once; then delete.
    await page.getByRole('link', { name: 'API Keys' }).click();
    await page.waitForURL(/\/portal\/keys$/);
    // Exact text: without it, 'Revoked' also matches the actions cell ("Revoke" + "Delete" + …).
    const productionRow = page.getByRole('row', { name: /production/ });
    await productionRow.getByText('Active', { exact: true }).waitFor();
    assert.equal(await productionRow.getByText('Revoked', { exact: true }).count(), 0);
    await page.getByRole('button', { name: 'Revoke production' }).click();
    await productionRow.getByText('Revoked', { exact: true }).waitFor();
    const refused = await fetch(`${server.url}/api/account/`, { headers: { 'X-API-Key': key } });
    assert.equal(refused.status, 401);
    assert.equal(((await refused.json()) as { code: string }).code, 'api_key_revoked');
    await page.getByRole('button', { name: 'Delete production' }).click();
    await page.getByText('No keys yet').waitFor();

    // Account page, then sign out.
    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(/\/portal\/account$/);
    await visit(page, 'account');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/portal\/sign-in$/);
    await page.goto(`${server.url}/portal/keys`);
    await page.waitForURL(/\/portal\/sign-in\?next=/);
    await page.goto(`${server.url}/`);
    await visit(page, 'home');
  });

  test('open sign-up (PORTAL_SIGNUP=open): a Free-plan account, signed in', { timeout: 120_000 }, async () => {
    const open = await startTestServer({ env: { PORTAL_SIGNUP: 'open' } });
    try {
      await page.goto(`${open.url}/portal/sign-in`);
      await page.getByRole('link', { name: 'Create one' }).click();
      await page.waitForURL(/\/portal\/sign-up$/);
      await page.getByLabel('Email').fill(`signup-${process.pid}@example.com`);
      await page.getByLabel('Password').fill('a long and memorable passphrase');
      await visit(page, 'sign-up');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/portal\/keys$/);
      await page.getByText('Free plan').waitFor();
    } finally {
      await open.close();
    }
  });
});
