/**
 * `npm run test:quickstart`: the README's quick start, compiled verbatim in the apps partners start from.
 * Writes fresh Vite apps as `npm create vite` makes them (vanilla-ts, react-ts, vue-ts: their package.json,
 * tsconfig files, index.html and entry, with the templates' compiler options; the vanilla app also gets
 * `strict` and `noUncheckedSideEffectImports`, which the react-ts template sets), installs the packed tarball
 * of this repository (`npm pack` after `npm run build`) and the templates' dependencies from the npm
 * registry, pastes in the code blocks of README.md and docs/frameworks.md that carry a `file=` in their
 * info string (a block with `app=NAME` goes only to that app), then type-checks each app as its template
 * does (`tsc`, `tsc -b`, `vue-tsc -b`), the Node files (the token routes, `vite.config.ts` of the vanilla
 * app) with a Node tsconfig, and builds it with `vite build`.
 *
 * In the react and vue apps the README's `src/main.ts` (the vanilla page) is written as
 * `src/quickstart.ts`, beside the template's own entry: it is type-checked there too, under that
 * template's options. Needs the npm registry (not part of `npm test`). `QUICKSTART=vanilla,vue` or
 * arguments choose apps; `QUICKSTART_KEEP=1` keeps the apps' directory and prints it.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { allBlocks, where, type CodeBlock } from './doc-blocks.ts';
import { packTarball, run, timed } from './tarball.ts';

type Files = Record<string, string>;
const json = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

/** Compiler options every create-vite TS template sets for the app's sources. */
const APP_OPTIONS = {
  skipLibCheck: true,
  moduleResolution: 'bundler',
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  moduleDetection: 'force',
  noEmit: true,
  strict: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  erasableSyntaxOnly: true,
  noFallthroughCasesInSwitch: true,
  noUncheckedSideEffectImports: true,
};

/** The templates' tsconfig.node.json (vite.config.ts), and the same for the partner's server files. */
const nodeConfig = (include: string[]) => ({
  compilerOptions: {
    target: 'ES2023',
    lib: ['ES2023'],
    module: 'ESNext',
    types: ['node'],
    ...APP_OPTIONS,
  },
  include,
});

const html = (root: string, entry: string) =>
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>quick start</title>
  </head>
  <body>
    <div id="${root}"></div>
    <script type="module" src="${entry}"></script>
  </body>
</html>
`;

const COMMON_DEV = { typescript: '~5.9.3', vite: '^8.0.0', '@types/node': '^22.0.0' };

interface App {
  /** The template's files, before the README's blocks are pasted in. */
  files: Files;
  /** The type checks, as the template's `build` script runs them (then `vite build`). */
  checks: string[][];
  /** Where the README's vanilla page goes in this app. */
  mainAs: string;
}

const APPS: Record<string, App> = {
  vanilla: {
    files: {
      'package.json': json({
        name: 'quickstart-vanilla',
        private: true,
        type: 'module',
        devDependencies: COMMON_DEV,
      }),
      'tsconfig.json': json({
        compilerOptions: {
          target: 'ES2023',
          module: 'ESNext',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: ['vite/client'],
          allowArbitraryExtensions: true,
          ...APP_OPTIONS,
        },
        include: ['src'],
      }),
      'index.html': html('app', '/src/main.ts'),
    },
    checks: [['tsc']],
    mainAs: 'src/main.ts',
  },
  react: {
    files: {
      'package.json': json({
        name: 'quickstart-react',
        private: true,
        type: 'module',
        dependencies: { react: '^19.2.0', 'react-dom': '^19.2.0' },
        devDependencies: {
          ...COMMON_DEV,
          '@types/react': '^19.2.0',
          '@types/react-dom': '^19.2.0',
          '@vitejs/plugin-react': '^6.0.0',
        },
      }),
      'tsconfig.json': json({
        files: [],
        references: [{ path: './tsconfig.app.json' }, { path: './tsconfig.node.json' }],
      }),
      'tsconfig.app.json': json({
        compilerOptions: {
          tsBuildInfoFile: './node_modules/.tmp/tsconfig.app.tsbuildinfo',
          target: 'ES2022',
          useDefineForClassFields: true,
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          types: ['vite/client'],
          jsx: 'react-jsx',
          ...APP_OPTIONS,
        },
        include: ['src'],
      }),
      'tsconfig.node.json': json({
        ...nodeConfig(['vite.config.ts']),
        compilerOptions: {
          ...nodeConfig([]).compilerOptions,
          tsBuildInfoFile: './node_modules/.tmp/tsconfig.node.tsbuildinfo',
        },
      }),
      'vite.config.ts': `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// https://vite.dev/config/
export default defineConfig({
  plugins: [react()],
});
`,
      'index.html': html('root', '/src/main.tsx'),
      'src/main.tsx': `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
    },
    checks: [['tsc', '-b']],
    mainAs: 'src/quickstart.ts',
  },
  vue: {
    files: {
      'package.json': json({
        name: 'quickstart-vue',
        private: true,
        type: 'module',
        dependencies: { vue: '^3.5.0' },
        devDependencies: {
          ...COMMON_DEV,
          '@vitejs/plugin-vue': '^6.0.0',
          '@vue/tsconfig': '^0.8.0',
          'vue-tsc': '^3.0.0',
        },
      }),
      'tsconfig.json': json({
        files: [],
        references: [{ path: './tsconfig.app.json' }, { path: './tsconfig.node.json' }],
      }),
      'tsconfig.app.json': json({
        extends: '@vue/tsconfig/tsconfig.dom.json',
        compilerOptions: {
          tsBuildInfoFile: './node_modules/.tmp/tsconfig.app.tsbuildinfo',
          types: ['vite/client'],
          allowArbitraryExtensions: true,
          noUnusedLocals: true,
          noUnusedParameters: true,
          erasableSyntaxOnly: true,
          noFallthroughCasesInSwitch: true,
          noUncheckedSideEffectImports: true,
        },
        include: ['src/**/*.ts', 'src/**/*.tsx', 'src/**/*.vue'],
      }),
      'tsconfig.node.json': json({
        ...nodeConfig(['vite.config.ts']),
        compilerOptions: {
          ...nodeConfig([]).compilerOptions,
          tsBuildInfoFile: './node_modules/.tmp/tsconfig.node.tsbuildinfo',
        },
      }),
      'index.html': html('app', '/src/main.ts'),
      'src/main.ts': `import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
`,
    },
    checks: [['vue-tsc', '-b']],
    mainAs: 'src/quickstart.ts',
  },
};

