/**
 * Screenshots of `<age-check>`'s expired screen at 1280x800 and 390x844, with the partner's next step
 * (`exit-url` + `exit-label`) and without one, each checked with axe (violations printed; 0 expected):
 * bench/results/screens/age-expired-{exit,no-exit}-<size>.png.
 *
 *   node --import tsx bench/expired-screens.ts
 *
 * A sandbox account and an age session are made through the control API and the partner helper, the
 * session is expired, and the element is mounted on a bare page (its module through Vite).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SandboxControl } from '../src/sandbox/control-client.ts';
import { PartnerClient } from '../src/server/index.ts';
import { axeViolations, OUT, ROOT, startDemo } from './screens-page.ts';

const DEFINE = join(ROOT, 'src', 'age-check', 'define.ts');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const CASES = {
  exit: 'exit-url="/" exit-label="Back to the shop"',
  'no-exit': '',
};

async function expiredToken(origin: string): Promise<string> {
  const anon = new SandboxControl({ baseUrl: `${origin}/sandbox` });
  const acc = await anon.createAccount({});
  const partner = new PartnerClient({
    baseUrl: `${origin}/sandbox`,
    apiKey: acc.apiKey,
    apiSecret: acc.apiSecret,
  });
  const { token } = await partner.createAgeToken({ min_age: 18, confidence_threshold: 70 });
  await anon.withAccount(acc).expireAgeSession(token);
  return token;
}

async function open(page: Page, origin: string, token: string, attrs: string) {
  await page.route(`${origin}/expired-shot.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>expired</title><style>body{margin:0;padding:16px;font-family:system-ui}</style></head><body>
<main><h1>Age-restricted checkout</h1><age-check api-base="/sandbox" locale="en" ${attrs}></age-check></main>
<script type="module">import '/@fs${DEFINE}'; document.querySelector('age-check').token = ${JSON.stringify(token)};</script></body></html>`,
    }),
  );
  await page.goto(`${origin}/expired-shot.html`);
  await page.getByRole('heading', { name: 'This age check has expired' }).waitFor({ timeout: 30000 });
  await page.waitForTimeout(300);
}

const demo = await startDemo();
let violations = 0;
try {
  for (const viewport of SIZES) {
    for (const [name, attrs] of Object.entries(CASES)) {
      const page = await demo.browser.newPage({ viewport });
      await open(page, demo.origin, await expiredToken(demo.origin), attrs);
      const file = join(OUT, `age-expired-${name}-${viewport.width}x${viewport.height}.png`);
      await page.screenshot({ path: file });
      const found = await axeViolations(page, 'age-check');
      violations += found.length;
      console.log(`screenshot: ${file} (axe: ${found.length ? found.join(', ') : '0'})`);
      await page.close();
    }
  }
} finally {
  await demo.close();
}
if (violations) process.exitCode = 1;
