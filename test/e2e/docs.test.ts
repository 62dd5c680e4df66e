/**
 * GET /docs renders in a real browser: headless Chromium (Debian's package, driven by playwright-core)
 * loads the page from the test server with the network otherwise cut off, and every path of the route
 * table must be visible. Skipped, with the command that fixes it, where no Chromium is installed.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { API_VERSION } from '../../contract/openapi.ts';
import { routes } from '../../contract/routes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const CHROMIUM = '/usr/bin/chromium';
const skip = existsSync(CHROMIUM) ? false : 'no chromium: apt-get install chromium';

describe('GET /docs in headless Chromium', { skip }, () => {
  let server: TestServer;
  let browser: Browser;
  let tmp: string;
  before(async () => {
    server = await startTestServer();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    tmp = mkdtempSync(path.join(os.tmpdir(), 'ci-docs-'));
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  test('the page has its title, shows every path of the route table, loads nothing from elsewhere, and screenshots', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const foreign: string[] = [];
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The page must be self-contained: refuse (and record) any request that is not to the test server.
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(server.url)) return route.continue();
      foreign.push(route.request().url());
      return route.abort();
    });

    const response = await page.goto(`${server.url}/docs`, { waitUntil: 'load' });
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-type'] ?? '', /^text\/html/);
    assert.equal(await page.title(), 'Content Integrity API — API reference');
    assert.ok((await page.locator('h1').first().innerText()).includes('Content Integrity API'));
    assert.ok((await page.locator('nav').innerText()).includes(API_VERSION));

    for (const route of routes) {
      const section = page.locator(`section[id="${route.op}"]`);
      await section.waitFor({ state: 'attached' });
      // Operations are grouped by tag: the tag is an h2, the operation an h3 under it.
      const heading = section.locator('h3');
      assert.equal(await heading.isVisible(), true, `${route.op}: heading not visible`);
      const text = await heading.innerText();
      assert.ok(text.includes(route.path) && text.includes(route.method.toUpperCase()), `${route.op}: heading "${text}"`);
      // The navigation links to it, and following the link brings it into view.
      const link = page.locator(`nav a[href="#${route.op}"]`);
      assert.equal(await link.isVisible(), true, `${route.op}: no visible navigation link`);
      await link.click();
      assert.equal(await heading.isVisible(), true);
      const box = await heading.boundingBox();
      assert.ok(box && box.width > 0 && box.height > 0, `${route.op}: heading has no size`);
    }
    // Navigation by tag, and the way back to the portal.
    for (const tag of new Set(routes.map((r) => r.tag))) {
      assert.equal(await page.locator('nav h2 a', { hasText: tag }).isVisible(), true, `tag ${tag} in the navigation`);
    }
    assert.equal(await page.locator('nav a[href="/portal/"]').isVisible(), true);
    // Every operation has a curl command to copy; the five that read documents also one with a url and one uploading a file.
    assert.equal(await page.locator('details summary', { hasText: /^Example: curl$/ }).count(), routes.length);
    assert.equal(await page.locator('details summary', { hasText: 'Example: curl (url)' }).count(), 5);
    assert.equal(await page.locator('details summary', { hasText: 'Example: curl (file)' }).count(), 5);
    // Every schema a response points to is rendered.
    const broken = await page.$$eval('a[href^="#schema-"]', (links) => links.map((a) => a.getAttribute('href')!.slice(1)).filter((id) => !document.getElementById(id)));
    assert.deepEqual([...new Set(broken)], []);

    assert.deepEqual(foreign, [], 'the page fetched something from outside the server (CDN?)');
    assert.deepEqual(pageErrors, []);
    await page.evaluate(() => window.scrollTo(0, 0));
    const screenshot = path.join(tmp, 'docs.png');
    await page.screenshot({ path: screenshot, fullPage: false });
    assert.ok(statSync(screenshot).size > 10_000, 'the screenshot looks empty');
    await page.close();
  });
});
