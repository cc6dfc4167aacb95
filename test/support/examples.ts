/**
 * `npm run test:examples`: each app in `examples/` (Vue 3, React 19, Svelte 5, Angular 21, and the React
 * app again on React 18) built from the packed tarball as a partner developer would (its own bundler,
 * plugin and framework from the npm registry; `verify-elements` from `npm pack` of this repository after
 * `npm run build`), then driven in Chromium against the standalone sandbox on another origin: both
 * elements render, `tokenProvider` is bound as a property (never an attribute), the app receives the
 * elements' events, a company save and an age check complete. An app with a `check` script (`vue-tsc`,
 * `tsc`, `svelte-check`) is type-checked against the package's types and template typings first;
 * Angular's build type-checks its templates itself (`strictTemplates`).
 *
 * Reported per app: install, check, build and drive times, and the JavaScript that arrived before both
 * elements were interactive (the company-name field and the consent button visible), gzip, with the part
 * that came from the package and its dependencies (Lit, @lit/*, zod, qrcode-generator) attributed
 * through the build's source maps: each generated range goes to the group of its source file, and each
 * group's ranges are gzipped together per file.
 *
 * Needs the npm registry (not part of `npm test`, which stays offline-fast). Choose apps with
 * `EXAMPLES=angular,svelte` or arguments (`npm run test:examples -- svelte`); without either, the apps of
 * `DEFAULT_EXAMPLES` (all of them) run. `EXAMPLES_VERBOSE=1` lists each start script with its gzip and
 * the package's part.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions, startPageServer } from './page-server.ts';
import { startSandboxServer } from '../../src/sandbox/node-server.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { DEMO_ACCOUNT } from '../../src/sandbox/accounts.ts';
import { packTarball, ROOT, run, timed } from './tarball.ts';

/** The source-map flag of each app's build tool (the first word of its `build` script). */
const SOURCE_MAP_FLAG: Record<string, string> = { vite: '--sourcemap', ng: '--source-map' };
/** What installing `verify-elements` brings into an app: the package and its runtime dependencies. */
const PACKAGE_SOURCE = /node_modules\/(verify-elements|lit|lit-html|lit-element|@lit|zod|qrcode-generator)\//;

interface StartJs {
  scripts: number;
  /** gzip of every script before both elements were interactive. */
  totalKb: number;
  /** gzip of the package's (and its dependencies') code in those scripts. */
  packageKb: number;
}

interface Result {
  name: string;
  ok: boolean;
  detail: string;
  seconds: Record<string, number>;
  start?: StartJs;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The segments of a source map's `mappings`, per generated line: [column, source index or -1]. */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = BASE64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1]!;
      // Only the source index matters here; the source line, column and name are relative too but unused.
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** gzip of one built script, and of its package part (ranges mapped to `PACKAGE_SOURCE` files). */
function attribute(file: string): { total: number; pkg: number } {
  const code = readFileSync(file, 'utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
  const total = gzipSync(code).length;
  if (!existsSync(`${file}.map`)) return { total, pkg: 0 };
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const fromPackage = map.sources.map((s) => PACKAGE_SOURCE.test(s.replace(/\\/g, '/')));
  // Each mapped segment runs to the next one, across line ends (a CSS template literal spans many lines
  // with no mapping of their own); the text before the first segment is the bundler's.
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const segments = decodeMappings(map.mappings).flatMap((line, i) =>
    line.map(([column, source]) => [(lineStarts[i] ?? code.length) + column, source] as const),
  );
  const parts: string[] = [];
  segments.forEach(([offset, source], j) => {
    if (source >= 0 && fromPackage[source])
      parts.push(code.slice(offset, segments[j + 1]?.[0] ?? code.length));
  });
  return { total, pkg: parts.length ? gzipSync(parts.join('')).length : 0 };
}

async function drive(
  browser: Browser,
  name: string,
  dir: string,
  sandboxUrl: string,
): Promise<{ notes: string[]; start: StartJs }> {
  const notes: string[] = [];
  const dist = join(dir, 'dist');
  const pages = await startPageServer({ mounts: { '/': dist } });
  const partner = new PartnerClient({ baseUrl: sandboxUrl, ...DEMO_ACCOUNT });
  const kyb = (await partner.createKybToken({ clientId: `example-${name}-${Date.now()}` })).tokenString;
  const age = (await partner.createAgeToken({ min_age: 18, confidence_threshold: 70 })).token;
  // The sandbox is another origin than the app (localhost vs 127.0.0.1): CORS for loopback origins.
  const api = sandboxUrl.replace('127.0.0.1', 'localhost');
  const page = await browser.newPage();
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.origin === pages.origin && url.pathname.endsWith('.js')) scripts.push(url.pathname);
  });
  try {
    await page.goto(`${pages.origin}/index.html?${new URLSearchParams({ api, kyb, age })}`);
    await page.getByLabel('Company name').waitFor({ timeout: 20000 });
    await page.getByRole('button', { name: /agree and start/i }).waitFor({ timeout: 20000 });
    // Both elements are interactive: what arrived so far is the app's start.
    const start: StartJs = { scripts: 0, totalKb: 0, packageKb: 0 };
    for (const path of new Set(scripts)) {
      const { total, pkg } = attribute(join(dist, decodeURIComponent(path)));
      start.scripts += 1;
      start.totalKb += total / 1000;
      start.packageKb += pkg / 1000;
      if (process.env.EXAMPLES_VERBOSE)
        console.log(
          `  ${name} ${path}: ${(total / 1000).toFixed(1)} kB gzip, package ${(pkg / 1000).toFixed(1)} kB`,
        );
    }
    assert.ok(
      start.packageKb > 5,
      `the package's code is found in the start scripts (${start.packageKb} kB)`,
    );
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
    await page.getByRole('button', { name: /^use this photo$/i }).click();
    await page.locator('#outcome', { hasText: /\w/ }).waitFor({ timeout: 20000 });
    const outcome = await page.locator('#outcome').textContent();
    assert.equal(outcome?.trim(), 'SUCCESS');
    const events = await page.locator('#events li').allTextContents();
    for (const e of ['kyb-ready', 'kyb-saved', 'age-check-ready', 'age-check-complete'])
      assert.ok(events.includes(e), `${e} in ${events.join(', ')}`);
    notes.push('age-check-complete SUCCESS reached the app');
    assert.deepEqual(errors, []);
    return { notes, start };
  } finally {
    await page.close();
    await pages.close();
  }
}

