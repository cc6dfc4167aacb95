/**
 * A CDN release you can pin (run after `npm run build`): `dist/cdn/integrity.json` holds the sha384 of
 * every file of the release; `dist/cdn/head-snippet.html` (the fast start) and `head-snippet-pinned.html`
 * (the same with every chunk pinned) name only files of the release, each with its hash; and a chunk whose
 * bytes were changed is refused by the browser, not run. In Chromium that is
 * asserted; in Firefox ESR and WebKitGTK it is measured and reported (test diagnostics), each mechanism
 * on its own: the import map's `integrity` section, `modulepreload` links with `integrity`, both (the
 * pinned snippet), and nothing (which shows the tampering itself works). An untampered release with the
 * pinned snippet must work in every engine.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { startPageServer, type PageServer } from '../support/page-server.ts';
import { ENGINES, engineMissing, openEngine, waitIn, type EngineName } from '../support/engines.ts';
import { sri, type IntegrityManifest } from '../../scripts/cdn-release.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CDN = join(ROOT, 'dist/cdn');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

let manifest: IntegrityManifest;
let snippet = '';
let pinned = '';
before(() => {
  assert.ok(existsSync(join(CDN, 'integrity.json')), 'dist/cdn is missing: run `npm run build` first');
  manifest = JSON.parse(readFileSync(join(CDN, 'integrity.json'), 'utf8')) as IntegrityManifest;
  snippet = readFileSync(join(CDN, 'head-snippet.html'), 'utf8');
  pinned = readFileSync(join(CDN, 'head-snippet-pinned.html'), 'utf8');
});

/** Every file of the release but the manifest itself, relative to dist/cdn. */
const releaseFiles = () =>
  readdirSync(CDN, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(CDN, join(d.parentPath, d.name)))
    .filter((f) => !['integrity.json', 'head-snippet.html', 'head-snippet-pinned.html'].includes(f))
    .sort();

describe('the integrity manifest', () => {
  test('names every file of the release with the sha384 of its bytes, and the version', () => {
    assert.equal(manifest.name, pkg.name);
    assert.equal(manifest.version, pkg.version);
    assert.equal(manifest.algorithm, 'sha384');
    assert.deepEqual(Object.keys(manifest.files).sort(), releaseFiles());
    for (const [file, hash] of Object.entries(manifest.files))
      assert.equal(hash, sri(readFileSync(join(CDN, file))), file);
  });
});

for (const kind of ['fast', 'pinned'] as const)
  describe(`the head snippet (${kind})`, () => {
    const text = () => (kind === 'fast' ? snippet : pinned);
    const urls = () => [...text().matchAll(/%CDN_BASE%([^"\s]+)/g)].map((m) => m[1]!);
    const importMap = () => /<script type="importmap">([\s\S]*?)<\/script>/.exec(text());

    test("every URL is a file of the release, with that file's hash wherever a hash is given", () => {
      assert.ok(urls().length > 0);
      for (const file of urls()) assert.ok(existsSync(join(CDN, file)), `${file} is in dist/cdn`);
      const tags = [...text().matchAll(/<(?:link|script)\b[^>]*>/g)].map((m) => m[0]);
      for (const tag of tags.filter((t) => t.includes('%CDN_BASE%'))) {
        const file = /(?:href|src)="%CDN_BASE%([^"]+)"/.exec(tag)![1]!;
        assert.match(tag, /crossorigin="anonymous"/, tag);
        assert.equal(/integrity="([^"]+)"/.exec(tag)?.[1], manifest.files[file], file);
      }
      const map = importMap();
      assert.equal(!!map, kind === 'pinned', 'an import map in the pinned snippet only');
      if (!map) return;
      for (const [url, hash] of Object.entries(
        (JSON.parse(map[1]!) as { integrity: Record<string, string> }).integrity,
      ))
        assert.equal(hash, manifest.files[url.replace('%CDN_BASE%', '')], url);
    });

    test(`${kind === 'pinned' ? 'the import map pins every chunk; ' : ''}the preloads are the first screens the loader preloads`, () => {
      if (kind === 'pinned') {
        const map = JSON.parse(importMap()![1]!) as { integrity: Record<string, string> };
        const chunks = releaseFiles().filter((f) => f.startsWith('chunks/') && f.endsWith('.js'));
        assert.deepEqual(Object.keys(map.integrity).sort(), chunks.map((f) => `%CDN_BASE%${f}`).sort());
      }
      // The loader's own preload graph, as the entry holds it.
      const graph = JSON.parse(
        /'(\{"kyb-form".*?\})'/.exec(readFileSync(join(CDN, 'verify-elements.js'), 'utf8'))![1]!,
      ) as Record<string, string[]>;
      for (const tag of ['kyb-form', 'age-check']) {
        const section = new RegExp(`<!-- <${tag}>: first screen -->([\\s\\S]*?)<!-- /<${tag}> -->`).exec(
          text(),
        );
        assert.ok(section, `a section for <${tag}>`);
        const preloads = [...section[1]!.matchAll(/href="%CDN_BASE%([^"]+)"/g)].map((m) => m[1]);
        assert.deepEqual(preloads, graph[tag], tag);
      }
      assert.match(text(), /<link rel="preconnect" href="%API_BASE%" crossorigin>/);
      // async: the entry runs as soon as it is here, not once the rest of a long page is parsed; first
      // and at high priority, before the preloads (it sends the first API requests).
      assert.match(
        text(),
        /<link rel="preconnect"[^>]*>\n<script type="module" async fetchpriority="high" src="%CDN_BASE%verify-elements\.js" integrity="sha384-[^"]+" crossorigin="anonymous"><\/script>\n<!-- <kyb-form>/,
      );
    });
  });

