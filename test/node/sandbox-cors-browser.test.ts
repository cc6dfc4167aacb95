/**
 * A demo page on another origin uses the standalone sandbox as `api-base` (issue 16, item 4), in real
 * Chromium with the built CDN file (run after `npm run build`): the page is served from 127.0.0.1:A, the
 * sandbox answers on localhost:B. With the default allow-list (loopback origins) `<kyb-form>` loads and
 * saves across origins; a sandbox that does not allow the page's origin is unusable from it, and a page on
 * another origin cannot create sandbox accounts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions, startPageServer, type PageServer } from '../support/page-server.ts';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { DEMO_ACCOUNT } from '../../src/sandbox/accounts.ts';

const ROOT = resolve(import.meta.dirname, '../..');

let browser: Browser;
let pages: PageServer;
let open: SandboxServer;
let closed: SandboxServer;

/** The sandbox's URL under the name `localhost`: another origin than the page's 127.0.0.1. */
const viaLocalhost = (srv: SandboxServer) => srv.url.replace('127.0.0.1', 'localhost');

before(async () => {
  assert.ok(existsSync(join(ROOT, 'dist/cdn/verify-elements.iife.js')), 'run `npm run build` first');
  open = await startSandboxServer({ port: 0, deliverWebhooks: false });
  closed = await startSandboxServer({
    port: 0,
    deliverWebhooks: false,
    allowedOrigins: ['https://only-this.example'],
  });
  pages = await startPageServer({
    mounts: { '/cdn/': join(ROOT, 'dist/cdn') },
    pages: {
      '/demo.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo</title>
<script src="/cdn/verify-elements.iife.js"></script></head><body><main><h1>Demo</h1><div id="kyb"></div></main></body></html>`,
    },
  });
  // evil.test is a web site whose name resolves to this machine (as after DNS rebinding).
  browser = await chromium.launch(chromiumLaunchOptions(['--host-resolver-rules=MAP evil.test 127.0.0.1']));
});
after(async () => {
  await browser?.close();
  await pages?.close();
  await open?.close();
  await closed?.close();
});

async function mountForm(page: Page, apiBase: string, token: string) {
  await page.goto(`${pages.origin}/demo.html`);
  await page.evaluate(
    ({ apiBase, token }) => {
      const form = document.createElement('kyb-form');
      form.setAttribute('api-base', apiBase);
      form.setAttribute('token', token);
      form.addEventListener('kyb-ready', () => document.body.setAttribute('data-ready', ''));
      form.addEventListener('kyb-error', () => document.body.setAttribute('data-error', ''));
      document.querySelector('#kyb')!.append(form);
    },
    { apiBase, token },
  );
}

const kybToken = async (srv: SandboxServer) =>
  (
    await new PartnerClient({ baseUrl: srv.url, ...DEMO_ACCOUNT }).createKybToken({
      clientId: `cors-${Date.now()}-${Math.random()}`,
    })
  ).tokenString;

describe('the sandbox as api-base of a page on another origin', () => {
  test('allowed (loopback, the default): <kyb-form> loads and saves across origins', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const crossOrigin: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).host.startsWith('localhost'))
        crossOrigin.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await mountForm(page, viaLocalhost(open), await kybToken(open));
    await page.waitForSelector('body[data-ready]', { timeout: 20000 });
    await page.getByLabel('Company name').fill('Other Origin Ltd');
    await page.getByLabel('Country').first().selectOption('LT');
    await page.getByLabel('Company name').blur();
    await page.waitForFunction(() =>
      /saved/i.test(
        document.querySelector('kyb-form')?.shadowRoot?.querySelector('[part~="save-status"]')?.textContent ??
          '',
      ),
    );
    // Each carried Authorization, which the browser sends to another origin only after a preflight.
    assert.ok(crossOrigin.includes('GET /kyb/info/'), 'the info was read from the other origin');
    assert.ok(
      crossOrigin.some((r) => r.startsWith('POST /kyb/forms/')),
      'the form was created',
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('not allowed: the browser blocks the answers and the element reports an error', async () => {
    const page = await browser.newPage();
    await mountForm(page, viaLocalhost(closed), await kybToken(closed));
    await page.waitForSelector('body[data-error]', { timeout: 20000 });
    assert.equal(await page.evaluate(() => document.body.hasAttribute('data-ready')), false);
    await page.close();
  });

  test('a web site cannot create sandbox accounts: not cross-origin, not by DNS rebinding', async () => {
    const page = await browser.newPage();
    await page.goto(`${pages.origin.replace('127.0.0.1', 'evil.test')}/demo.html`);
    const before = open.sandbox.state.accountsById.size;
    const target = viaLocalhost(open);
    const crossOrigin = await page.evaluate(async (base) => {
      const simple = await fetch(`${base}/_sandbox/accounts`, {
        method: 'POST',
        mode: 'no-cors',
        body: '{}',
      }).then(
        (r) => r.type,
        (e: Error) => e.name,
      );
      const json = await fetch(`${base}/_sandbox/accounts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"webhookUrl":"http://127.0.0.1:1/"}',
      }).then(
        (r) => String(r.status),
        (e: Error) => e.name,
      );
      return { simple, json };
    }, target);
    assert.equal(crossOrigin.simple, 'opaque', 'the simple request went out (and was refused: 415)');
    assert.equal(crossOrigin.json, 'TypeError', 'the preflight was refused');
    // DNS rebinding: the same site, now resolving to the sandbox's port; same-origin for the browser.
    await page.goto(`${open.url.replace('127.0.0.1', 'evil.test')}/kyb/info/`).catch(() => undefined);
    const rebound = await page.evaluate(async () => {
      const r = await fetch('/_sandbox/accounts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      return r.status;
    });
    assert.equal(rebound, 403, 'the Host check refuses a name the sandbox does not serve');
    assert.equal(open.sandbox.state.accountsById.size, before, 'no account was created');
    await page.close();
  });
});
