import { defineConfig, type UserConfig } from 'vite';
import { createSandbox } from './src/sandbox/index.ts';
import { sandboxVitePlugin } from './src/sandbox/adapters.ts';
import { partnerBackend } from './demo/partner-backend.ts';

/**
 * `npm run demo` (serve): the demo site (demo/) with the sandbox mounted under /sandbox and the partner
 * backend under /partner. One sandbox instance serves both.
 *
 * `npm run build` runs two builds:
 *   --mode lib  ESM entries for npm (dependencies external), declarations come from tsc.
 *   --mode cdn  one self-contained module for a <script type="module"> tag, with the camera, QR code and
 *               each locale split into chunks loaded on demand, plus a classic-script loader (IIFE).
 */
const LIB_ENTRIES = {
  index: 'src/index.ts',
  define: 'src/define.ts',
  react: 'src/react/index.ts',
  server: 'src/server/index.ts',
  sandbox: 'src/sandbox/index.ts',
  'sandbox-adapters': 'src/sandbox/adapters.ts',
  'sandbox-node': 'src/sandbox/node-server.ts',
  'sandbox-control': 'src/sandbox/control-client.ts',
};

const external = (id: string) =>
  /^(lit|lit-html|lit-element|@lit\/|@lit-labs\/|zod|hono|react|react-dom|qrcode-generator|vite)(\/|$)/.test(
    id,
  ) || id.startsWith('node:');

/** A classic `<script>` that loads the module build next to it (dynamic import works in classic scripts). */
const IIFE_LOADER = `/*! verify-elements classic-script loader */
(function () {
  var s = document.currentScript;
  var base = s && s.src ? s.src : location.href;
  import(new URL('./verify-elements.js', base).href).catch(function (e) {
    console.error('verify-elements failed to load', e);
  });
})();
`;

export default defineConfig(({ command, mode }): UserConfig => {
  if (command === 'serve' || mode === 'demo') {
    const sandbox = createSandbox({ basePath: '/sandbox' });
    return {
      root: 'demo',
      publicDir: false,
      server: { host: '127.0.0.1', port: 5173, strictPort: false },
      preview: { host: '127.0.0.1', port: 4173 },
      plugins: [sandboxVitePlugin({ sandbox }), partnerBackend({ sandbox })],
    };
  }
  if (mode === 'cdn') {
    return {
      publicDir: false,
      build: {
        outDir: 'dist/cdn',
        emptyOutDir: true,
        target: 'es2021',
        sourcemap: true,
        minify: true,
        modulePreload: false,
        rollupOptions: {
          input: 'src/cdn.ts',
          preserveEntrySignatures: 'exports-only',
          output: { entryFileNames: 'verify-elements.js', chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      },
      plugins: [
        {
          name: 'verify-elements-iife-loader',
          generateBundle() {
            this.emitFile({ type: 'asset', fileName: 'verify-elements.iife.js', source: IIFE_LOADER });
          },
        },
      ],
    };
  }
  return {
    publicDir: false,
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
      minify: false,
      lib: { entry: LIB_ENTRIES, formats: ['es'] },
      rollupOptions: { external, output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  };
});
