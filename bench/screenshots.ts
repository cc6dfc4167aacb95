/**
 * Screenshots of the demo in three locales (de, lt, ja): the <kyb-form> company step (/kyb.html) and the
 * <age-check> consent and camera screens (/age.html), at 1280x900 and 390x844, saved to bench/results/screens/.
 *
 *   node --import tsx bench/screenshots.ts
 *   node --import tsx bench/screenshots.ts --locales=ar,he --sizes=1280x800,390x844
 *
 * Starts the demo's Vite dev server (sandbox + partner backend included) on a free port and drives it
 * with playwright-core and the local Chromium (CHROME_PATH or Debian's chromium).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { OUT, startDemo } from './screens-page.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
/** `--locales=ar,he` and `--sizes=1280x800,390x844` choose others (the right-to-left shots of issue 27). */
const LOCALES = arg('locales')?.split(',') ?? ['de', 'lt', 'ja'];
const VIEWPORTS = arg('sizes')
  ?.split(',')
  .map((s) => ({ width: Number(s.split('x')[0]), height: Number(s.split('x')[1]) })) ?? [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

async function kybCompanyStep(page: Page, base: string, locale: string) {
  await page.goto(`${base}/kyb.html`);
  await page.waitForFunction(
    () => !!document.querySelector('kyb-form')?.shadowRoot?.querySelector('#kyb-step-heading'),
    null,
    {
      timeout: 30000,
    },
  );
  await page.evaluate((l) => document.querySelector('kyb-form')!.setAttribute('locale', l), locale);
  // The locale is active once the country names are in it (Intl) and the heading left English.
  const germany = new Intl.DisplayNames([locale], { type: 'region' }).of('DE');
  await page.waitForFunction(
    (name) => {
      const root = document.querySelector('kyb-form')!.shadowRoot!;
      const option = root.querySelector('select[name="country"] option[value="DE"]');
      return option?.textContent?.trim() === name;
    },
    germany,
    { timeout: 15000 },
  );
  await page.waitForTimeout(200);
}

async function ageConsent(page: Page, base: string, locale: string) {
  await page.goto(`${base}/age.html`);
  await page.click('#start');
  await page.waitForFunction(
    () => !!document.querySelector('age-check')?.shadowRoot?.querySelector('[part~="start-button"]'),
    null,
    { timeout: 30000 },
  );
  await page.evaluate((l) => document.querySelector('age-check')!.setAttribute('locale', l), locale);
  await page.waitForFunction(
    () =>
      document
        .querySelector('age-check')!
        .shadowRoot!.querySelector('[part~="start-button"]')
        ?.textContent?.trim() !== 'Agree and start',
    null,
    { timeout: 15000 },
  );
  await page.waitForTimeout(200);
}

/** The camera screen (the face oval and the capture controls), after the consent in `locale`. */
async function ageCamera(page: Page, base: string, locale: string) {
  await ageConsent(page, base, locale);
  await page.evaluate(() =>
    document
      .querySelector('age-check')!
      .shadowRoot!.querySelector<HTMLButtonElement>('[part~="start-button"]')!
      .click(),
  );
  await page.waitForFunction(
    () => !!document.querySelector('age-check')?.shadowRoot?.querySelector('[part~="capture-button"]'),
    null,
    { timeout: 30000 },
  );
  await page.waitForTimeout(800); // the first frames of the fake camera
}

async function main() {
  const demo = await startDemo();
  const { origin: base, browser } = demo;
  const saved: string[] = [];
  try {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, permissions: ['camera'] });
      for (const locale of LOCALES) {
        for (const [name, open] of [
          ['kyb-company', kybCompanyStep],
          ['age-consent', ageConsent],
          ['age-camera', ageCamera],
        ] as const) {
          const page = await context.newPage();
          await open(page, base, locale);
          const file = join(OUT, `${name}-${locale}-${viewport.width}x${viewport.height}.png`);
          await page.screenshot({ path: file, fullPage: true });
          saved.push(file);
          await page.close();
        }
      }
      await context.close();
    }
  } finally {
    await demo.close();
  }
  for (const f of saved) console.log(f);
}

await main();