type Scenario = 'nothing' | 'import map' | 'modulepreload' | 'snippet';
interface Outcome {
  defined: boolean;
  ran: number;
}

describe('a tampered chunk', () => {
  let server: PageServer;
  let bad = '';
  const tampered: string[] = [];

  before(async () => {
    bad = mkdtempSync(join(tmpdir(), 'verify-elements-tampered-'));
    cpSync(CDN, bad, { recursive: true });
    // Every chunk the entry imports (each element's own chunk) gets one statement more.
    const entry = readFileSync(join(CDN, 'verify-elements.js'), 'utf8');
    for (const m of entry.matchAll(/import\(`\.\/(chunks\/[\w-]+\.js)`\)/g)) {
      tampered.push(m[1]!);
      appendFileSync(join(bad, m[1]!), '\n;globalThis.__tampered=(globalThis.__tampered||0)+1;\n');
    }
    assert.ok(tampered.length >= 2, 'the two elements');
    const head = (base: string, scenario: Scenario | 'good') => {
      const s = pinned.replaceAll('%CDN_BASE%', base).replaceAll('%API_BASE%', 'http://127.0.0.1');
      const map = /<script type="importmap">[\s\S]*?<\/script>/.exec(s)![0];
      const preloads = s.match(/<link rel="modulepreload"[^>]*>/g)!.join('\n');
      const entryTag = /<script type="module"[^>]*><\/script>/.exec(s)![0];
      const plain = `<script type="module" src="${base}verify-elements.js"></script>`;
      if (scenario === 'nothing') return plain;
      if (scenario === 'import map') return `${map}\n${entryTag}`;
      if (scenario === 'modulepreload') return `${preloads}\n${entryTag}`;
      return s;
    };
    const page = (h: string) =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pinned</title>\n${h}\n</head>` +
      '<body><main><kyb-form></kyb-form><age-check></age-check></main></body></html>';
    const pages: Record<string, string> = { '/good.html': page(head('/good/', 'good')) };
    for (const s of ['nothing', 'import map', 'modulepreload', 'snippet'] as const)
      pages[`/bad-${s.replace(' ', '-')}.html`] = page(head('/bad/', s));
    server = await startPageServer({ mounts: { '/good/': CDN, '/bad/': bad }, pages });
  });
  after(async () => {
    await server?.close();
    if (bad) rmSync(bad, { recursive: true, force: true });
  });

  const STATE = `return { defined: !!customElements.get('kyb-form') && !!customElements.get('age-check'),
    ran: globalThis.__tampered || 0 };`;

  const results: Partial<Record<EngineName, Record<string, Outcome>>> = {};
  for (const engine of ENGINES) {
    test(
      `${engine}: the release with its snippet works; a tampered chunk is ${engine === 'chromium' ? 'refused' : 'measured'}`,
      {
        skip: engineMissing(engine) ?? false,
        timeout: 240_000,
      },
      async (t) => {
        const p = await openEngine(engine);
        const seen: Record<string, Outcome> = {};
        try {
          await p.goto(`${server.origin}/good.html`);
          await waitIn(
            p,
            "return !!customElements.get('kyb-form') && !!customElements.get('age-check');",
            'both elements',
          );
          seen.good = await p.run<Outcome>(STATE);
          for (const s of ['nothing', 'import map', 'modulepreload', 'snippet'] as const) {
            await p.goto(`${server.origin}/bad-${s.replace(' ', '-')}.html`);
            // Long enough for the loader to import both elements (they load in well under a second here).
            await new Promise((r) => setTimeout(r, 3000));
            seen[s] = await p.run<Outcome>(STATE);
          }
        } finally {
          await p.close();
        }
        results[engine] = seen;
        t.diagnostic(`${engine}: ${JSON.stringify(seen)}`);
        assert.deepEqual(
          seen.good,
          { defined: true, ran: 0 },
          'the untampered release works with the snippet',
        );
        assert.ok(seen.nothing!.ran > 0 && seen.nothing!.defined, 'without integrity the tampered code runs');
        if (engine === 'chromium') {
          for (const s of ['import map', 'snippet'] as const)
            assert.deepEqual(seen[s], { defined: false, ran: 0 }, `${s}: refused`);
        }
      },
    );
  }
  after(() => console.log(`integrity enforcement by engine: ${JSON.stringify(results)}`));
});
