/**
 * The built package as users meet it (run after `npm run build`, which `npm test` does first):
 * every entry imports in Node without throwing or defining anything; the classic-script CDN file works
 * in a plain page with no bundler; the React wrappers render and their callbacks fire.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions, startPageServer, type PageServer } from '../support/page-server.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { ageRequest } from '../support/age-request.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { default: string; types: string }>;
};

before(() => {
  assert.ok(existsSync(join(ROOT, 'dist/index.js')), 'dist/ is missing: run `npm run build` first');
});

describe('package entries in Node (server-side rendering)', () => {
  for (const [name, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object' || !('default' in target)) continue; // types-only: ./vue, ./svelte, ./jsx
    test(`import "verify-elements${name.slice(1)}" does not throw and defines nothing`, async () => {
      assert.ok(existsSync(join(ROOT, target.types)), `${target.types} exists`);
      const mod = (await import(join(ROOT, target.default))) as Record<string, unknown>;
      assert.ok(Object.keys(mod).length > 0, 'exports something');
      const registry = (globalThis as { customElements?: CustomElementRegistry }).customElements;
      assert.equal(registry?.get('kyb-form'), undefined);
      assert.equal(registry?.get('age-check'), undefined);
    });
  }
});

describe('the CDN build', () => {
  test('its entry imports nothing up front, and no preload helper is shipped', async () => {
    const { readdirSync } = await import('node:fs');
    const entry = readFileSync(join(ROOT, 'dist/cdn/verify-elements.js'), 'utf8');
    assert.doesNotMatch(entry, /(^|[;}\s])import\s*[\w{*]/, 'no static import in the entry');
    assert.match(entry, /import\(`\.\/chunks\/define-[\w-]+\.js`\)/, 'each element is an import()');
    const chunks = readdirSync(join(ROOT, 'dist/cdn/chunks'));
    assert.equal(chunks.filter((f) => /preload-helper/.test(f)).length, 0);
    for (const f of chunks.filter((c) => c.endsWith('.js')))
      assert.doesNotMatch(readFileSync(join(ROOT, 'dist/cdn/chunks', f), 'utf8'), /preload-helper/, f);
  });
});

describe('built files in real Chromium against the sandbox', () => {
  let browser: Browser;
  let server: PageServer;
  let reactDir: string;

  before(async () => {
    reactDir = mkdtempSync(join(tmpdir(), 'verify-elements-react-'));
    const { build } = await import('vite');
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      mode: 'demo',
      base: '/react/',
      logLevel: 'error',
      build: { outDir: reactDir, emptyOutDir: true, rollupOptions: { input: join(ROOT, 'demo/react.html') } },
    });
    server = await startPageServer({
      mounts: { '/cdn/': join(ROOT, 'dist/cdn'), '/react/': reactDir },
      pages: {
        '/plain.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain page</title>
<script src="/cdn/verify-elements.iife.js"></script></head>
<body><main><h1>Plain page</h1><div id="kyb"></div><div id="age"></div></main></body></html>`,
      },
    });
    browser = await chromium.launch(chromiumLaunchOptions());
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function tokens() {
    const control = new SandboxControl({ baseUrl: `${server.origin}/sandbox` });
    const account = await control.createAccount({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
    const partner = new PartnerClient({ baseUrl: `${server.origin}/sandbox`, ...account });
    const kyb = await partner.createKybToken({ clientId: `plain-${Date.now()}` });
    const age = await partner.createAgeToken(ageRequest());
    return { kyb: kyb.tokenString, age: age.token };
  }

  test('the classic <script> (IIFE) file registers both elements and they work', async () => {
    const t = await tokens();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${server.origin}/plain.html`);
    await page.evaluate(
      ({ kyb, age }) => {
        const form = document.createElement('kyb-form');
        form.setAttribute('api-base', '/sandbox');
        form.setAttribute('token', kyb);
        document.querySelector('#kyb')!.append(form);
        const check = document.createElement('age-check');
        check.setAttribute('api-base', '/sandbox');
        check.setAttribute('token', age);
        document.querySelector('#age')!.append(check);
      },
      { kyb: t.kyb, age: t.age },
    );
    // kyb-form: fill the two required fields; the form is created on the sandbox.
    await page.getByLabel('Company name').fill('Plain Page Ltd');
    await page.getByLabel('Country').first().selectOption('LT');
    await page.getByLabel('Company name').blur();
    await page.waitForFunction(() =>
      /saved/i.test(
        document.querySelector('kyb-form')?.shadowRoot?.querySelector('[part~="save-status"]')?.textContent ??
          '',
      ),
    );
    // age-check: consent, capture with the fake camera, outcome.
    await page.getByRole('button', { name: /agree and start/i }).click();
    await page.getByRole('button', { name: /^take photo$/i }).click();
    await page.getByRole('button', { name: /^use this photo$/i }).click();
    await page.getByRole('heading', { name: 'Age confirmed' }).waitFor({ timeout: 15000 });
    // English: no translations and no localization runtime were downloaded.
    const l10n = requested.filter((p) =>
      /\/chunks\/(locale-runtime|[a-z]{2}(-[A-Z][a-z]+)?-[a-z])[\w-]*\.js$/.test(p),
    );
    assert.deepEqual(l10n, []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the loader loads the region names while the code downloads; without Intl.DisplayNames countries show by code', async () => {
    for (const missing of [false, true]) {
      const t = await tokens();
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // Records, for each Intl.DisplayNames made, whether <kyb-form>'s code had arrived by then.
      // (A string, not a function: the test's compiled functions carry helpers the page does not have.)
      await page.addInitScript(`{
        window.__made = [];
        const Real = Intl.DisplayNames;
        function Spy(...args) {
          window.__made.push(customElements.get('kyb-form') !== undefined);
          return new Real(...args);
        }
        Object.defineProperty(Intl, 'DisplayNames', { value: ${missing} ? undefined : Spy, configurable: true });
      }`);
      await page.goto(`${server.origin}/plain.html`);
      await page.evaluate((kyb) => {
        const form = document.createElement('kyb-form');
        form.setAttribute('api-base', '/sandbox');
        form.setAttribute('token', kyb);
        document.querySelector('#kyb')!.append(form);
      }, t.kyb);
      const country = page.getByLabel('Country').first();
      await country.waitFor();
      const made = await page.evaluate(() => (window as unknown as { __made: boolean[] }).__made);
      if (missing) {
        assert.deepEqual(made, []);
        assert.ok(await country.locator('option[value="LT"]').count(), 'Lithuania is still offered');
        assert.match((await country.locator('option[value="LT"]').textContent()) ?? '', /LT/);
      } else {
        assert.equal(made[0], false, 'the first one was made before the code arrived');
        assert.match((await country.locator('option[value="LT"]').textContent()) ?? '', /Lithuania/);
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  test('the CDN build loads the steps and their translations when needed (German)', async () => {
    const t = await tokens();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${server.origin}/plain.html`);
    await page.evaluate(
      ({ kyb, age }) => {
        const form = document.createElement('kyb-form');
        form.setAttribute('api-base', '/sandbox');
        form.setAttribute('locale', 'de');
        form.setAttribute('token', kyb);
        document.querySelector('#kyb')!.append(form);
        const check = document.createElement('age-check');
        check.setAttribute('api-base', '/sandbox');
        check.setAttribute('locale', 'de');
        check.setAttribute('token', age);
        document.querySelector('#age')!.append(check);
      },
      { kyb: t.kyb, age: t.age },
    );
    await page.getByRole('button', { name: 'Zustimmen und starten' }).waitFor();
    const localeChunks = () => requested.filter((p) => /\/chunks\/[a-z]{2}-[\w-]+\.js$/.test(p));
    // Before the form exists: the German texts of the two elements' first screens only.
    assert.ok(localeChunks().length === 2, `locale chunks: ${localeChunks().join(', ')}`);
    assert.ok(localeChunks().every((p) => /\/de-/.test(p)));
    // With them, once, @lit/localize's runtime (an English page has none).
    assert.equal(requested.filter((p) => /\/chunks\/locale-runtime-[\w-]+\.js$/.test(p)).length, 1);
    await page.getByLabel('Name des Unternehmens').fill('CDN GmbH');
    await page
      .getByLabel(/^Land\b/)
      .first()
      .selectOption('DE');
    await page.getByLabel('Name des Unternehmens').blur();
    // The form now exists (its number of steps is known: the progress shows). A new form reaches the
    // next steps by Continue, which checks each step; a returning user opens them from the progress.
    await page.waitForFunction(() =>
      // "Schritt 1 von 5": the total is there once the steps are known
      /\d[^·]*\d/.test(
        document.querySelector('kyb-form')?.shadowRoot?.querySelector('nav [part~="progress-text"]')
          ?.textContent ?? '',
      ),
    );
    await page.evaluate(() => {
      const old = document.querySelector('kyb-form')!;
      old.replaceWith(old.cloneNode());
    });
    // The other steps load with its data, each with its German texts.
    await page.getByRole('button', { name: /Personen und Eigentümer/ }).click();
    await page.getByRole('button', { name: 'Begünstigten hinzufügen' }).waitFor({ timeout: 15000 });
    assert.ok(localeChunks().length > 2, `locale chunks: ${localeChunks().join(', ')}`);
    assert.ok(
      localeChunks().every((p) => /\/de-/.test(p)),
      'only German chunks',
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the React wrappers render and their callbacks fire', async () => {
    const t = await tokens();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.origin}/react/react.html?token=${t.kyb}&age=${t.age}&api=/sandbox`);
    await page.getByLabel('Company name').waitFor();
    await page.locator('#react-log li', { hasText: 'onKybReady' }).first().waitFor();
    await page.locator('#react-log li', { hasText: 'onAgeCheckReady' }).first().waitFor();
    await page.getByLabel('Company name').fill('React Ltd');
    await page.getByLabel('Country').first().selectOption('DE');
    await page.getByLabel('Company name').blur();
    await page.locator('#react-log li', { hasText: 'onKybSaved' }).first().waitFor({ timeout: 10000 });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
