/**
 * The company step's custom countries field before and after its combobox code arrives (issue: the swap
 * must move nothing). The combobox's module is held back (page.route) until the placeholder is measured
 * and photographed, then let through; Continue's box is printed for both states, and both screenshots
 * go to bench/results/screens/placeholder-{before,after}-<case>.png.
 *
 *   node --import tsx bench/placeholder-screens.ts
 *
 * Cases: 390x844 and 1280x800, an empty field and one with five stored countries (chips), and 200 % text
 * (`--kyb-font-size: 32px`) at 390x844. Exits 1 when Continue moved in any case.
 *
 * placeholder-old-*.png are the same shots before the placeholder drew the control's box (a bare disabled
 * text box): Continue moved 25.6 px (empty) and 99.4 px (five countries) at 390x844, 256.8 px with 200 %
 * text; now 0 in every case.
 */
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { OUT, startDemo } from './screens-page.ts';
import { SandboxControl } from '../src/sandbox/control-client.ts';
import { PartnerClient } from '../src/server/index.ts';
import { KybClient } from '../src/api/kyb-client.ts';
import { DEMO_FLOW } from '../src/sandbox/fixtures.ts';

const DEFINE = join(import.meta.dirname, '..', 'src', 'kyb-form', 'define.ts');

interface Case {
  name: string;
  width: number;
  height: number;
  countries: string[];
  fontSize?: string;
}
const CASES: Case[] = [
  { name: '390x844', width: 390, height: 844, countries: [] },
  { name: '390x844-chips', width: 390, height: 844, countries: ['DE', 'AT', 'CH', 'FR', 'LT'] },
  { name: '390x844-200pct', width: 390, height: 844, countries: ['DE', 'LT'], fontSize: '32px' },
  { name: '1280x800', width: 1280, height: 800, countries: [] },
  { name: '1280x800-chips', width: 1280, height: 800, countries: ['DE', 'AT', 'CH', 'FR', 'LT'] },
];

async function token(base: string, countries: string[]): Promise<string> {
  const control = new SandboxControl({ baseUrl: `${base}/sandbox` });
  const acc = await control.createAccount({
    kyb: { info: { locale: 'en', theme: null, flow: DEMO_FLOW }, questionnaires: [] },
  });
  const partner = new PartnerClient({
    baseUrl: `${base}/sandbox`,
    apiKey: acc.apiKey,
    apiSecret: acc.apiSecret,
  });
  const t = (await partner.createKybToken({ clientId: `ph-${Math.random().toString(36).slice(2)}` }))
    .tokenString;
  if (countries.length)
    await new KybClient({ baseUrl: `${base}/sandbox`, token: t, retries: 0 }).createForm({
      companyName: 'Acme Trading GmbH',
      country: 'DE',
      additionalInfo: { operatingCountries: { value: countries } },
    });
  return t;
}

const continueBox = (page: Page) =>
  page.evaluate(() => {
    const r = document.querySelector('kyb-form')!.shadowRoot!.querySelector('[part~="button-next"]')!;
    const b = r.getBoundingClientRect();
    return { x: b.x, y: b.y + window.scrollY, width: b.width, height: b.height };
  });

async function run(page: Page, base: string, c: Case) {
  const held: Route[] = [];
  let release = false;
  await page.route(/\/controls\/country-multi\.ts/, (route) => {
    if (release) return route.continue();
    held.push(route);
  });
  const tok = await token(base, c.countries);
  const style = c.fontSize ? `kyb-form{--kyb-font-size:${c.fontSize}}` : '';
  await page.route(`${base}/placeholder-shot.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>placeholder</title><style>body{margin:0;padding:16px;font-family:system-ui}${style}</style></head><body>
<main><kyb-form api-base="/sandbox" locale="en"></kyb-form></main>
<script type="module">import '/@fs${DEFINE}'; document.querySelector('kyb-form').token = ${JSON.stringify(tok)};</script></body></html>`,
    }),
  );
  await page.goto(`${base}/placeholder-shot.html`);
  // the placeholder, and the progress of a form that exists (its number of steps comes a little later)
  await page.waitForFunction(
    () => {
      const el = document.querySelector<HTMLElement & { formId: string | null }>('kyb-form');
      const r = el?.shadowRoot;
      return (
        !!r?.querySelector('input[aria-busy="true"]') &&
        (el!.formId === null || !!r.querySelector('nav [part~="progress-text"]'))
      );
    },
    null,
    { timeout: 30000 },
  );
  // the field in view, as a user scrolling down to it sees it
  await page.evaluate(() =>
    document
      .querySelector('kyb-form')!
      .shadowRoot!.querySelector('input[aria-busy="true"]')!
      .scrollIntoView({ block: 'center' }),
  );
  await page.waitForTimeout(300);
  const before = await continueBox(page);
  await page.screenshot({ path: join(OUT, `placeholder-before-${c.name}.png`) });
  release = true;
  for (const r of held) await r.continue();
  await page.waitForFunction(
    () => !document.querySelector('kyb-form')!.shadowRoot!.querySelector('input[aria-busy="true"]'),
    null,
    { timeout: 30000 },
  );
  await page.waitForTimeout(300);
  const after = await continueBox(page);
  await page.screenshot({ path: join(OUT, `placeholder-after-${c.name}.png`) });
  const moved = after.y - before.y;
  console.log(`${c.name}: Continue y ${before.y} -> ${after.y} (moved ${moved} px)`);
  return moved;
}

async function main() {
  const demo = await startDemo();
  const { origin: base, browser } = demo;
  let moved = 0;
  try {
    for (const c of CASES) {
      const context = await browser.newContext({ viewport: { width: c.width, height: c.height } });
      const page = await context.newPage();
      if (Math.abs(await run(page, base, c)) > 0) moved++;
      await context.close();
    }
  } finally {
    await demo.close();
  }
  if (moved) process.exitCode = 1;
}

await main();
