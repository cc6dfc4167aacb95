/**
 * Screenshots of `<age-check>`'s second chances (issue 24) in the demo (`npm run demo`'s Vite server,
 * started here on a free loopback port) at 1280x800 and 390x844, fake camera: the photo review ("Use this
 * photo" / "Retake"), the file choice with a wrong file explained, the underage screen with the partner's
 * next step (`exit-url`, `exit-label` set on the element here) and the locked screen. axe-core is run on
 * each (violations printed; 0 expected). Saved as bench/results/screens/age-<state>-<size>.png.
 *   node --import tsx bench/second-chance-screens.ts
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, OUT, startDemo } from './screens-page.ts';

const demo = await startDemo();
const { origin, browser } = demo;
const errors: string[] = [];
let count = 0;
let violations = 0;

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  const size = page.viewportSize();
  const file = join(OUT, `age-${name}-${size?.width}x${size?.height}.png`);
  await page.locator('age-check').scrollIntoViewIfNeeded();
  await page.screenshot({ path: file });
  count++;
  const found = await axeViolations(page, 'age-check');
  violations += found.length;
  console.log(`screenshot: ${file} (axe: ${found.length ? found.join(', ') : '0'})`);
}

async function begin(page: Page, scenario: string) {
  await page.goto(`${origin}/age.html?scenario=${scenario}`);
  const start = page.getByRole('button', { name: 'Agree and start' });
  await start.waitFor();
  await page.evaluate(() => {
    const el = document.querySelector('age-check')!;
    el.setAttribute('exit-url', '/');
    el.setAttribute('exit-label', 'Back to the shop');
  });
  await start.click();
}

async function take(page: Page) {
  const button = page.getByRole('button', { name: /^Take photo$/ });
  await button.waitFor();
  await page.waitForTimeout(600); // the first frames of the fake camera
  await button.click();
  await page.getByRole('button', { name: 'Use this photo' }).waitFor();
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

try {
  for (const viewport of SIZES) {
    const page = await browser.newPage({ viewport });
    page.on('pageerror', (e) => errors.push(e.message));

    // Underage, with the photo review on the way.
    await begin(page, 'minor');
    await take(page);
    await shot(page, 'photo-review');
    await page.getByRole('button', { name: 'Use this photo' }).click();
    await page.getByRole('heading', { name: 'Age requirement not met' }).waitFor({ timeout: 15000 });
    await shot(page, 'underage-exit');

    // The file choice with a wrong file explained.
    await begin(page, 'adult');
    await page.getByRole('button', { name: 'Use a photo file instead' }).waitFor();
    await page.getByRole('button', { name: 'Use a photo file instead' }).click();
    await page
      .locator('age-check')
      .locator('#file')
      .setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('hello'),
      });
    await page.getByText('This file is not a photo.').waitFor();
    await shot(page, 'file-refused');

    // Locked after three photos without a face.
    await begin(page, 'no-face');
    for (let i = 0; i < 3; i++) {
      if (i > 0) await page.getByRole('button', { name: 'Try again' }).click();
      await take(page);
      await page.getByRole('button', { name: 'Use this photo' }).click();
      await page
        .getByRole('heading', { name: /Let’s try again|Too many attempts/ })
        .waitFor({ timeout: 15000 });
    }
    await page.getByRole('heading', { name: 'Too many attempts' }).waitFor();
    await shot(page, 'locked-exit');
    await page.close();
  }
} catch (err) {
  console.error('screenshots stopped:', err instanceof Error ? err.message.split('\n')[0] : err);
  process.exitCode = 1;
} finally {
  await demo.close();
}
console.log(
  `${count} screenshots; axe violations: ${violations}; page errors: ${errors.length ? errors.join(' | ') : 'none'}`,
);
