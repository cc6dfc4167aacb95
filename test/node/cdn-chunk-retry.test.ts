/**
 * A chunk that cannot be downloaded, in the built CDN bundle (real Chromium, the sandbox over loopback):
 * `<kyb-form>`'s form objects and later steps' controllers are a chunk of their own (runtime/objects.ts),
 * loaded once a form exists. When it fails, the next step shows the failure with "Try again", `kyb-error`
 * fires, and "Try again" opens the step once the chunk can be downloaded. Nothing typed is lost.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { buildCdn, chromiumLaunchOptions, startPageServer, type PageServer } from '../support/page-server.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';

let server: PageServer;
let browser: Browser;
const pages: Record<string, string> = {};

before(async () => {
  server = await startPageServer({ mounts: { '/cdn/': await buildCdn() }, pages });
  browser = await chromium.launch(chromiumLaunchOptions());
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test("the form objects' chunk fails, then downloads: the step says so, and Try again opens it", async () => {
  const control = new SandboxControl({ baseUrl: `${server.origin}/sandbox` });
  const account = await control.createAccount({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
  const partner = new PartnerClient({ baseUrl: `${server.origin}/sandbox`, ...account });
  const token = (await partner.createKybToken({ clientId: `chunk-${Date.now()}` })).tokenString;
  pages['/retry.html'] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Retry</title>
<script type="module" src="/cdn/verify-elements.js"></script></head>
<body><main><kyb-form api-base="/sandbox" token="${token}"></kyb-form></main></body></html>`;
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let failing = true;
  let refused = 0;
  await page.route(/\/cdn\/chunks\/objects-[\w-]+\.js$/, async (route) => {
    if (!failing) return route.continue();
    refused++;
    return route.abort('connectionreset');
  });
  await page.addInitScript(
    `window.__kybErrors = []; addEventListener('kyb-error', (e) => window.__kybErrors.push(e.detail));`,
  );
  await page.goto(`${server.origin}/retry.html`);
  await page.getByLabel('Company name').fill('Chunk Retry Ltd');
  await page.getByLabel('Country').first().selectOption('LT');
  await page.getByLabel('Company name').blur();
  await page.getByRole('button', { name: /^continue$/i }).click();
  const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });
  await alert.waitFor();
  assert.ok(refused > 0, 'the chunk was asked for and refused');
  const events = await page.evaluate(() => (window as unknown as { __kybErrors: unknown[] }).__kybErrors);
  assert.ok(events.length > 0, 'kyb-error fired');
  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await alert.waitFor({ state: 'detached' });
  // The next step is open, and going back shows what was typed.
  await page.getByRole('button', { name: /^back$/i }).click();
  assert.equal(await page.getByLabel('Company name').inputValue(), 'Chunk Retry Ltd');
  assert.deepEqual(errors, []);
  await page.close();
});
