/**
 * The packed package as a consumer installs it (run after `npm run build`, which `npm test` does first):
 * `npm pack`, then `npm install <tarball>` in an empty project (the npm registry must be reachable for
 * the dependencies). Checks a lean tarball (no server-side dependency for element-only consumers, the
 * source maps of the library code only), that every entry imports in Node, and that a file using every
 * entry, the exported event and property types, and the Vue / Svelte / JSX template typings type-checks
 * under `moduleResolution` `node10`, `node16`/`nodenext` and `bundler`.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  exports: Record<string, string | { types: string; default?: string }>;
  typesVersions: Record<string, Record<string, string[]>>;
};

let work = '';
let project = '';
let tarball = '';
let files: string[] = [];

const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });

before(() => {
  assert.ok(existsSync(join(ROOT, 'dist/index.js')), 'dist/ is missing: run `npm run build` first');
  work = mkdtempSync(join(tmpdir(), 'verify-elements-pack-'));
  // The build is `npm run build`'s (which `npm test` runs first): `--ignore-scripts` skips prepack's rebuild.
  const out = JSON.parse(
    run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], ROOT),
  ) as {
    filename: string;
    files: { path: string }[];
  }[];
  tarball = join(work, out[0]!.filename);
  files = out[0]!.files.map((f) => f.path);
  project = join(work, 'consumer');
  run('mkdir', ['-p', project], work);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-package-lock',
      tarball,
      'react',
      'vue',
      'svelte',
    ],
    project,
  );
});
after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the tarball', () => {
  test('is lean: library source maps only, no CDN or translation maps, no sources or tests', () => {
    const maps = files.filter((f) => f.endsWith('.map'));
    // One per library entry and chunk (each lazily loaded part of the elements is a chunk of its own).
    assert.ok(maps.length > 0 && maps.length <= 55, `${maps.length} source maps`);
    assert.deepEqual(
      maps.filter((f) => f.startsWith('dist/cdn/')),
      [],
    );
    const locales = (
      JSON.parse(readFileSync(join(ROOT, 'lit-localize.json'), 'utf8')) as { targetLocales: string[] }
    ).targetLocales;
    const built = [
      ...readdirSync(join(ROOT, 'dist')).map((f) => `dist/${f}`),
      ...readdirSync(join(ROOT, 'dist/chunks')).map((f) => `dist/chunks/${f}`),
    ].filter((f) => f.endsWith('.js.map'));
    for (const map of built) {
      const translation = locales.some((l) => map.startsWith(`dist/chunks/${l}-`));
      assert.equal(files.includes(map), !translation, map);
    }
    assert.deepEqual(
      files.filter((f) => /^(src|test|demo|bench|examples)\//.test(f)),
      [],
    );
  });
  test('carries the LICENSE (MIT) and the CHANGELOG; packing builds first (prepack)', () => {
    assert.ok(files.includes('LICENSE') && files.includes('CHANGELOG.md'));
    assert.match(readFileSync(join(ROOT, 'LICENSE'), 'utf8'), /^MIT License/);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      license: string;
      version: string;
      scripts: Record<string, string>;
    };
    assert.equal(manifest.license, 'MIT');
    assert.equal(manifest.scripts.prepack, 'npm run build');
    const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
    assert.ok(
      changelog.includes(`## ${manifest.version}`),
      `CHANGELOG.md has a section for ${manifest.version}`,
    );
  });
  test('carries every export target and typesVersions target', () => {
    for (const [name, target] of Object.entries(pkg.exports)) {
      for (const t of typeof target === 'string' ? [target] : Object.values(target)) {
        assert.ok(files.includes(t.replace(/^\.\//, '')), `${name}: ${t}`);
      }
    }
    for (const [name, [target]] of Object.entries(pkg.typesVersions['*'] ?? {})) {
      assert.ok(target && files.includes(target.replace(/^\.\//, '')), `typesVersions ${name}`);
    }
  });
  test('element-only consumers get no server-side dependency (hono is bundled into the sandbox)', () => {
    assert.equal(pkg.dependencies.hono, undefined);
    const installed = readdirSync(join(project, 'node_modules'));
    assert.equal(installed.includes('hono'), false);
    const packed = JSON.parse(
      readFileSync(join(project, 'node_modules/verify-elements/package.json'), 'utf8'),
    ) as {
      dependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional: boolean }>;
    };
    assert.deepEqual(Object.keys(packed.dependencies).sort(), [
      '@lit/localize',
      '@lit/react',
      'lit',
      'qrcode-generator',
      'zod',
    ]);
    assert.equal(packed.peerDependenciesMeta.react?.optional, true, 'React is an optional peer');
  });
});

describe('installed in a fresh project', () => {
  test('every entry imports in Node', () => {
    const entries = Object.entries(pkg.exports)
      .filter(([, t]) => typeof t === 'object' && t.default !== undefined)
      .map(([name]) => `verify-elements${name.slice(1)}`);
    writeFileSync(
      join(project, 'imports.mjs'),
      `const out = {};\nfor (const e of ${JSON.stringify(entries)}) out[e] = Object.keys(await import(e)).length;\n` +
        'console.log(JSON.stringify(out));\n',
    );
    const counts = JSON.parse(run('node', ['imports.mjs'], project)) as Record<string, number>;
    assert.equal(Object.keys(counts).length, entries.length);
    for (const [e, n] of Object.entries(counts)) assert.ok(n > 0, `${e} exports something`);
  });

  const CHECK = `import {
  KybFormElement,
  AgeCheckElement,
  KybClient,
  type TokenProvider,
  type KybSubmittedDetail,
  type KybErrorDetail,
  type AgeCheckCompleteDetail,
  type KybFormEventMap,
  type AgeCheckEventMap,
  type KybFormProperties,
} from 'verify-elements';
import type {} from 'verify-elements/define';
import { KybToken, type KybInfo } from 'verify-elements/schemas';
import { KybForm, AgeCheck } from 'verify-elements/react';
import { PartnerClient, verifyWebhookSignature, ApiError } from 'verify-elements/server';
import { createSandbox } from 'verify-elements/sandbox';
import { nodeListener } from 'verify-elements/sandbox/adapters';
import { startSandboxServer } from 'verify-elements/sandbox/node';
import { SandboxControl } from 'verify-elements/sandbox/control';
import type { GlobalComponents } from 'vue';
import type { SvelteHTMLElements } from 'svelte/elements';
import type {} from 'verify-elements/vue';
import type {} from 'verify-elements/svelte';
import type {} from 'verify-elements/jsx';

type IsAny<T> = 0 extends 1 & T ? true : false;
type Not<T extends false> = T;
export type Checks = [
  Not<IsAny<typeof KybFormElement>>,
  Not<IsAny<typeof AgeCheckElement>>,
  Not<IsAny<typeof KybClient>>,
  Not<IsAny<TokenProvider>>,
  Not<IsAny<KybSubmittedDetail>>,
  Not<IsAny<typeof KybForm>>,
  Not<IsAny<typeof AgeCheck>>,
  Not<IsAny<typeof PartnerClient>>,
  Not<IsAny<typeof verifyWebhookSignature>>,
  Not<IsAny<typeof ApiError>>,
  Not<IsAny<typeof createSandbox>>,
  Not<IsAny<typeof nodeListener>>,
  Not<IsAny<typeof startSandboxServer>>,
  Not<IsAny<typeof SandboxControl>>,
  Not<IsAny<typeof KybToken>>,
  Not<IsAny<KybInfo>>,
  Not<IsAny<GlobalComponents['kyb-form']>>,
  Not<IsAny<SvelteHTMLElements['age-check']>>,
];

const provider: TokenProvider = async () => ({ token: 't', expiresAt: Date.now() + 60_000 });
// What the server helper's createKybToken answers (and a partner route passes on) is a token result too.
type Minted = Awaited<ReturnType<PartnerClient['createKybToken']>>;
export const fromServer = (minted: Minted): TokenProvider => async () => minted;
const props: KybFormProperties = { token: 't', apiBase: '/api', tokenProvider: provider };
export const formId = (e: KybFormEventMap['kyb-submitted']): string => e.detail.formId;
export const outcome = (e: AgeCheckEventMap['age-check-complete']): AgeCheckCompleteDetail['outcome'] =>
  e.detail.outcome;
export const kind = (d: KybErrorDetail): string => d.kind;
export const el: KybFormElement = document.createElement('kyb-form');
el.tokenProvider = props.tokenProvider ?? null;
document.createElement('age-check').addEventListener('age-check-complete', (e) => e.detail.outcome);

// Vue: the element's props and events are in GlobalComponents.
type VueForm = InstanceType<GlobalComponents['kyb-form']>;
export const vueProps: VueForm['$props'] = { token: 't', tokenProvider: provider };
// Svelte: attributes, properties and event attributes.
export const svelteAttrs: SvelteHTMLElements['kyb-form'] = {
  token: 't',
  'api-base': '/api',
  'onkyb-submitted': (e) => void e.detail.formId,
};
// @ts-expect-error an unknown event detail member is an error
export const wrong: SvelteHTMLElements['age-check'] = { 'onage-check-complete': (e) => e.detail.nope };
`;
  const JSX = `import type {} from 'verify-elements/jsx';
import type { KybSubmittedDetail } from 'verify-elements';
export const form = (
  <kyb-form token="t" api-base="/api" onkyb-submitted={(e: CustomEvent<KybSubmittedDetail>) => e.detail.formId} />
);
// @ts-expect-error an unknown attribute is an error
export const bad = <age-check tokn="t" />;
`;

  for (const [resolution, module] of [
    ['node10', 'esnext'],
    ['node16', 'node16'],
    ['nodenext', 'nodenext'],
    ['bundler', 'esnext'],
  ] as const) {
    test(`types resolve under moduleResolution ${resolution}`, () => {
      writeFileSync(join(project, 'check.ts'), CHECK);
      writeFileSync(join(project, 'check-jsx.tsx'), JSX);
      const config = {
        compilerOptions: {
          target: 'es2022',
          module,
          moduleResolution: resolution,
          lib: ['es2023', 'dom', 'dom.iterable'],
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
          typeRoots: [join(ROOT, 'node_modules/@types')],
        },
        files: ['check.ts', 'check-jsx.tsx'],
      };
      const file = join(project, `tsconfig.${resolution}.json`);
      writeFileSync(file, JSON.stringify(config));
      try {
        run('node', [TSC, '-p', file], project);
      } catch (e) {
        const out = e as { stdout?: string; stderr?: string };
        assert.fail(`tsc (${resolution}) failed:\n${out.stdout ?? ''}${out.stderr ?? ''}`);
      }
    });
  }
});
