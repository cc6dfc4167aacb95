/**
 * Drives the demo (`npm run demo`'s Vite server, started here on a free loopback port) through the whole
 * business-verification flow and the age check, the way a person would — by labels, roles and button
 * text — and saves a screenshot of each step to bench/results/screens/.
 *   node --import tsx bench/demo-walkthrough.ts
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer } from 'vite';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../test/support/page-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'bench/results/screens');
mkdirSync(OUT, { recursive: true });

const vite = await createServer({
  configFile: join(ROOT, 'vite.config.ts'),
  server: { port: 0, host: '127.0.0.1' },
  logLevel: 'error',
});
await vite.listen();
const address = vite.httpServer?.address();
const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
const browser = await chromium.launch(chromiumLaunchOptions());
const shots: string[] = [];
const errors: string[] = [];

async function shot(page: Page, name: string) {
  const file = join(OUT, `${name}.png`);
  await page.waitForTimeout(300);
  await page.screenshot({ path: file, fullPage: true });
  shots.push(file);
  console.log(`screenshot: ${file}`);
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${origin}/kyb.html`);
  await page.getByLabel('Client ID (one form per client)').fill(`walkthrough-${Date.now()}`);
  await page.getByRole('button', { name: 'Open form for this client' }).click();

  // Company.
  await page.getByLabel('Company name').fill('Amber Trading UAB');
  await page.getByLabel('Country of registration').selectOption('LT');
  await page.getByLabel('Registration number').fill('305123456');
  await page.getByLabel('Company e-mail').fill('office@amber.example');
  await page.getByLabel('Street and number').fill('Gedimino pr. 1');
  await page.getByLabel('City').fill('Vilnius');
  await page.getByLabel('Postcode').fill('01103');
  await page.getByLabel('Tax identification number').fill('LT100012345');
  await page.getByLabel('Expected monthly volume').selectOption({ index: 1 });
  // Typed custom fields (INTEGER, DATE, COUNTRY_MULTI, SELECT_MULTI, CHECKBOX).
  await page.getByLabel('Number of employees').fill('12');
  await page.getByLabel('Date the company was founded').fill('2015-03-01');
  await page.getByLabel('Add a country to Countries you operate in').selectOption('LT');
  await page.getByLabel('Add a country to Countries you operate in').selectOption('LV');
  await page
    .getByRole('group', { name: /Payment methods you accept/ })
    .getByLabel('Cards')
    .check();
  await page.getByLabel('The company is regulated by a financial authority').check();
  await page.getByLabel('Postcode').blur();
  await page.getByText(/saved/i).first().waitFor();
  await shot(page, '1-company');

  // Beneficiaries.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Add a beneficiary' }).click();
  await page
    .getByLabel(/^First name|^Name/)
    .first()
    .fill('Rūta');
  await page
    .getByLabel(/Surname|Last name/)
    .first()
    .fill('Kazlauskienė');
  await page
    .getByLabel(/Date of birth/)
    .first()
    .fill('1984-05-12');
  await page
    .getByLabel(/Ownership/)
    .first()
    .fill('60');
  await page
    .getByLabel(/Ultimate beneficial owner|UBO/)
    .first()
    .check();
  await page.getByRole('button', { name: 'Save the beneficiary' }).click();
  await page
    .getByRole('button', { name: /upload|choose/i })
    .first()
    .waitFor({ timeout: 5000 })
    .catch(() => {});
  const fileInputs = page.locator('kyb-form').locator('input[type="file"]');
  if ((await fileInputs.count()) > 0) {
    await fileInputs.first().setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png });
    await page
      .getByText(/passport\.png/)
      .first()
      .waitFor({ timeout: 10000 });
  }
  // A company shareholder, and the person who owns it (ownershipFullStructure).
  await page.getByRole('button', { name: 'Add a beneficiary' }).click();
  await page.getByLabel('A company').check();
  await page.getByLabel('Company name').last().fill('Baltic Holdings OÜ');
  await page.getByLabel('Country of registration').last().selectOption('EE');
  await page
    .getByLabel(/^Shareholder/)
    .last()
    .check();
  await page
    .getByLabel(/Ownership/)
    .last()
    .fill('40');
  await page.getByRole('button', { name: 'Save the beneficiary' }).click();
  await page.getByRole('button', { name: 'Add an owner of Baltic Holdings OÜ' }).click();
  await page
    .getByLabel(/^First name/)
    .last()
    .fill('Kristjan');
  await page
    .getByLabel(/Last name/)
    .last()
    .fill('Tamm');
  await page
    .getByLabel(/Date of birth/)
    .last()
    .fill('1979-09-30');
  await page.getByLabel(/Share of Baltic Holdings OÜ owned/).fill('100');
  await page
    .getByLabel(/Ultimate beneficial owner|UBO/)
    .last()
    .check();
  await page.getByRole('button', { name: 'Save the beneficiary' }).click();
  await page.getByRole('heading', { name: 'Kristjan Tamm', exact: true }).first().waitFor({ timeout: 10000 });
  await page.getByLabel('Upload a document for Kristjan Tamm').setInputFiles({
    name: 'id-card.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await page
    .getByText(/id-card\.png/)
    .first()
    .waitFor({ timeout: 10000 });
  await shot(page, '2-beneficiaries');

  // Company documents.
  await page.getByRole('button', { name: 'Continue' }).click();
  const docInputs = page.locator('kyb-form').locator('input[type="file"]');
  for (let i = 0; i < (await docInputs.count()); i++) {
    await docInputs
      .nth(i)
      .setInputFiles({ name: `document-${i + 1}.png`, mimeType: 'image/png', buffer: png });
    await page
      .getByText(`document-${i + 1}.png`)
      .first()
      .waitFor({ timeout: 10000 });
  }
  await shot(page, '3-documents');

  // Questionnaires.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForTimeout(500);
  await page.getByLabel(/^Industry/).selectOption({ label: 'Financial technology' });
  await page.getByLabel('Number of employees').fill('12');
  await page.getByLabel('Date founded').fill('2015-03-01');
  await page.getByLabel('Compliance contact e-mail').fill('compliance@amber.example');
  await page.getByLabel('Describe what you sell').fill('Card terminals and online payments for shops.');
  await page
    .getByRole('group', { name: /Countries where you have customers/ })
    .getByLabel('Lithuania')
    .check();
  await page.getByLabel('Headquarters country').selectOption('LT');
  await page
    .getByRole('group', { name: /Products offered/ })
    .getByLabel('Item 1')
    .fill('Card terminals');
  await page
    .getByRole('group', { name: /Products offered/ })
    .getByLabel('Item 1')
    .blur();
  await page.waitForTimeout(1500);
  await shot(page, '4-questionnaires');

  // Review and submit.
  // Continue checks the step; the review opens from the progress only once reached.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForTimeout(300);
  await shot(page, '5-review');
  await page.getByRole('button', { name: /^Submit/ }).click();
  await page
    .getByText(/submitted/i)
    .first()
    .waitFor({ timeout: 10000 });
  await shot(page, '6-submitted');

  // Phone width.
  const phone = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await phone.goto(`${origin}/kyb.html`);
  await phone.getByLabel('Company name').waitFor();
  await shot(phone, '7-company-360px');
  await phone.close();

  // Age check.
  const age = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  age.on('pageerror', (e) => errors.push(e.message));
  await age.goto(`${origin}/age.html`);
  await age.getByRole('button', { name: 'Agree and start' }).waitFor();
  await shot(age, '8-age-consent');
  await age.getByRole('button', { name: 'Agree and start' }).click();
  await age.getByRole('button', { name: /^Take photo$/ }).waitFor();
  await shot(age, '9-age-camera');
  await age.getByRole('button', { name: /^Take photo$/ }).click();
  await age.getByRole('heading', { name: 'Age confirmed' }).waitFor({ timeout: 15000 });
  await shot(age, '10-age-success');
  await age.getByLabel('Scenario').selectOption('uncertain-doc');
  await age.getByRole('button', { name: 'Start a new age check' }).click();
  await age.getByRole('button', { name: 'Agree and start' }).click();
  await age.getByRole('button', { name: /^Take photo$/ }).click();
  await age
    .getByRole('heading')
    .filter({ hasText: /document|ID/i })
    .first()
    .waitFor({ timeout: 15000 });
  await shot(age, '11-age-step-up');
} catch (err) {
  console.error('walkthrough stopped:', err instanceof Error ? err.message.split('\n')[0] : err);
  process.exitCode = 1;
} finally {
  await browser.close();
  await vite.close();
}
console.log(`${shots.length} screenshots; page errors: ${errors.length ? errors.join(' | ') : 'none'}`);
