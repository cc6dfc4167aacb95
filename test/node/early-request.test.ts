/**
 * The CDN loader starts each element's first requests (`GET /kyb/info/`, `GET /kyb/forms/`,
 * `GET /age-estimation/session/`) as soon as it sees the tag, in parallel with the element's code; the
 * element adopts the answers instead of asking again, and never adopts an answer sent with another token.
 * What the loader knows next is fetched with the code too: the theme's code when the info has a theme,
 * and the translations of the element's locale (attribute, the info's locale, the browser's languages).
 * Real Chromium (playwright-core) on the built CDN bundle, the sandbox over loopback HTTP.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { buildCdn, chromiumLaunchOptions, startPageServer, type PageServer } from '../support/page-server.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { ageRequest } from '../support/age-request.ts';
import { refusedApiBase } from '../../src/cdn-refused-base.ts';
import { insecureApiBase } from '../../src/api/api-base.ts';

let server: PageServer;
let browser: Browser;
const pages: Record<string, string> = {};

before(async () => {
  const cdn = await buildCdn();
  server = await startPageServer({ mounts: { '/cdn/': cdn }, pages });
  browser = await chromium.launch(chromiumLaunchOptions());
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function kybToken(themeName: string) {
  const control = new SandboxControl({ baseUrl: `${server.origin}/sandbox` });
  const account = await control.createAccount({
    kyb: { info: { locale: 'en', theme: { companyName: themeName }, flow: null } },
  });
  const partner = new PartnerClient({ baseUrl: `${server.origin}/sandbox`, ...account });
  return (await partner.createKybToken({ clientId: `early-${Date.now()}-${Math.random()}` })).tokenString;
}

/** Records every API request of the page with its bearer token. */
function recordApi(page: Page) {
  const seen: { path: string; token: string }[] = [];
  page.on('request', (r: Request) => {
    const u = new URL(r.url());
    if (!u.pathname.startsWith('/sandbox/')) return;
    const auth = r.headers()['authorization'] ?? '';
    seen.push({ path: u.pathname.slice('/sandbox'.length), token: auth.replace(/^Bearer /, '') });
  });
  return seen;
}

const companyField = (page: Page) => page.getByLabel('Company name');

describe('the loader sends the first request, the element adopts it', () => {
  test('one GET /kyb/info/ and one GET /kyb/forms/ per element, not two', async () => {
    const token = await kybToken('Early Ltd');
    pages['/one.html'] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Early</title>
<script type="module" src="/cdn/verify-elements.js"></script></head>
<body><main><kyb-form api-base="/sandbox" token="${token}"></kyb-form></main></body></html>`;
    const page = await browser.newPage();
    const seen = recordApi(page);
    await page.goto(`${server.origin}/one.html`);
    await companyField(page).waitFor();
    await page.getByText('Early Ltd').first().waitFor();
    assert.equal(seen.filter((r) => r.path === '/kyb/info/').length, 1, JSON.stringify(seen));
    assert.equal(seen.filter((r) => r.path === '/kyb/forms/').length, 1, JSON.stringify(seen));
    assert.ok(seen.every((r) => r.token === token));
    await page.close();
  });

  test('two elements with two tokens: each adopts only its own answer', async () => {
    const [a, b] = await Promise.all([kybToken('Alpha Theme'), kybToken('Beta Theme')]);
    pages['/two.html'] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Two</title>
<script type="module" src="/cdn/verify-elements.js"></script></head>
<body><main><kyb-form id="a" api-base="/sandbox" token="${a}"></kyb-form>
<kyb-form id="b" api-base="/sandbox" token="${b}"></kyb-form></main></body></html>`;
    const page = await browser.newPage();
    const seen = recordApi(page);
    await page.goto(`${server.origin}/two.html`);
    await page.locator('#a').getByText('Alpha Theme').first().waitFor();
    await page.locator('#b').getByText('Beta Theme').first().waitFor();
    assert.equal(await page.locator('#a').getByText('Beta Theme').count(), 0);
    assert.equal(await page.locator('#b').getByText('Alpha Theme').count(), 0);
    const infos = seen.filter((r) => r.path === '/kyb/info/');
    assert.deepEqual(infos.map((r) => r.token).sort(), [a, b].sort());
    await page.close();
  });

  test('a token changed before the code arrived: the early answer is not used', async () => {
    const [old, fresh] = await Promise.all([kybToken('Old Token Theme'), kybToken('New Token Theme')]);
    pages['/swap.html'] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Swap</title>
<script type="module" src="/cdn/verify-elements.js"></script>
<script type="module" src="/swap.js"></script></head>
<body><main><kyb-form api-base="/sandbox" token="${old}"></kyb-form></main></body></html>`;
    // Runs after the loader's module (module scripts run in order), before the element's chunk arrived.
    pages['/swap.js'] = `document.querySelector('kyb-form').setAttribute('token', ${JSON.stringify(fresh)});`;
    const page = await browser.newPage();
    await page.route('**/swap.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: pages['/swap.js']! }),
    );
    const seen = recordApi(page);
    await page.goto(`${server.origin}/swap.html`);
    await page.getByText('New Token Theme').first().waitFor();
    assert.equal(await page.getByText('Old Token Theme').count(), 0);
    const infos = seen.filter((r) => r.path === '/kyb/info/');
    // The loader's early request (old token) was sent, and the element asked again with its own token.
    assert.deepEqual(
      infos.map((r) => r.token),
      [old, fresh],
    );
    await page.close();
  });

  test('<age-check>: one GET /age-estimation/session/', async () => {
    const control = new SandboxControl({ baseUrl: `${server.origin}/sandbox` });
    const account = await control.createAccount({});
    const partner = new PartnerClient({ baseUrl: `${server.origin}/sandbox`, ...account });
    const { token } = await partner.createAgeToken({ min_age: 18, confidence_threshold: 70 });
    pages['/age.html'] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Age</title>
<script type="module" src="/cdn/verify-elements.js"></script></head>
<body><main><age-check api-base="/sandbox" token="${token}"></age-check></main></body></html>`;
    const page = await browser.newPage();
    const seen = recordApi(page);
    await page.goto(`${server.origin}/age.html`);
    await page
      .getByRole('button', { name: /continue|start|agree/i })
      .first()
      .waitFor();
    assert.equal(seen.filter((r) => r.path === '/age-estimation/session/').length, 1, JSON.stringify(seen));
    await page.close();
  });
});

