/**
 * The CDN build's chunks run in any order (run after `npm run build`; `CDN_DIR` points it at another
 * build). Which of a page's parallel `import()`s finishes first depends on the network, and the chunk it
 * reaches first runs after the chunks it imports: so each chunk, imported first and alone in a fresh page
 * of real Chromium, must run without error. 688df2e's form-styles chunk, imported first, failed this way
 * ("Cannot read properties of undefined (reading '_$cssResult$')"), which a slow network showed as
 * "Part of the form could not be downloaded".
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions, startPageServer, type PageServer } from '../support/page-server.ts';

const CDN = resolve(process.env.CDN_DIR ?? join(import.meta.dirname, '../../dist/cdn'));
let server: PageServer;
let browser: Browser;
const pages: Record<string, string> = { '/blank.html': '<!doctype html><title>blank</title>' };

before(async () => {
  assert.ok(existsSync(join(CDN, 'verify-elements.js')), `${CDN} is missing: run \`npm run build\` first`);
  server = await startPageServer({ mounts: { '/cdn/': CDN }, pages });
  browser = await chromium.launch(chromiumLaunchOptions());
});
after(async () => {
  await browser?.close();
  await server?.close();
});

describe('CDN chunks in any order', () => {
  test('each chunk, imported first in a fresh page, runs without error', async () => {
    const files = readdirSync(join(CDN, 'chunks')).filter((f) => f.endsWith('.js'));
    assert.ok(files.length > 10, 'the build has its chunks');
    const context = await browser.newContext();
    const failures: string[] = [];
    const queue = [...files];
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const page = await context.newPage();
        await page.goto(`${server.origin}/blank.html`);
        const result = await page.evaluate(async (url) => {
          try {
            await import(url);
            return 'ok';
          } catch (err) {
            return String(err);
          }
        }, `/cdn/chunks/${file}`);
        if (result !== 'ok') failures.push(`${file}: ${result}`);
        await page.close();
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    await context.close();
    assert.deepEqual(failures, [], 'chunks that fail when imported first');
  });
});
