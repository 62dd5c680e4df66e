/**
 * The developer portal in a real Chromium (Debian's /usr/bin/chromium, driven by playwright-core):
 * invite link → set password → sign in → create a key (shown once, copy works) → call the API with
 * it → the call on the Usage page and in GET /api/account/ → playground detection → a webhook job
 * with a failing receiver → revoke (the key gets 401) → delete → sign out. axe-core checks every
 * page (no serious or critical violation), every control is reached with the Tab key, and every
 * page fits a 390-px phone screen without sideways scrolling, its chart text at a readable size.
 * Screenshots at 1280 and 390 px and a report go to PORTAL_SCREENSHOTS_DIR (`npm run screenshots`
 * writes docs/screenshots/).
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
import { makePdf } from '../helpers/documents.ts';
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
const report: { axe: Record<string, { violations: { id: string; impact: string | null; nodes: number }[]; passes: number }>; keyboard: Record<string, { controls: number; reached: number }>; phone: Record<string, { scrollWidth: number; smallestChartTextPx: number | null }>; inviteToFirstCallMs?: number; browser?: string } = { axe: {}, keyboard: {}, phone: {} };

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The smallest chart text that still reads on a phone (the usage chart's axis once was 4.6 px). */
const MIN_CHART_TEXT_PX = 9;

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

/**
 * At 390 px: nothing wider than the screen (the page does not scroll sideways), and the text of
 * every chart at least MIN_CHART_TEXT_PX tall. Leaves the page at its desktop size.
 */
