/**
 * The CDN build's chunk graph (run after `npm run build`): what each page downloads before its first screen.
 * The classic script is the entry itself (not a loader one round trip before it); no element chunk imports
 * the entry; each element preloads its own first-screen chunks and nothing of the other element; no chunks
 * import each other.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const CDN = resolve(import.meta.dirname, '../../dist/cdn');
const read = (file: string) => readFileSync(join(CDN, file), 'utf8');
const chunks = () =>
  readdirSync(join(CDN, 'chunks'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `chunks/${f}`);
/** The static imports of a built file, as paths under dist/cdn. */
const staticImports = (file: string) =>
  [...read(file).matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g)].map(
    (m) => join(file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '', m[1]!).replace(/^\.\//, ''),
  );
/** The built chunk that holds a source module (from the chunks' source maps). */
const chunkOf = (source: string) =>
  chunks().find(
    (f) =>
      existsSync(join(CDN, `${f}.map`)) &&
      (JSON.parse(read(`${f}.map`)) as { sources: string[] }).sources.some((s) => s.endsWith(source)),
  );
/** Each element's preload list, as the entry holds it. */
function preloadGraph(file: string): Record<string, string[]> {
  const m = /'(\{"kyb-form".*?\})'/.exec(read(file));
  assert.ok(m, `${file} holds the preload graph`);
  return JSON.parse(m[1]!) as Record<string, string[]>;
}

before(() => {
  assert.ok(existsSync(join(CDN, 'verify-elements.js')), 'dist/cdn is missing: run `npm run build` first');
});

describe('CDN chunk graph', () => {
  test('the classic script is the entry itself: same preload graph, absolute imports, no module syntax', () => {
    const classic = read('verify-elements.iife.js');
    assert.doesNotMatch(classic, /verify-elements\.js/, 'it does not load the module entry');
    assert.doesNotMatch(classic, /import\.meta|(^|[;}\s])(import\s*[\w{*]|export\s*[{*\w])/);
    assert.match(classic, /import\(new URL\(`\.\/chunks\/define-[\w-]+\.js`,__ve_src\)\.href\)/);
    assert.deepEqual(preloadGraph('verify-elements.iife.js'), preloadGraph('verify-elements.js'));
    assert.match(classic, /document\.currentScript/);
  });

  test('no chunk imports the entry (a classic-script page never loads the module entry)', () => {
    for (const file of chunks())
      assert.ok(!staticImports(file).includes('verify-elements.js'), `${file} imports the entry`);
  });

  test("each element preloads its own first-screen chunks, none of the other element's", () => {
    const graph = preloadGraph('verify-elements.js');
    const kyb = graph['kyb-form'] ?? [];
    const age = graph['age-check'] ?? [];
    const has = (list: string[], re: RegExp) => list.some((f) => re.test(f));
    const kybSchemas = chunkOf('src/api/kyb-flow.ts');
    const ageSchemas = chunkOf('src/api/age-capture.ts');
    assert.ok(kybSchemas && ageSchemas && kybSchemas !== ageSchemas, 'each element has its schemas chunk');
    assert.ok(has(kyb, /chunks\/kyb-screens-/), 'kyb: the company step');
    assert.ok(kyb.includes(kybSchemas) && has(kyb, /chunks\/zod-/), 'kyb: its schemas and zod');
    assert.ok(!kyb.includes(ageSchemas), 'kyb: no age schemas');
    assert.ok(age.includes(ageSchemas) && has(age, /chunks\/zod-/), 'age: its schemas and zod');
    assert.ok(!has(age, /chunks\/kyb-screens-/) && !age.includes(kybSchemas), 'age: no KYB code or schemas');
    assert.ok(!has(kyb, /chunks\/screens-/), 'kyb: no age capture screens');
    // Every preloaded file exists, and each list is closed under static imports (nothing discovered late).
    for (const [tag, files] of [
      ['kyb-form', kyb],
      ['age-check', age],
    ] as const)
      for (const file of files) {
        assert.ok(existsSync(join(CDN, file)), `${tag}: ${file} exists`);
        for (const dep of staticImports(file))
          assert.ok(files.includes(dep), `${tag}: ${file} imports ${dep}`);
      }
  });

  test("what the loader fetches once the first answer is in: the theme, the custom fields, each locale's texts", () => {
    const graph = preloadGraph('verify-elements.js') as unknown as {
      'kyb-form': string[];
      'age-check': string[];
      theme: string[];
      custom: string[];
      locales: string[];
      i18n: string;
      l10n: string[];
    };
    // @lit/localize's runtime: preloaded with any locale but English, on no element's English first screen,
    // and importing nothing else either first screen lacks.
    const runtime = chunkOf('src/i18n/locale-runtime.ts');
    assert.ok(runtime && graph.l10n.includes(runtime), `l10n lists ${runtime}`);
    assert.ok(!graph['kyb-form'].includes(runtime) && !graph['age-check'].includes(runtime));
    assert.equal(chunkOf('node_modules/@lit/localize/init/runtime.js'), runtime);
    for (const dep of staticImports(runtime))
      assert.ok(graph['kyb-form'].includes(dep) && graph['age-check'].includes(dep), `l10n imports ${dep}`);
    // The theme's code, with what it imports beyond <kyb-form>'s first screen.
    assert.ok(graph.theme.some((f) => /^chunks\/theme-/.test(f)));
    for (const file of graph.theme)
      for (const dep of staticImports(file))
        assert.ok([...graph['kyb-form'], ...graph.theme].includes(dep), `theme: ${file} imports ${dep}`);
    // The custom company fields' code: not on the first screen of a flow without them, whole when asked for.
    assert.ok(graph.custom.some((f) => /^chunks\/custom-fields-/.test(f)));
    assert.ok(!graph['kyb-form'].some((f) => /custom-fields/.test(f)));
    for (const file of graph.custom)
      for (const dep of staticImports(file))
        assert.ok([...graph['kyb-form'], ...graph.custom].includes(dep), `custom: ${file} imports ${dep}`);
    // Every locale but English, each with <kyb-form>'s and <age-check>'s first texts, which import only
    // what both first screens load.
    const targets = (
      JSON.parse(readFileSync(resolve(import.meta.dirname, '../../lit-localize.json'), 'utf8')) as {
        targetLocales: string[];
      }
    ).targetLocales;
    assert.deepEqual([...graph.locales].sort(), [...targets].sort());
    assert.match(graph.i18n, /^[\w-]{7}$/);
    for (const locale of graph.locales)
      for (const letter of ['k', 'a']) {
        // As cdn.ts names them: <kyb-form>'s first texts, then <age-check>'s.
        const file = `chunks/${locale}-${letter}${graph.i18n}.js`;
        assert.ok(existsSync(join(CDN, file)), `${file} exists`);
        for (const dep of staticImports(file))
          assert.ok(graph['kyb-form'].includes(dep) && graph['age-check'].includes(dep), `${file}: ${dep}`);
      }
    // Every translation chunk of the build carries the one hash (a stale name would be a missing file).
    const translations = readdirSync(join(CDN, 'chunks')).filter((f) =>
      new RegExp(`^(${targets.join('|')})-[\\w-]+\\.js$`).test(f),
    );
    assert.equal(translations.length, targets.length * 5);
    for (const f of translations) assert.ok(f.endsWith(`${graph.i18n}.js`), f);
  });

  test('no chunks import each other (the order they run in would depend on the network)', () => {
    // In a cycle, the chunk whose import() finishes first runs after the chunks it imports, which then
    // read its bindings unset: 688df2e's kyb-screens <-> form-styles failed <kyb-form> on slow links.
    const done = new Set<string>();
    const path: string[] = [];
    const visit = (file: string) => {
      const at = path.indexOf(file);
      assert.ok(at < 0, `chunks import each other: ${[...path.slice(at), file].join(' -> ')}`);
      if (done.has(file)) return;
      path.push(file);
      for (const dep of staticImports(file)) visit(dep);
      path.pop();
      done.add(file);
    };
    for (const file of ['verify-elements.js', ...chunks()]) visit(file);
  });

  test('the age check reaches its consent screen without KYB code', () => {
    const graph = preloadGraph('verify-elements.js');
    for (const file of graph['age-check'] ?? [])
      assert.doesNotMatch(read(file), /customElements\.define\(["'`]kyb-form/, file);
  });
});
