/**
 * What every screenshot script of bench/ starts with: the demo's Vite dev server (`npm run demo`'s, with
 * the sandbox under /sandbox and the partner backend) on a free loopback port, the local Chromium
 * (playwright-core, CHROME_PATH or Debian's chromium), the folder the PNGs go to, and axe-core run on the
 * element of a page.
 *
 *   const demo = await startDemo();
 *   try { const page = await demo.browser.newPage(); await page.goto(`${demo.origin}/age.html`); … }
 *   finally { await demo.close(); }
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer } from 'vite';
import { chromiumLaunchOptions } from '../test/support/page-server.ts';

export const ROOT = resolve(import.meta.dirname, '..');
/** Where the screenshots go (created on import). */
export const OUT = join(ROOT, 'bench', 'results', 'screens');
mkdirSync(OUT, { recursive: true });

export interface Demo {
  /** `http://127.0.0.1:<port>`: the demo's pages, the sandbox under /sandbox. */
  origin: string;
  browser: Browser;
  /** Closes the browser and the server. */
  close: () => Promise<void>;
}

/** The demo's Vite dev server on a free loopback port and a Chromium to look at it with. */
export async function startDemo(): Promise<Demo> {
  const server = await createServer({
    configFile: join(ROOT, 'vite.config.ts'),
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    logLevel: 'warn',
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') {
    await server.close();
    throw new Error('no server address');
  }
  const browser = await chromium.launch(chromiumLaunchOptions()).catch(async (err: unknown) => {
    await server.close();
    throw err;
  });
  return {
    origin: `http://127.0.0.1:${address.port}`,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

const AXE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** axe-core's violations (all its rules, WCAG 2.x A/AA among them) inside `selector`, as `rule (nodes)`. */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async (sel) => {
    const { axe } = window as unknown as {
      axe: {
        run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; nodes: unknown[] }[] }>;
      };
    };
    const r = await axe.run({ include: [[sel]] }, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.nodes.length})`);
  }, selector);
}
