/**
 * The supported browsers, declared once as the `browserslist` query in package.json, and the
 * esbuild/Vite `build.target` derived from it: for each engine esbuild knows, the oldest version the
 * query lists. esbuild rewrites syntax down to these versions; built-ins it cannot add, so
 * test/node/dist-targets.test.ts scans the built files for any that are newer than the targets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import browserslist from 'browserslist';

const ROOT = import.meta.dirname;

/** Samsung Internet releases and the Chromium each is built on (esbuild has no "samsung" engine). */
const SAMSUNG_CHROMIUM: Record<string, number> = {
  '23': 115,
  '24': 117,
  '25': 121,
  '26': 122,
  '27': 125,
  '28': 130,
};

/** browserslist name -> esbuild engine. */
const ENGINES: Record<string, string> = {
  chrome: 'chrome',
  and_chr: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  and_ff: 'firefox',
  safari: 'safari',
  ios_saf: 'ios',
  opera: 'opera',
  android: 'chrome',
};

/** The query in package.json's "browserslist". */
export function browserQuery(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { browserslist?: string[] };
  if (!pkg.browserslist?.length) throw new Error('package.json has no "browserslist" query');
  return pkg.browserslist;
}

/** The browsers the query resolves to, as `name version` (browserslist's own format). */
export function supportedBrowsers(): string[] {
  return browserslist(browserQuery(), { path: ROOT });
}

/** esbuild targets, e.g. ['chrome115', 'edge132', 'firefox115', 'ios15', 'safari15']. */
export function esbuildTargets(): string[] {
  const oldest = new Map<string, number>();
  const add = (engine: string, version: number) => {
    if (!(version >= (oldest.get(engine) ?? Infinity))) oldest.set(engine, version);
  };
  for (const entry of supportedBrowsers()) {
    const [name = '', range = ''] = entry.split(' ');
    // "18.5-18.7" -> 18.5; "TP" and other non-numbers are newer than any release.
    const version = parseFloat(range.split('-')[0] ?? '');
    if (Number.isNaN(version)) continue;
    if (name === 'samsung') {
      const chromium = SAMSUNG_CHROMIUM[String(version)];
      if (chromium) add('chrome', chromium);
      continue;
    }
    const engine = ENGINES[name];
    if (engine) add(engine, version);
  }
  return [...oldest].sort(([a], [b]) => a.localeCompare(b)).map(([engine, v]) => `${engine}${v}`);
}
