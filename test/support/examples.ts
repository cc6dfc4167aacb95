/**
 * `npm run test:examples`: each app in `examples/` (Vue 3, React 19) built from the packed tarball as a
 * partner developer would (its own Vite, plugin and framework from the npm registry; `verify-elements` from
 * `npm pack` of this repository after `npm run build`), then driven in Chromium against the standalone
 * sandbox on another origin: both elements render, `tokenProvider` is bound as a property (never an
 * attribute), the app receives the elements' events, a company save and an age check complete.
 *
 * Needs the npm registry (not part of `npm test`, which stays offline-fast). `EXAMPLES=vue` runs one.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions, startPageServer } from './page-server.ts';
import { startSandboxServer } from '../../src/sandbox/node-server.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { DEMO_ACCOUNT } from '../../src/sandbox/accounts.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });

interface Result {
  name: string;
  ok: boolean;
  detail: string;
  gzipKb?: number;
}

async function drive(browser: Browser, name: string, dir: string, sandboxUrl: string): Promise<string[]> {
  const notes: string[] = [];
  const pages = await startPageServer({ mounts: { '/': join(dir, 'dist') } });
  const partner = new PartnerClient({ baseUrl: sandboxUrl, ...DEMO_ACCOUNT });
  const kyb = (await partner.createKybToken({ clientId: `example-${name}-${Date.now()}` })).tokenString;
  const age = (await partner.createAgeToken({ min_age: 18, confidence_threshold: 70 })).token;
  // The sandbox is another origin than the app (localhost vs 127.0.0.1): CORS for loopback origins.
  const api = sandboxUrl.replace('127.0.0.1', 'localhost');
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`${pages.origin}/index.html?${new URLSearchParams({ api, kyb, age })}`);
    await page.getByLabel('Company name').waitFor({ timeout: 20000 });
    const bound = await page.evaluate(() => {
      const form = document.querySelector('kyb-form') as (HTMLElement & { tokenProvider?: unknown }) | null;
      return {
        property: typeof form?.tokenProvider,
        attributes: form ? [...form.attributes].map((a) => a.name) : [],
      };
    });
    assert.equal(bound.property, 'function', 'tokenProvider is set as a property');
    assert.ok(
      !bound.attributes.some((a) => /token-?provider/i.test(a)),
      `no tokenProvider attribute: ${bound.attributes}`,
    );
    notes.push('tokenProvider bound as a property');
    await page.getByLabel('Company name').fill(`Example ${name} Ltd`);
    await page.getByLabel('Country').first().selectOption('LT');
    await page.getByLabel('Company name').blur();
    await page.locator('#events li', { hasText: 'kyb-saved' }).first().waitFor({ timeout: 20000 });
    notes.push('kyb-ready and kyb-saved reached the app');
    await page.getByRole('button', { name: /agree and start/i }).click();
    await page.getByRole('button', { name: /^take photo$/i }).click();
    await page.locator('#outcome', { hasText: /\w/ }).waitFor({ timeout: 20000 });
    const outcome = await page.locator('#outcome').textContent();
    assert.equal(outcome?.trim(), 'SUCCESS');
    const events = await page.locator('#events li').allTextContents();
    for (const e of ['kyb-ready', 'kyb-saved', 'age-check-ready', 'age-check-complete'])
      assert.ok(events.includes(e), `${e} in ${events.join(', ')}`);
    notes.push('age-check-complete SUCCESS reached the app');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    await pages.close();
  }
  return notes;
}

async function main() {
  assert.ok(existsSync(join(ROOT, 'dist/index.js')), 'dist/ is missing: run `npm run build` first');
  const only = process.env.EXAMPLES?.split(',').filter(Boolean);
  const names = readdirSync(join(ROOT, 'examples')).filter(
    (n) => existsSync(join(ROOT, 'examples', n, 'package.json')) && (!only || only.includes(n)),
  );
  const work = mkdtempSync(join(tmpdir(), 'verify-elements-examples-'));
  const results: Result[] = [];
  const sandbox = await startSandboxServer({ port: 0, deliverWebhooks: false });
  const browser = await chromium.launch(
    chromiumLaunchOptions(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']),
  );
  try {
    const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], ROOT)) as {
      filename: string;
    }[];
    const tarball = join(work, packed[0]!.filename);
    for (const name of names) {
      const dir = join(work, name);
      try {
        cpSync(join(ROOT, 'examples', name), dir, {
          recursive: true,
          filter: (src) => !/node_modules|[/\\]dist$/.test(src),
        });
        const pkgFile = join(dir, 'package.json');
        const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { dependencies: Record<string, string> };
        pkg.dependencies['verify-elements'] = `file:${tarball}`;
        writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
        run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], dir);
        run('node', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], dir);
        const notes = await drive(browser, name, dir, sandbox.url);
        results.push({ name, ok: true, detail: notes.join('; ') });
      } catch (e) {
        const err = e as Error & { stdout?: string; stderr?: string };
        results.push({
          name,
          ok: false,
          detail: `${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`.trim(),
        });
      }
    }
  } finally {
    await browser.close();
    await sandbox.close();
    rmSync(work, { recursive: true, force: true });
  }
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} examples/${r.name}: ${r.detail}`);
  if (results.length === 0 || results.some((r) => !r.ok)) process.exitCode = 1;
}

await main();