async function checkPhone(page: Page, name: string, fullPage = true): Promise<void> {
  await page.setViewportSize(PHONE);
  try {
    // Charts redraw at their new width on the next frame (ResizeObserver).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const fit = await page.evaluate(() => {
      const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !el.closest('pre, .wide'))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} (right edge ${Math.round(el.getBoundingClientRect().right)} px)`);
      const sizes = Array.from(document.querySelectorAll('svg text'), (t) => t.getBoundingClientRect().height).filter((height) => height > 0);
      return { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, wide, smallest: sizes.length ? Math.min(...sizes) : null };
    });
    await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage });
    report.phone[name] = { scrollWidth: fit.scrollWidth, smallestChartTextPx: fit.smallest === null ? null : Math.round(fit.smallest * 10) / 10 };
    assert.ok(fit.scrollWidth <= fit.clientWidth, `${name}: at 390 px the page scrolls sideways (${fit.scrollWidth} px wide); too wide: ${fit.wide.join(', ')}`);
    assert.ok(fit.smallest === null || fit.smallest >= MIN_CHART_TEXT_PX, `${name}: chart text ${fit.smallest} px tall at 390 px`);
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}

async function visit(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  await checkAccessibility(page, name);
  await checkKeyboard(page, name);
  await checkPhone(page, name);
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
  let receiverUserAgent: string | undefined;
  let nativeDialogs = 0;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({ worker: true, overrides: { webhookRetryDelayMs: () => 300, webhookTimeoutMs: 2_000 } });
    receiver = http.createServer((req, res) => {
      receiverHits++;
      receiverUserAgent = req.headers['user-agent'];
      req.resume();
      res.writeHead(500).end('receiver is broken');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    report.browser = browser.version();
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    // The portal asks in its own accessible dialog; a native one (confirm, alert) is counted as a failure.
    page.on('dialog', (dialog) => {
      nativeDialogs++;
      void dialog.dismiss();
    });
  });

  after(async () => {
    await browser?.close();
    receiver?.close();
    await server?.close();
    if (existsSync(SHOTS)) writeFileSync(path.join(SHOTS, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  });

  test('invite → password → sign in → key → API call → usage → playground → webhook attempts → revoke → delete → sign out', { timeout: 600_000 }, async (t) => {
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
    // Setting the password signs the user in.
    await page.waitForURL(/\/portal\/keys$/);
    assert.ok(!page.url().includes('token'), 'the token left the address bar');
    await page.locator('header .who').getByText(email).waitFor();

    // Sign out, then sign in.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/portal\/sign-in/);
    await page.getByLabel('Email').fill(email);
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

    // The list comes first; the form is behind Create API Key.
    await page.getByRole('table').waitFor();
    assert.equal(await page.getByLabel('Key Name').isVisible(), false, 'the form is closed until asked for');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    assert.equal(await page.getByRole('button', { name: 'Create API Key' }).getAttribute('aria-expanded'), 'true');

    // All scopes at once, and back.
    await page.getByLabel('All scopes').check();
    assert.equal(await page.locator('input[name=scopes]:checked').count(), 6);
    await page.getByLabel('All scopes').uncheck();
    assert.equal(await page.locator('input[name=scopes]:checked').count(), 0);

    // No scope: a clear message.
    await page.getByLabel('Key Name').fill('production');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await page.getByRole('alert').getByText('Choose at least one scope under Model Access.').waitFor();

    // Create a key: shown once, copy works.
    await page.getByLabel(/^ai_detector/).check();
    await page.getByLabel(/^grammar_checker/).check();
    await page.getByLabel('Expiration').selectOption('90d');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
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
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByLabel('Key Name').fill('second');
    await page.getByLabel(/^humanizer/).check();
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await page.getByRole('alert').getByText(/Free plan allows 1 active key.*Revoke or delete a key/).waitFor();
    await page.getByRole('row', { name: /production/ }).getByText(/^Never$|UTC/).last().waitFor();
    await visit(page, 'keys');

    // Usage: the call's charge in the ledger; the same in GET /api/account/.
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.waitForURL(/\/portal\/usage$/);
    await page.getByRole('cell', { name: requestId }).waitFor();
    await page.locator('svg.chart rect').first().waitFor();
    // Round y-axis ticks, each once (an empty or small chart once read 0, 1, 1).
    const ticks = (await page.locator('svg.chart text[text-anchor=end]').allTextContents()).map((t) => Number(t.replaceAll(',', '')));
    assert.equal(new Set(ticks).size, ticks.length, `y-axis ticks ${ticks.join(', ')}`);
    assert.ok(ticks.every((t, i) => Number.isInteger(t) && t === i * ticks[1]), `y-axis ticks ${ticks.join(', ')}`);
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

    // Short of credits: the figures formatted, and where to go from here.
    const [{ credits }] = await server.services.db.query<{ credits: number }>('select credits from users where email = $1', [email]);
    await server.services.db.query('update users set credits = 5 where email = $1', [email]);
    await page.getByRole('textbox', { name: 'Text' }).fill('word '.repeat(1_200));
    await page.getByRole('button', { name: 'Detect', exact: true }).click();
    const short = page.getByRole('alert');
    await short.getByText('This costs 1,200 credits and your balance is 5.').waitFor();
    await short.getByRole('link', { name: 'See your balance and next reset' }).waitFor();
    await server.services.db.query('update users set credits = $2 where email = $1', [email, credits]);

    // A text the humanizer would refuse shows what it lacks, not a price.
    await page.getByRole('button', { name: 'Humanizer', exact: true }).click();
    await page.getByRole('textbox', { name: 'Text' }).fill('Far too short.');
    await page.locator('#price').getByText('Needs at least 50 words (this text has 3)').waitFor();
    assert.doesNotMatch(await page.locator('#price').innerText(), /Costs/);
    await page.getByRole('button', { name: 'Grammar', exact: true }).click();
    await page.getByRole('button', { name: 'Correct', exact: true }).click();
    // The engines' first call on a busy machine can take a while.
    await page.locator('.diff ins').first().waitFor({ timeout: 120_000 });
    await visit(page, 'playground-grammar');
    await page.getByRole('button', { name: 'Humanizer', exact: true }).click();
    await page.getByRole('button', { name: 'Humanize', exact: true }).click();
    await page.locator('.side-by-side').waitFor({ timeout: 120_000 });
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
    assert.match(await page.locator('.result h3').innerText(), /^(Real photo|AI-generated|AI-edited \(inpainting\)) \(confidence/);
    // The AI classes' bars are not green like the real one's: the colour of each meter's bar, from
    // the stylesheet rule that matches it (getComputedStyle cannot read a meter's bar).
    const barColour = (id: string) => page.evaluate((sel) => {
      const meter = document.querySelector(sel)!;
      const rules = Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules)).filter((r): r is CSSStyleRule => r instanceof CSSStyleRule);
      const rule = rules.find((r) => r.selectorText.endsWith('::-webkit-meter-optimum-value') && meter.matches(r.selectorText.replace('::-webkit-meter-optimum-value', '')));
      return rule?.style.backgroundColor;
    }, id);
    assert.equal(await barColour('#p-real'), 'rgb(26, 127, 55)');
    assert.equal(await barColour('#p-fake'), 'rgb(207, 34, 46)');
    await visit(page, 'playground-image');
    await page.getByRole('button', { name: 'Voice detection', exact: true }).click();
    await page.getByLabel('File').setInputFiles({ name: 'voice.wav', mimeType: 'audio/wav', buffer: wav(8) });
    await page.getByText(/Costs 80 credits \(8 s/).waitFor();
    await page.getByRole('button', { name: 'Classify voice', exact: true }).click();
    await page.locator('svg.chart rect').first().waitFor({ timeout: 60_000 });
    assert.match(await page.locator('.result h3').innerText(), /^(AI voice|Natural voice|Undetermined) \(AI probability/);
    // A time axis and a probability axis, and each segment's figures in a table.
    const labels = await page.locator('svg.chart text').allTextContents();
    for (const label of ['0 s', '0%', '50%', '100%']) assert.ok(labels.includes(label), `timeline label ${label} in ${labels.join(', ')}`);
    assert.ok(labels.some((l) => /^[1-9]\d* s$/.test(l)), `a time tick after 0 s in ${labels.join(', ')}`);
    await page.getByRole('table', { name: 'Segments' }).getByRole('cell', { name: /^\d+\.\d%$/ }).first().waitFor();
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
    await job.getByText('Gave up after 5 failed attempts').waitFor();
    await job.getByText('receiver is broken').first().waitFor();
    await job.getByText('Request payload').click();
    assert.equal(JSON.parse(await job.locator('pre.payload').innerText()).task_id, taskId);
    assert.match(receiverUserAgent ?? '', /^ContentIntegrityAPI-Webhooks\//);
    await visit(page, 'jobs');

    // Revoke: the key gets 401 at once; then delete.
    await page.getByRole('link', { name: 'API Keys' }).click();
    await page.waitForURL(/\/portal\/keys$/);
    // Exact text: without it, 'Revoked' also matches the actions cell ("Revoke" + "Delete" + …).
    const productionRow = page.getByRole('row', { name: /production/ });
    await productionRow.getByText('Active', { exact: true }).waitFor();
    assert.equal(await productionRow.getByText('Revoked', { exact: true }).count(), 0);
    await page.getByRole('button', { name: 'Revoke production' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke "production"?' });
    await dialog.waitFor();
    await checkAccessibility(page, 'keys-revoke-dialog');
    await page.screenshot({ path: path.join(SHOTS, 'keys-revoke-dialog.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await productionRow.getByText('Active', { exact: true }).count(), 1, 'Escape cancels');
    await page.getByRole('button', { name: 'Revoke production' }).click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await productionRow.getByText('Revoked', { exact: true }).waitFor();
    const refused = await fetch(`${server.url}/api/account/`, { headers: { 'X-API-Key': key } });
    assert.equal(refused.status, 401);
    assert.equal(((await refused.json()) as { code: string }).code, 'api_key_revoked');
    await page.getByRole('button', { name: 'Delete production' }).click();
    await page.getByRole('dialog', { name: 'Delete "production"?' }).getByRole('button', { name: 'Delete key' }).click();
    await page.getByText('No keys yet').waitFor();

    // Account page, then sign out.
    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(/\/portal\/account$/);
    await page.locator('.facts').getByText(email).waitFor();
    await page.locator('.facts').getByText('Free', { exact: true }).waitFor();
    await visit(page, 'account');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/portal\/sign-in$/);
    await page.goto(`${server.url}/portal/keys`);
    await page.waitForURL(/\/portal\/sign-in\?next=/);
    await page.goto(`${server.url}/`);
    await visit(page, 'home');
    await page.goto(`${server.url}/docs`);
    // The reference is long: its screenshots show the first screen only.
    await checkPhone(page, 'docs', false);
    await page.screenshot({ path: path.join(SHOTS, 'docs.png') });
    assert.equal(nativeDialogs, 0, 'no native confirm() or alert()');
  });

  test('playground documents: a PDF chosen for detection, a link for grammar; highlights show their page', { timeout: 300_000 }, async () => {
    const open = await startTestServer({ env: { PORTAL_SIGNUP: 'open' } });
    const pdf = await makePdf([{ lines: ['The first page talks about the weather in spring.'] }, { lines: ['The second page talks about gardens in summer.'] }], { title: 'Seasons' });
    const site = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('She go to school every days. The bus are late.')).listen(0, '127.0.0.1');
    await new Promise((resolve) => site.once('listening', resolve));
    try {
      await page.goto(`${open.url}/portal/sign-up`);
      await page.getByLabel('Email').fill(`docs-${process.pid}@example.com`);
      await page.getByLabel('Password').fill('a long and memorable passphrase');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/portal\/keys$/);
      await page.goto(`${open.url}/portal/playground`);
      await page.getByLabel('Document file (or drop it on this form)').setInputFiles({ name: 'seasons.pdf', mimeType: 'application/pdf', buffer: pdf });
      await page.locator('#price').getByText(/Charged like the text read out of the document/).waitFor();
      await page.getByRole('button', { name: 'Detect', exact: true }).click();
      await page.locator('.document-line').getByText(/PDF · “Seasons” · 2 pages/).waitFor({ timeout: 120_000 });
      assert.deepEqual(await page.locator('.highlighted .page-label').allTextContents(), ['p. 1', 'p. 2']);
      assert.match((await page.locator('.highlighted mark').nth(1).getAttribute('title')) ?? '', /page 2/);
      await visit(page, 'playground-document');
      await page.getByRole('button', { name: 'Grammar', exact: true }).click();
      const link = `http://127.0.0.1:${(site.address() as AddressInfo).port}/homework.txt`;
      await page.getByLabel('Or a link to a page or file').fill(link);
      await page.getByRole('button', { name: 'Correct', exact: true }).click();
      await page.locator('.document-line a', { hasText: link }).waitFor({ timeout: 120_000 });
      assert.ok((await page.locator('.diff ins').count()) > 0);
      assert.match((await page.locator('.diff ins').first().getAttribute('title')) ?? '', /paragraph 1/);
    } finally {
      site.close();
      await open.close();
    }
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
