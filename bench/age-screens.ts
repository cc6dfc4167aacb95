/**
 * Screenshots of `<age-check>` in the demo (`npm run demo`'s Vite server, started here on a free loopback
 * port) at 1280x800 and 390x844: consent, camera (what the viewport shows: preview and "Take photo"),
 * outcome, and hosted mode (the sandbox's hosted page in the element's frame, and its outcome). Fake camera.
 * Saved as bench/results/screens/age-<state>-<size>.png.
 *   node --import tsx bench/age-screens.ts
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { OUT, startDemo } from './screens-page.ts';

const demo = await startDemo();
const { origin, browser } = demo;
const errors: string[] = [];
let count = 0;

async function shot(page: Page, name: string, fullPage: boolean) {
  await page.waitForTimeout(400);
  const size = page.viewportSize();
  const file = join(OUT, `age-${name}-${size?.width}x${size?.height}.png`);
  await page.screenshot({ path: file, fullPage });
  count++;
  console.log(`screenshot: ${file}`);
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

try {
  for (const viewport of SIZES) {
    const page = await browser.newPage({ viewport });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${origin}/age.html`);
    const start = page.getByRole('button', { name: 'Agree and start' });
    await start.waitFor();
    await start.scrollIntoViewIfNeeded();
    await shot(page, 'consent', true);
    await start.click();
    const take = page.getByRole('button', { name: /^Take photo$/ });
    await take.waitFor();
    await page.waitForTimeout(600); // the first frames of the fake camera
    await shot(page, 'camera', false);
    await take.click();
    await page.getByRole('button', { name: /^Use this photo$/ }).click();
    await page.getByRole('heading', { name: 'Age confirmed' }).waitFor({ timeout: 15000 });
    await shot(page, 'outcome', false);

    // Hosted mode: the sandbox's hosted page inside the element's frame, then the outcome it reported.
    await page.goto(`${origin}/age.html?mode=hosted&scenario=minor`);
    await page.getByRole('button', { name: 'Agree and start' }).click();
    const frame = page.frameLocator('age-check iframe');
    const hostedTake = frame.getByRole('button', { name: 'Take photo' });
    await hostedTake.waitFor();
    await page.locator('age-check').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () =>
        !document
          .querySelector('age-check')
          ?.shadowRoot?.querySelector('iframe')
          ?.contentDocument?.querySelector('#take-photo')
          ?.hasAttribute('disabled'),
    );
    await page.waitForTimeout(600);
    await shot(page, 'hosted', false);
    await hostedTake.click();
    await page.getByRole('heading', { name: 'Age requirement not met' }).waitFor({ timeout: 15000 });
    await shot(page, 'hosted-outcome', false);
    await page.close();
  }
} catch (err) {
  console.error('age screenshots stopped:', err instanceof Error ? err.message.split('\n')[0] : err);
  process.exitCode = 1;
} finally {
  await demo.close();
}
console.log(`${count} screenshots; page errors: ${errors.length ? errors.join(' | ') : 'none'}`);