/**
 * Holds every chunk of the element's code until a request for each of `wanted` (chunk file names) has
 * been seen, at most 10 s. Returns whether they were seen: a chunk the element would ask for only once
 * its own code runs cannot be among them, so this proves the loader asked for it first.
 */
async function holdCodeUntil(page: Page, wanted: RegExp[]): Promise<() => boolean> {
  const seen = new Set<RegExp>();
  let inTime = false;
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    release();
  }, 10000);
  await page.route('**/cdn/chunks/**', async (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    const match = wanted.find((re) => re.test(name));
    if (match) {
      seen.add(match);
      if (seen.size === wanted.length && !inTime && !timedOut) {
        inTime = true;
        clearTimeout(timer);
        release();
      }
    } else await released;
    await route.continue();
  });
  return () => inTime;
}

const chunkRequests = (page: Page) => {
  const names: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/cdn/chunks/')) names.push(u.pathname.slice('/cdn/chunks/'.length));
  });
  return names;
};

describe('the loader fetches what the first answer says comes next', () => {
  test('a themed German <kyb-form>: the theme and the German texts download with the code', async () => {
    const control = new SandboxControl({ baseUrl: `${server.origin}/sandbox` });
    const account = await control.createAccount({
      kyb: {
        info: {
          locale: 'de',
          theme: { companyName: 'Partner GmbH', colors: { primary: '#0b57d0' } },
          flow: null,
        },
      },
    });
    const partner = new PartnerClient({ baseUrl: `${server.origin}/sandbox`, ...account });
    const token = (await partner.createKybToken({ clientId: `early-de-${Date.now()}` })).tokenString;
    pages['/themed-de.html'] = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Früh</title>
<script type="module" src="/cdn/verify-elements.js"></script></head>
<body><main><kyb-form api-base="/sandbox" token="${token}"></kyb-form></main></body></html>`;
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const early = await holdCodeUntil(page, [/^theme-[\w-]+\.js$/, /^de-[\w-]{8}\.js$/]);
    await page.goto(`${server.origin}/themed-de.html`);
    await page.getByLabel('Name des Unternehmens').waitFor();
    assert.ok(early(), 'the theme and the German texts were requested before the element ran');
    assert.ok(await page.getByText('Partner GmbH').first().isVisible(), "the theme's name is shown");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('<age-check> in a German browser: the German texts download with the code', async () => {
    const control = new SandboxControl({ baseUrl: `${server.origin}/sandbox` });
    const partner = new PartnerClient({
      baseUrl: `${server.origin}/sandbox`,
      ...(await control.createAccount({})),
    });
    const token = (await partner.createAgeToken(ageRequest())).token;
    pages['/age-de.html'] = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Alter</title>
<script type="module" src="/cdn/verify-elements.js"></script></head>
<body><main><age-check api-base="/sandbox" token="${token}"></age-check></main></body></html>`;
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const early = await holdCodeUntil(page, [/^de-[\w-]{8}\.js$/]);
    await page.goto(`${server.origin}/age-de.html`);
    await page.getByRole('button', { name: 'Zustimmen und starten' }).waitFor();
    assert.ok(early(), 'the German texts were requested before the element ran');
    await context.close();
  });

  test('an English form without a theme downloads neither', async () => {
    const control = new SandboxControl({ baseUrl: `${server.origin}/sandbox` });
    const plain = await control.createAccount({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
    const partner = new PartnerClient({ baseUrl: `${server.origin}/sandbox`, ...plain });
    const plainToken = (await partner.createKybToken({ clientId: `early-en-${Date.now()}` })).tokenString;
    pages['/plain-en.html'] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain</title>
<script type="module" src="/cdn/verify-elements.js"></script></head>
<body><main><kyb-form api-base="/sandbox" token="${plainToken}"></kyb-form></main></body></html>`;
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const names = chunkRequests(page);
    await page.goto(`${server.origin}/plain-en.html`);
    await companyField(page).waitFor();
    assert.ok(names.length > 0);
    assert.deepEqual(
      names.filter((n) => /^theme-|^[a-z]{2}-[\w-]{8}\.js$/.test(n)),
      [],
      'no theme code and no translations',
    );
    await context.close();
  });
});

describe('the loader sends no token where the element will refuse to (plain http:, not loopback)', () => {
  test("its rule is the elements' rule (api/url.ts)", () => {
    const bases = ['', '/sandbox', 'https://api.example/v1', 'http://api.example', 'http://localhost:9/x'];
    const more = [
      'http://127.0.0.1',
      'http://[::1]:8/',
      'http://app.localhost',
      'http://10.0.0.1',
      'ftp://x.example',
    ];
    for (const page of ['http://shop.example/p', 'https://shop.example/p', 'http://127.0.0.1:5173/'])
      for (const base of [...bases, ...more])
        assert.equal(
          refusedApiBase(base, false, page),
          insecureApiBase(base || '/', page) !== null,
          `${base} on ${page}`,
        );
    assert.equal(refusedApiBase('http://api.example', true, 'http://shop.example/'), false);
  });

  /**
   * A partner page on plain http from a host that is not loopback (`shop.test`, resolved to 127.0.0.1 by
   * Chromium), with the API on the same origin: the elements refuse the base; the loader sends nothing.
   */
  test('a page on http://shop.test: no early request, not even same-origin; with allow-insecure-http, one each', async () => {
    const kyb = await kybToken('Insecure Ltd');
    const control = new SandboxControl({ baseUrl: `${server.origin}/sandbox` });
    const account = await control.createAccount({});
    const age = (
      await new PartnerClient({ baseUrl: `${server.origin}/sandbox`, ...account }).createAgeToken(
        ageRequest(),
      )
    ).token;
    const page = (
      allow: string,
    ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script type="module" src="/cdn/verify-elements.js"></script></head>
<body><main><kyb-form api-base="/sandbox" token="${kyb}"${allow}></kyb-form>
<age-check api-base="/sandbox" token="${age}"${allow}></age-check></main></body></html>`;
    pages['/shop-refused.html'] = page('');
    pages['/shop-allowed.html'] = page(' allow-insecure-http');
    const port = new URL(server.origin).port;
    const insecure = await chromium.launch(
      chromiumLaunchOptions(['--host-resolver-rules=MAP shop.test 127.0.0.1']),
    );
    try {
      const tab = await insecure.newPage();
      await tab.addInitScript(() => {
        const w = window as unknown as { __errors: string[] };
        w.__errors = [];
        for (const type of ['kyb-error', 'age-check-error'])
          document.addEventListener(type, () => w.__errors.push(type));
      });
      const seen = recordApi(tab);
      await tab.goto(`http://shop.test:${port}/shop-refused.html`);
      await tab.waitForFunction(() => (window as unknown as { __errors: string[] }).__errors.length >= 2);
      assert.equal(seen.length, 0, `no API request at all: ${JSON.stringify(seen)}`);

      // With the opt-out the elements send (here the sandbox refuses the host shop.test: 403), and the
      // loader's early requests are theirs: one of each, not two.
      await tab.goto(`http://shop.test:${port}/shop-allowed.html`);
      await tab.waitForFunction(() => (window as unknown as { __errors: string[] }).__errors.length >= 2);
      assert.equal(seen.filter((r) => r.path === '/kyb/info/').length, 1, JSON.stringify(seen));
      assert.equal(seen.filter((r) => r.path === '/age-estimation/session/').length, 1, JSON.stringify(seen));
    } finally {
      await insecure.close();
    }
  });
});