/** The quick-start blocks: README.md and docs/frameworks.md blocks with a `file=`. */
function quickstartBlocks(): CodeBlock[] {
  return allBlocks().filter(
    (b) =>
      (b.doc === 'README.md' || b.doc === 'docs/frameworks.md') &&
      b.attrs.file &&
      ['ts', 'tsx', 'vue'].includes(b.lang) &&
      !b.flags.includes('partial'),
  );
}

/** The app's files with the blocks pasted in (verbatim); the Node files among them. */
function appFiles(
  name: string,
  app: App,
  blocks: CodeBlock[],
): { files: Files; nodeFiles: string[]; pasted: string[] } {
  const files: Files = { ...app.files };
  const nodeFiles: string[] = [];
  const pasted: string[] = [];
  for (const b of blocks) {
    if (b.attrs.app && b.attrs.app !== name) continue;
    let path = b.attrs.file!;
    if (path === 'src/main.ts' && b.doc === 'README.md') path = app.mainAs;
    files[path] = b.code;
    pasted.push(`${path} <- ${where(b)}`);
    if (!path.startsWith('src/') && path.endsWith('.ts') && path !== 'vite.config.ts') nodeFiles.push(path);
  }
  return { files, nodeFiles, pasted };
}

interface Result {
  name: string;
  ok: boolean;
  detail: string;
  seconds: Record<string, number>;
}

function main() {
  const available = Object.keys(APPS);
  const asked = [...(process.env.QUICKSTART?.split(',') ?? []), ...process.argv.slice(2)]
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = asked.filter((n) => !available.includes(n));
  assert.deepEqual(unknown, [], `unknown app(s); available: ${available.join(', ')}`);
  const names = asked.length ? [...new Set(asked)] : available;
  const blocks = quickstartBlocks();
  assert.ok(
    ['server.ts', 'src/main.ts'].every((f) =>
      blocks.some((b) => b.doc === 'README.md' && b.attrs.file === f),
    ),
    'the README has the quick start blocks (file=server.ts, file=src/main.ts)',
  );
  const work = mkdtempSync(join(tmpdir(), 'verify-elements-quickstart-'));
  const results: Result[] = [];
  try {
    const tarball = packTarball(work);
    for (const name of names) {
      const app = APPS[name]!;
      const dir = join(work, name);
      const seconds: Record<string, number> = {};
      try {
        const { files, nodeFiles, pasted } = appFiles(name, app, blocks);
        const pkg = JSON.parse(files['package.json']!) as { dependencies?: Record<string, string> };
        pkg.dependencies = { ...pkg.dependencies, 'verify-elements': `file:${tarball}` };
        files['package.json'] = json(pkg);
        // The partner's server files (and the vanilla app's vite.config.ts, which its template leaves
        // to no tsconfig) are Node code: checked with the templates' Node options.
        const serverFiles = [
          ...nodeFiles,
          ...(name === 'vanilla' && files['vite.config.ts'] ? ['vite.config.ts'] : []),
        ];
        if (serverFiles.length) files['tsconfig.server.json'] = json(nodeConfig(serverFiles));
        for (const [path, text] of Object.entries(files)) {
          mkdirSync(dirname(join(dir, path)), { recursive: true });
          writeFileSync(join(dir, path), text);
        }
        seconds.install = timed(() =>
          run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], dir),
        )[1];
        seconds.check = timed(() => {
          for (const [cmd, ...args] of app.checks) run('npx', ['--no-install', cmd!, ...args], dir);
          if (serverFiles.length) run('npx', ['--no-install', 'tsc', '-p', 'tsconfig.server.json'], dir);
        })[1];
        seconds.build = timed(() => run('npx', ['--no-install', 'vite', 'build'], dir))[1];
        results.push({ name, ok: true, detail: `${pasted.length} blocks: ${pasted.join('; ')}`, seconds });
      } catch (e) {
        const err = e as Error & { stdout?: string; stderr?: string };
        results.push({
          name,
          ok: false,
          detail: `${err.message.split('\n')[0]}\n${err.stdout ?? ''}${err.stderr ?? ''}`.trim(),
          seconds,
        });
      }
    }
  } finally {
    if (process.env.QUICKSTART_KEEP) console.log(`apps kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
  for (const r of results) {
    const s = (k: string) => (r.seconds[k] === undefined ? '-' : `${r.seconds[k]!.toFixed(1)} s`);
    console.log(
      `${r.ok ? 'ok  ' : 'FAIL'} quick start in ${r.name} (install ${s('install')}, check ${s('check')}, build ${s('build')}): ${r.detail}`,
    );
  }
  if (results.length === 0 || results.some((r) => !r.ok)) process.exitCode = 1;
}

main();
