import { defineConfig } from 'vite';
import { createSandbox } from './src/sandbox/index.ts';
import { sandboxVitePlugin } from './src/sandbox/adapters.ts';
import { partnerBackend } from './demo/partner-backend.ts';

// `npm run demo`: the demo site (demo/) with the sandbox service mounted under /sandbox and the
// partner backend routes under /partner (see demo/partner-backend.ts). One sandbox instance serves both.
const sandbox = createSandbox({ basePath: '/sandbox' });

export default defineConfig({
  root: 'demo',
  publicDir: false,
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  preview: { host: '127.0.0.1', port: 4173 },
  plugins: [sandboxVitePlugin({ sandbox }), partnerBackend({ sandbox })],
});
