/**
 * The built browser code uses nothing newer than the declared targets (package.json "browserslist":
 * Safari/iOS 15, Firefox 115, Chromium of the last two years, Samsung Internet 23). Runs over dist/
 * after `npm run build` (which `npm test` does first):
 *  - the ES rules of eslint-plugin-es-x for every edition after ES2021, minus the features that every
 *    target has (class fields and private methods, `#x in o`, top-level await, the RegExp `d` flag,
 *    `Error` cause): syntax esbuild failed to lower and static built-ins such as `Object.hasOwn`;
 *  - prototype methods es-x cannot see without types (`.at()`, `.findLast()`, `.toSorted()`, Set
 *    methods...), web APIs and CSS newer than Safari 15, found by name in the code.
 * Browser code is the CDN build and the npm entries for the page (index, define, react) with the chunks
 * they import; the Node entries (server, sandbox) are not scanned.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import esx from 'eslint-plugin-es-x';
import { esbuildTargets } from '../../browser-targets.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');

/** Every target has these (Safari 15 is the oldest for each); the other post-ES2021 rules stay on. */
const ALLOWED_RULES = [
  'es-x/no-class-instance-fields',
  'es-x/no-class-static-fields',
  'es-x/no-class-private-fields',
  'es-x/no-class-private-methods',
  'es-x/no-private-in',
  'es-x/no-top-level-await',
  'es-x/no-regexp-d-flag',
  'es-x/no-error-cause',
];

