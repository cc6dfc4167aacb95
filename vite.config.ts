import { defineConfig } from 'vite';
import { sandboxVitePlugin } from './src/sandbox/adapters.ts';

// `npm run demo`: the demo site (demo/) with the sandbox service mounted under /sandbox and the
// partner backend routes under /partner (see demo/partner-backend.ts).
export default defineConfig({
  root: 'demo',
  publicDir: false,
  server: { host: '127.0.0.1', port: 5173, open: false },
  plugins: [sandboxVitePlugin({ basePath: '/sandbox' })],
});