/**
 * Apps made from another app of `examples/` with other versions of some packages: the React example on
 * React 18 (the README says React 18 or 19; `examples/react` itself is on 19).
 */
const VARIANTS: Record<string, { from: string; versions: Record<string, string> }> = {
  react18: {
    from: 'react',
    versions: {
      react: '^18.3.0',
      'react-dom': '^18.3.0',
      '@types/react': '^18.3.0',
      '@types/react-dom': '^18.3.0',
    },
  },
};

/** Every app in `examples/`, and the variants. */
const available = [
  ...readdirSync(join(ROOT, 'examples')).filter((n) => existsSync(join(ROOT, 'examples', n, 'package.json'))),
  ...Object.keys(VARIANTS),
].sort();
/** The apps run when none is chosen (CI). */
const DEFAULT_EXAMPLES = available;

function chosen(): string[] {
  const asked = [...(process.env.EXAMPLES?.split(',') ?? []), ...process.argv.slice(2)]
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = asked.filter((n) => !available.includes(n));
  assert.deepEqual(unknown, [], `unknown example(s); available: ${available.join(', ')}`);
  return asked.length ? [...new Set(asked)] : DEFAULT_EXAMPLES;
}

async function main() {
  const names = chosen();
  const work = mkdtempSync(join(tmpdir(), 'verify-elements-examples-'));
  const results: Result[] = [];
  const sandbox = await startSandboxServer({ port: 0, deliverWebhooks: false });
  const browser = await chromium.launch(
    chromiumLaunchOptions(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']),
  );
  try {
    const tarball = packTarball(work);
    for (const name of names) {
      const dir = join(work, name);
      const seconds: Record<string, number> = {};
      try {
        const variant = VARIANTS[name];
        cpSync(join(ROOT, 'examples', variant?.from ?? name), dir, {
          recursive: true,
          filter: (src) => !/node_modules|[/\\](dist|\.angular)$/.test(src),
        });
        const pkgFile = join(dir, 'package.json');
        const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as {
          dependencies: Record<string, string>;
          devDependencies: Record<string, string>;
          scripts: Record<string, string>;
        };
        for (const [dep, range] of Object.entries(variant?.versions ?? {})) {
          const deps = dep in pkg.dependencies ? pkg.dependencies : pkg.devDependencies;
          assert.ok(dep in deps, `examples/${variant?.from}: no ${dep} to replace`);
          deps[dep] = range;
        }
        pkg.dependencies['verify-elements'] = `file:${tarball}`;
        writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
        seconds.install = timed(() =>
          run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], dir),
        )[1];
        if (pkg.scripts.check) seconds.check = timed(() => run('npm', ['run', 'check'], dir))[1];
        const tool = pkg.scripts.build?.split(' ')[0] ?? '';
        const flag = SOURCE_MAP_FLAG[tool];
        assert.ok(flag, `examples/${name}: unknown build tool "${tool}"`);
        seconds.build = timed(() => run('npm', ['run', 'build', '--', flag], dir))[1];
        const driveStart = performance.now();
        const { notes, start } = await drive(browser, name, dir, sandbox.url);
        seconds.drive = (performance.now() - driveStart) / 1000;
        if (seconds.check !== undefined) notes.push(`types checked (${pkg.scripts.check?.split(' ')[0]})`);
        if (tool === 'ng') notes.push('templates type-checked by the build (strictTemplates)');
        results.push({ name, ok: true, detail: notes.join('; '), seconds, start });
      } catch (e) {
        const err = e as Error & { stdout?: string; stderr?: string };
        results.push({
          name,
          ok: false,
          detail: `${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`.trim(),
          seconds,
        });
      }
    }
  } finally {
    await browser.close();
    await sandbox.close();
    rmSync(work, { recursive: true, force: true });
  }
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} examples/${r.name}: ${r.detail}`);
  console.log(
    '\napp      | install | check | build | drive | start JS (gzip)          | of which the package',
  );
  for (const r of results) {
    const s = (k: string) => (r.seconds[k] === undefined ? '-' : `${r.seconds[k]!.toFixed(1)} s`).padStart(7);
    const start = r.start
      ? `${r.start.totalKb.toFixed(1)} kB in ${r.start.scripts} scripts`.padEnd(24) +
        ` | ${r.start.packageKb.toFixed(1)} kB`
      : '-'.padEnd(24) + ' | -';
    console.log(
      `${r.name.padEnd(8)} | ${s('install')} | ${s('check')} | ${s('build')} | ${s('drive')} | ${start}`,
    );
  }
  if (results.length === 0 || results.some((r) => !r.ok)) process.exitCode = 1;
}

await main();
