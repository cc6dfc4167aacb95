/**
 * End-to-end support for Node tests that drive real Chromium with playwright-core: builds the CDN bundle
 * once (Vite's JS API) and serves it, static pages and the sandbox from one loopback origin, optionally
 * with a Content-Security-Policy header on every response.
 */
import { createServer, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { nodeListener } from '../../src/sandbox/adapters.ts';
import { CHROMIUM_FLAGS, chromePath } from './check-chrome.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

let built: Promise<string> | undefined;
/** Builds the CDN bundle (verify-elements.js + chunks + the classic-script loader) once per process. */
export function buildCdn(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'verify-elements-cdn-'));
    const { build } = await import('vite');
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      mode: 'cdn',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
    return outDir;
  })();
  return built;
}

export interface PageServer {
  origin: string;
  sandbox: Sandbox;
  close(): Promise<void>;
}

/**
 * Serves `mounts` (URL prefix -> directory) and the sandbox under `/sandbox`, on 127.0.0.1 only.
 * `pages` maps a path to inline HTML (served as a file would be, so a CSP still applies to it).
 */
export async function startPageServer(opts: {
  mounts?: Record<string, string>;
  pages?: Record<string, string>;
  csp?: string;
}): Promise<PageServer> {
  const sandbox = createSandbox({ basePath: '/sandbox' });
  const api = nodeListener(sandbox);
  const withCsp = (res: ServerResponse) => {
    if (opts.csp) res.setHeader('Content-Security-Policy', opts.csp);
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    withCsp(res);
    if (sandbox.handles(url)) return api(req, res);
    const page = opts.pages?.[url.pathname];
    if (page !== undefined) {
      res.setHeader('Content-Type', TYPES['.html']!);
      return res.end(page);
    }
    void (async () => {
      for (const [prefix, dir] of Object.entries(opts.mounts ?? {})) {
        if (!url.pathname.startsWith(prefix)) continue;
        const file = normalize(join(dir, decodeURIComponent(url.pathname.slice(prefix.length))));
        if (!file.startsWith(normalize(dir))) break;
        if (existsSync(file) && (await stat(file)).isFile()) {
          res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
          const body = await readFile(file);
          // Compressed as a CDN would (the bench's slow-network timings depend on it).
          if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
            res.setHeader('Content-Encoding', 'gzip');
            return res.end(gzipSync(body));
          }
          return res.end(body);
        }
      }
      res.statusCode = 404;
      res.end('not found');
    })();
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    sandbox,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** Launch options for playwright-core with Debian's Chromium (fake camera granted). */
export function chromiumLaunchOptions(extraArgs: string[] = []) {
  const executablePath = chromePath();
  if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH or install "chromium".');
  return {
    executablePath,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
  };
}
