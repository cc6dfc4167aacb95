/**
 * The CDN release's own files, written next to the build in `dist/cdn/` (see docs/release.md):
 *
 * - `integrity.json`: the sha384 of every file of the release (`sha384-<base64>`, the form `integrity`
 *   attributes and import maps take), with the package version;
 * - `head-snippet.html`: what a partner pastes into the page's `<head>` for a fast start: a `preconnect` to
 *   the API, `modulepreload` links with integrity for each element's first screen (so the element's code
 *   no longer waits for the entry to arrive and run), and the entry's `<script async>` with `integrity`
 *   and `crossorigin` (it runs as soon as it is here, not after the rest of the page is parsed);
 * - `head-snippet-pinned.html`: the same, after an import map whose `integrity` section pins every chunk
 *   the loader may import (browsers then refuse a chunk whose bytes differ, static imports and `import()`
 *   alike), for pages that must pin every script (PCI DSS 6.4.3). The map names about 250 chunks (about
 *   16 kB of gzip in every page view), which is why it is not in the fast snippet.
 *
 * `%CDN_BASE%` stands for the release's folder URL (ending in `/`), `%API_BASE%` for the origin of the
 * elements' `api-base`.
 *
 * Hashed after the files are written, so the hashes are those of the bytes served.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeIfChanged } from './write-if-changed.ts';

export const INTEGRITY_FILE = 'integrity.json';
export const HEAD_SNIPPET_FILE = 'head-snippet.html';
export const PINNED_SNIPPET_FILE = 'head-snippet-pinned.html';
export const CDN_BASE = '%CDN_BASE%';
export const API_BASE = '%API_BASE%';
/** The module entry and the classic-script entry (which loads the module's chunks next to it). */
export const ENTRY = 'verify-elements.js';

/** The first screen of each element (chunk paths relative to the release), as the loader preloads it. */
export type FirstScreens = Partial<Record<'kyb-form' | 'age-check', string[]>>;

export interface IntegrityManifest {
  name: string;
  version: string;
  algorithm: 'sha384';
  /** Path relative to the release folder (`/` separators) -> `sha384-<base64>`. */
  files: Record<string, string>;
}

export const sri = (bytes: Buffer | string) =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Every file below `dir` but the three this module writes, relative, sorted. */
function releaseFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split('\\').join('/'))
    .filter((f) => f !== INTEGRITY_FILE && f !== HEAD_SNIPPET_FILE && f !== PINNED_SNIPPET_FILE)
    .sort();
}

export function integrityManifest(dir: string, name: string, version: string): IntegrityManifest {
  const files: Record<string, string> = {};
  for (const f of releaseFiles(dir)) files[f] = sri(readFileSync(join(dir, f)));
  return { name, version, algorithm: 'sha384', files };
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The head snippet for a release (see the module comment); `pinned`: with the import map. */
export function headSnippet(manifest: IntegrityManifest, first: FirstScreens, pinned = false): string {
  const hash = (f: string) => {
    const h = manifest.files[f];
    if (!h) throw new Error(`cdn-release: ${f} is not a file of the release`);
    return h;
  };
  const url = (f: string) => CDN_BASE + f;
  const preload = (f: string) =>
    `<link rel="modulepreload" href="${attr(url(f))}" integrity="${hash(f)}" crossorigin="anonymous">`;
  const lines = [
    `<!-- ${manifest.name} ${manifest.version}: head snippet${pinned ? ', every chunk pinned' : ''} (docs/release.md). Replace ${CDN_BASE} with this`,
    `     release's folder URL, ending in "/", and ${API_BASE} with the origin of the elements' api-base.`,
    `     A page with one element only keeps that element's section.${pinned ? ' Under a CSP, give the import map' : ''}`,
    ...(pinned ? [`     your nonce (<script type="importmap" nonce="...">).`] : []),
    `-->`,
  ];
  if (pinned) {
    // Every module the loader may import: the chunks (the entries are pinned by their own tags).
    const modules = Object.keys(manifest.files).filter((f) => f.startsWith('chunks/') && f.endsWith('.js'));
    const map = { integrity: Object.fromEntries(modules.map((f) => [url(f), hash(f)])) };
    lines.push(
      `<script type="importmap">`,
      JSON.stringify(map, null, 1).replace(/\n\s*/g, '\n'),
      `</script>`,
    );
  }
  // The entry first and at high priority (an async module script is fetched at low priority, behind the
  // preloads): it sends the element's first API requests, which are then the longest path.
  lines.push(
    `<link rel="preconnect" href="${API_BASE}" crossorigin>`,
    `<script type="module" async fetchpriority="high" src="${attr(url(ENTRY))}" integrity="${hash(ENTRY)}" crossorigin="anonymous"></script>`,
  );
  for (const tag of ['kyb-form', 'age-check'] as const) {
    const files = first[tag] ?? [];
    if (files.length === 0) continue;
    lines.push(`<!-- <${tag}>: first screen -->`, ...files.map(preload), `<!-- /<${tag}> -->`);
  }
  return lines.join('\n') + '\n';
}

/** Writes `integrity.json` and the two head snippets into the built release `dir`. */
export function writeRelease(
  dir: string,
  name: string,
  version: string,
  first: FirstScreens,
): IntegrityManifest {
  const manifest = integrityManifest(dir, name, version);
  writeIfChanged(join(dir, INTEGRITY_FILE), JSON.stringify(manifest, null, 2) + '\n');
  writeIfChanged(join(dir, HEAD_SNIPPET_FILE), headSnippet(manifest, first));
  writeIfChanged(join(dir, PINNED_SNIPPET_FILE), headSnippet(manifest, first, true));
  return manifest;
}