/** Found by name: prototype methods (no types in built code), web APIs and CSS newer than Safari 15. */
const BY_NAME: { name: string; re: RegExp }[] = [
  { name: 'Array/String.prototype.at (Safari 15.4)', re: /\.at\(/ },
  { name: 'Array.prototype.findLast(Index) (Safari 15.4)', re: /\.findLast(Index)?\(/ },
  {
    name: 'Array.prototype.toSorted/toReversed/toSpliced (Safari 16)',
    re: /\.to(Sorted|Reversed|Spliced)\(/,
  },
  { name: 'Object.hasOwn (Safari 15.4)', re: /\bhasOwn\(/ },
  { name: 'String.prototype.isWellFormed/toWellFormed (Safari 16.4)', re: /\.(is|to)WellFormed\(/ },
  {
    name: 'Set methods (Safari 17)',
    re: /\.(intersection|difference|symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom)\(/,
  },
  { name: 'structuredClone (Safari 15.4)', re: /\bstructuredClone\(/ },
  { name: 'crypto.randomUUID (Safari 15.4)', re: /\brandomUUID\(/ },
  { name: 'AbortSignal.timeout/any (Safari 16/17.4)', re: /AbortSignal\.(timeout|any)\(/ },
  { name: 'URL.canParse/parse (Safari 17/18)', re: /\bURL\.(canParse|parse)\(/ },
  { name: 'HTMLDialogElement.showModal (Safari 15.4)', re: /\.showModal\(/ },
  { name: 'Element.checkVisibility (Safari 17.4)', re: /\.checkVisibility\(/ },
  { name: 'attachInternals / ElementInternals (Safari 16.4)', re: /\battachInternals\(/ },
  { name: 'input.showPicker (Safari 16)', re: /\.showPicker\(/ },
  { name: 'requestIdleCallback (no Safari)', re: /\brequestIdleCallback\(/ },
  { name: 'OffscreenCanvas (Safari 16.4)', re: /\bnew OffscreenCanvas\(/ },
  { name: 'BroadcastChannel (Safari 15.4)', re: /\bnew BroadcastChannel\(/ },
  { name: 'navigator.userActivation (Safari 16.4)', re: /\buserActivation\b/ },
  { name: 'Promise.withResolvers (Safari 17.4)', re: /\bwithResolvers\(/ },
  { name: 'CSS color-mix() (Safari 16.2)', re: /color-mix\(/ },
  { name: 'CSS :has() (Safari 15.4)', re: /:has\(/ },
  { name: 'CSS @container (Safari 16)', re: /@container\b/ },
  { name: 'CSS @layer (Safari 15.4)', re: /@layer\b/ },
  { name: 'CSS dynamic viewport units (Safari 15.4)', re: /\d(dvh|svh|lvh|dvw|svw|lvw)\b/ },
  { name: 'CSS text-wrap (Safari 17.4)', re: /text-wrap\s*:/ },
];

/** Drops `p: …Ndvh…` declarations that directly follow the same declaration in `vh` (a fallback). */
export function withoutEnhancements(code: string): string {
  return code.replace(
    /([\w-]+)\s*:([^;{}]*?)(\d+)vh\b([^;{}]*);(\s*)\1\s*:\2\3(?:dvh|svh|lvh)\b\4(?=[;}\s])/g,
    '$1:$2$3vh$4;$5',
  );
}

/** The npm entries that run in the page, with the chunks they import (transitively). */
function libBrowserFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+\.js)["']/g))
      visit(resolve(dirname(file), m[1]!));
  };
  for (const entry of ['index.js', 'define.js', 'react.js']) visit(join(DIST, entry));
  return [...seen];
}

function cdnFiles(dir = join(DIST, 'cdn')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? cdnFiles(join(dir, d.name)) : d.name.endsWith('.js') ? [join(dir, d.name)] : [],
  );
}

let files: string[];
before(() => {
  assert.ok(existsSync(join(DIST, 'cdn/verify-elements.js')), 'dist/ is missing: run `npm run build` first');
  files = [...new Set([...cdnFiles(), ...libBrowserFiles()])];
  assert.ok(files.length > 10, `browser files found: ${files.length}`);
});

const rel = (f: string) => relative(ROOT, f);

describe('dist/ uses nothing newer than the declared browser targets', () => {
  test('the build targets are derived from the browserslist query', () => {
    const targets = esbuildTargets();
    for (const t of ['safari15', 'ios15', 'firefox115']) assert.ok(targets.includes(t), `${t} in ${targets}`);
    const chrome = Number(targets.find((t) => t.startsWith('chrome'))?.slice(6));
    assert.ok(
      chrome > 0 && chrome <= 120,
      `chrome target ${chrome} covers Samsung Internet 23 (Chromium 115)`,
    );
  });

  test('no ES syntax or built-in after ES2021 that a target lacks (eslint-plugin-es-x)', async () => {
    const configs = ['2022', '2023', '2024', '2025', 'next'].flatMap((v) =>
      [`flat/no-new-in-es${v}`, `flat/no-new-in-es${v}-intl-api`]
        .map((name) => (esx.configs as Record<string, Linter.Config | undefined>)[name])
        .filter((c): c is Linter.Config => !!c),
    );
    assert.ok(configs.length >= 8, 'es-x configs found');
    const rules: Linter.RulesRecord = Object.assign({}, ...configs.map((c) => c.rules));
    for (const r of ALLOWED_RULES) {
      assert.ok(r in rules, `${r} is a rule of es-x`);
      rules[r] = 'off';
    }
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      ignore: false,
      overrideConfig: [
        {
          files: ['**/*.js'],
          plugins: { 'es-x': esx as unknown as NonNullable<Linter.Config['plugins']>[string] },
          languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
          rules,
        },
      ],
    });
    const results = await eslint.lintFiles(files.map(rel));
    const problems = results.flatMap((r) =>
      r.messages.map((m) => `${rel(r.filePath)}:${m.line}:${m.column} ${m.ruleId ?? 'parse'}: ${m.message}`),
    );
    assert.deepEqual(problems, []);
    assert.equal(results.length, files.length, 'every file was linted');
  });

  test('no prototype method, web API or CSS newer than the targets, by name', () => {
    const problems: string[] = [];
    for (const file of files) {
      // A declaration in dynamic viewport units right after the same one in `vh` is a progressive
      // enhancement (older engines keep the `vh` one): not an offender.
      const code = withoutEnhancements(readFileSync(file, 'utf8'));
      for (const { name, re } of BY_NAME) {
        const m = re.exec(code);
        if (m)
          problems.push(`${rel(file)}: ${name}: …${code.slice(Math.max(0, m.index - 40), m.index + 40)}…`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test('the scan finds what it looks for (a planted offender of each kind is reported)', async () => {
    const planted = 'const o = {}; Object.hasOwn(o, "a"); [1].at(-1); structuredClone(o);';
    for (const snippet of [
      'Object.hasOwn(o, "a")',
      '[1].at(-1)',
      'structuredClone(o)',
      'a{color:color-mix(x)}',
    ])
      assert.ok(
        BY_NAME.some(({ re }) => re.test(snippet)),
        `a rule catches ${snippet}`,
      );
    assert.ok(!BY_NAME.some(({ re }) => re.test('z.union([a,b]); o.hasOwnProperty("a"); a.map(f)')));
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [
        {
          plugins: { 'es-x': esx as unknown as NonNullable<Linter.Config['plugins']>[string] },
          languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
          rules: { 'es-x/no-object-hasown': 'error', 'es-x/no-class-static-block': 'error' },
        },
      ],
    });
    const [result] = await eslint.lintText(`${planted} class A { static { this.x = 1; } }`);
    assert.deepEqual(result?.messages.map((m) => m.ruleId).sort(), [
      'es-x/no-class-static-block',
      'es-x/no-object-hasown',
    ]);
  });
});
