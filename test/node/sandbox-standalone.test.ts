/**
 * A sandbox that stands alone (issue 26): `npm run sandbox` itself (the CLI, `PORT=0` for a free port)
 * serves the demo theme's logo and font with CORS to any origin, and a partner page on another origin
 * (another port) that embeds the themed `<kyb-form>` from the built CDN bundle gets its logo and font
 * and no console error, in real Chromium.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildCdn, chromiumLaunchOptions, startPageServer, type PageServer } from '../support/page-server.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PartnerClient, readWebhook } from '../../src/server/index.ts';
import { SandboxControl, type CreatedAccount } from '../../src/sandbox/control-client.ts';
import { DEMO_ACCOUNT } from '../../src/sandbox/accounts.ts';
import { DEMO_THEME } from '../../src/sandbox/fixtures.ts';
import { LOGO_SVG } from '../../src/sandbox/theme-assets.ts';
import { OPEN_SANS_WOFF2_BASE64 } from '../../src/sandbox/theme-font.ts';

const ROOT = resolve(import.meta.dirname, '../..');

let child: ChildProcess;
let sandboxUrl: string;
let pages: PageServer;
let browser: Browser | undefined;

/** Starts `npm run sandbox` (tsx src/sandbox/node-server.ts) on a free port; resolves with its URL. */
function startCli(): Promise<string> {
  child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/sandbox/node-server.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolveUrl, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolveUrl(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`npm run sandbox exited (${code}): ${out}`)));
  });
}

before(async () => {
  const [url, cdn] = await Promise.all([startCli(), buildCdn()]);
  sandboxUrl = url;
  pages = await startPageServer({
    mounts: { '/cdn/': cdn },
    pages: {
      '/partner.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<link rel="icon" href="data:,"><script src="/cdn/verify-elements.iife.js"></script></head>
<body><main><h1>Partner</h1><div id="kyb"></div></main></body></html>`,
    },
  });
});
after(async () => {
  await browser?.close();
  await pages?.close();
  child?.kill('SIGTERM');
});

describe('npm run sandbox stands alone', () => {
  test('serves the theme logo and font the theme names, with CORS to any origin', async () => {
    const cases = [
      [DEMO_THEME.logo, 'image/svg+xml', readFileSync(join(ROOT, 'demo/logo.svg'))],
      [DEMO_THEME.font, 'font/woff2', readFileSync(join(ROOT, 'demo/fonts/open-sans.woff2'))],
    ] as const;
    for (const [path, type, bytes] of cases) {
      const res = await fetch(`${sandboxUrl}${path}`, { headers: { Origin: 'https://partner.example' } });
      assert.equal(res.status, 200, path);
      assert.ok(
        res.headers.get('content-type')?.startsWith(type),
        `${path}: ${res.headers.get('content-type')}`,
      );
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin');
      assert.deepEqual(Buffer.from(await res.arrayBuffer()), bytes, `${path} is the demo's file`);
    }
    // The embedded copies are the demo's files (regenerate theme-font.ts when the font changes).
    assert.equal(LOGO_SVG, readFileSync(join(ROOT, 'demo/logo.svg'), 'utf8'));
    assert.equal(
      OPEN_SANS_WOFF2_BASE64,
      readFileSync(join(ROOT, 'demo/fonts/open-sans.woff2')).toString('base64'),
    );
    const info = await fetch(`${sandboxUrl}/kyb/tokens/`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${DEMO_ACCOUNT.apiKey}:${DEMO_ACCOUNT.apiSecret}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ tokenType: 'FORM', clientId: 'standalone-info' }),
    });
    const { tokenString } = (await info.json()) as { tokenString: string };
    const theme = (
      (await (
        await fetch(`${sandboxUrl}/kyb/info/`, { headers: { Authorization: `Bearer ${tokenString}` } })
      ).json()) as { theme: { logo: string; font: string } }
    ).theme;
    assert.equal(
      theme.logo,
      `${sandboxUrl}${DEMO_THEME.logo}`,
      'the theme names the file the sandbox serves',
    );
    assert.equal(theme.font, `${sandboxUrl}${DEMO_THEME.font}`);
  });

  test('an account with webhookUrl receives the signed KYB webhook (as the README shows)', async () => {
    const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/kyb`;
    try {
      const created = await fetch(`${sandboxUrl}/_sandbox/accounts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'me', webhookUrl: hook }),
      });
      assert.equal(created.status, 201);
      const acc = (await created.json()) as CreatedAccount;
      const partner = new PartnerClient({ baseUrl: sandboxUrl, ...acc, allowInsecureHttp: true });
      const { tokenString } = await partner.createKybToken({ clientId: 'webhook-me' });
      const form = await fetch(`${sandboxUrl}/kyb/forms/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokenString}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ company: { companyName: 'Hook Ltd', country: 'LT' } }),
      });
      const { id } = (await form.json()) as { id: string };
      const control = new SandboxControl({ baseUrl: sandboxUrl, allowInsecureHttp: true }).withAccount(acc);
      await control.requestInformation(id);
      for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(received.length, 1);
      const event = await readWebhook(
        received[0]!.body,
        received[0]!.headers as Record<string, string>,
        acc.webhookSecret,
      );
      assert.equal(event?.eventType, 'COMPANY_INFO_REQUEST', 'signed with the account secret');
    } finally {
      receiver.close();
    }
  });

  test('a partner page on another origin embeds the themed form: logo and font load, no console error', async () => {
    assert.notEqual(new URL(pages.origin).origin, new URL(sandboxUrl).origin);
    browser = await chromium.launch(chromiumLaunchOptions());
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
    });
    const token = (
      await new PartnerClient({
        baseUrl: sandboxUrl,
        ...DEMO_ACCOUNT,
        allowInsecureHttp: true,
      }).createKybToken({
        clientId: `standalone-${Date.now()}`,
      })
    ).tokenString;
    await page.goto(`${pages.origin}/partner.html`);
    await page.evaluate(
      ({ apiBase, token }) => {
        const form = document.createElement('kyb-form');
        form.setAttribute('api-base', apiBase);
        form.setAttribute('token', token);
        form.addEventListener('kyb-ready', () => document.body.setAttribute('data-ready', ''));
        document.querySelector('#kyb')!.append(form);
      },
      { apiBase: sandboxUrl, token },
    );
    await page.waitForSelector('body[data-ready]', { timeout: 30000 });
    const logo = await page.waitForFunction(
      (origin) => {
        const img = [...(document.querySelector('kyb-form')?.shadowRoot?.querySelectorAll('img') ?? [])].find(
          (i) => i.src.startsWith(origin),
        );
        return img && img.complete && img.naturalWidth > 0 ? { src: img.src, width: img.naturalWidth } : null;
      },
      new URL(sandboxUrl).origin,
      { timeout: 15000 },
    );
    assert.equal((await logo.jsonValue())?.src, `${sandboxUrl}${DEMO_THEME.logo}`);
    const fonts = await page.waitForFunction(
      () => {
        const loaded = [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family);
        return loaded.length > 0 ? loaded : null;
      },
      undefined,
      { timeout: 15000 },
    );
    assert.ok(((await fonts.jsonValue()) ?? []).length > 0, 'the theme font was loaded');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
