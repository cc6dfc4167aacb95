/**
 * Drives the demo (`npm run demo`'s Vite server, started here on a free loopback port) through the whole
 * business-verification flow and the age check, the way a person would — by labels, roles and button
 * text — and saves a screenshot of each step to bench/results/screens/.
 *   node --import tsx bench/demo-walkthrough.ts [--kyb-only]
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, OUT, startDemo } from './screens-page.ts';

const demo = await startDemo();
const { origin, browser } = demo;
const shots: string[] = [];
const errors: string[] = [];

/** axe violations inside the element, per state (WCAG 2.x A/AA rules). */
const axeResults: { state: string; violations: string[] }[] = [];

async function shot(page: Page, name: string, tag: 'kyb-form' | 'age-check', fullPage = true) {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const file = join(OUT, `${name}-${width}x${height}.png`);
  await page.waitForTimeout(300);
  await page.screenshot({ path: file, fullPage });
  shots.push(file);
  const violations = await axeViolations(page, tag);
  axeResults.push({ state: `${name} ${width}x${height}`, violations });
  console.log(`screenshot: ${file}; axe: ${violations.length ? violations.join(', ') : '0 violations'}`);
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function kybFlow(viewport: { width: number; height: number }) {
  const page = await browser.newPage({ viewport });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${origin}/kyb.html`);
  await page.getByLabel('Client ID (one form per client)').fill(`walkthrough-${Date.now()}`);
  await page.getByRole('button', { name: 'Open form for this client' }).click();

  // Continue on an empty company step: the step's own error summary, focused.
  await page.getByLabel('Company name').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('There is a problem').first().waitFor();
  await shot(page, 'kyb-0-company-errors', 'kyb-form');

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
  // COUNTRY_MULTI is a combobox: type to filter, pick an option (it stays open for the next one).
  const operating = page.getByRole('combobox', { name: 'Countries you operate in' });
  for (const country of ['Lithuania', 'Latvia']) {
    await operating.fill(country);
    await page
      .getByRole('listbox', { name: 'Countries you operate in' })
      .getByRole('option', { name: country, exact: true })
      .click();
  }
  await page
    .getByRole('group', { name: /Payment methods you accept/ })
    .getByLabel('Cards')
    .check();
  await page.getByLabel('The company is regulated by a financial authority').check();
  await page.getByLabel('Postcode').blur();
  await page.getByText(/saved/i).first().waitFor();
  await shot(page, 'kyb-1-company', 'kyb-form');

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
  await shot(page, 'kyb-2-beneficiaries', 'kyb-form');

  // Company documents: a file a little over the limit first (said with its decimal), then good ones.
  await page.getByRole('button', { name: 'Continue' }).click();
  const docInputs = page.locator('kyb-form').locator('input[type="file"]');
  await page.locator('kyb-form').locator('[part~="documents"]').waitFor();
  await docInputs.first().setInputFiles({
    name: 'scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(Math.round(10.5 * 1024 * 1024)),
  });
  await page
    .getByText(/the limit is 10 MB/)
    .first()
    .waitFor({ timeout: 10000 });
  await shot(page, 'kyb-3-documents-too-large', 'kyb-form');
  for (let i = 0; i < (await docInputs.count()); i++) {
    await docInputs
      .nth(i)
      .setInputFiles({ name: `document-${i + 1}.png`, mimeType: 'image/png', buffer: png });
    await page
      .getByText(`document-${i + 1}.png`)
      .first()
      .waitFor({ timeout: 10000 });
  }
  await shot(page, 'kyb-3-documents', 'kyb-form');

  // Questionnaires.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForTimeout(500);
  await page.getByLabel(/^Industry/).selectOption({ label: 'Financial technology' });
  await page.getByLabel('Number of active customers').fill('250');
  await page.getByLabel('Planned go-live date').fill('2027-03-01');
  await page.getByLabel('Compliance contact e-mail').fill('compliance@amber.example');
  await page.getByLabel('Describe what you sell').fill('Card terminals and online payments for shops.');
  // The countries combobox (one Tab stop): typed and chosen with Enter, one chosen by a click.
  const countries = page.getByRole('combobox', { name: /Countries where you have customers/ });
  await countries.pressSequentially('lith');
  await countries.press('Enter');
  await countries.pressSequentially('latv');
  await countries.press('Enter');
  await countries.fill('');
  await countries.pressSequentially('esto');
  await page
    .getByRole('listbox', { name: /Countries where you have customers/ })
    .getByRole('option', { name: /Estonia/ })
    .click();
  await countries.fill('');
  await countries.pressSequentially('united');
  await countries.press('ArrowDown');
  await countries.evaluate((el) => {
    el.closest('[part~="country-multi"]')?.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -24);
  });
  await shot(page, 'kyb-4-countries-open', 'kyb-form', false);
  await countries.press('Escape');
  await countries.press('Escape');
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
  await shot(page, 'kyb-4-questionnaires', 'kyb-form');

  // Review and submit.
  // Continue checks the step; the review opens from the progress only once reached.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForTimeout(300);
  await shot(page, 'kyb-5-review', 'kyb-form');
  await page.getByRole('button', { name: /^Submit/ }).click();
  await page
    .getByText(/submitted/i)
    .first()
    .waitFor({ timeout: 10000 });
  await shot(page, 'kyb-6-submitted', 'kyb-form');

  await page.close();
}

async function ageFlow(viewport: { width: number; height: number }) {
  const age = await browser.newPage({ viewport });
  age.on('pageerror', (e) => errors.push(e.message));
  await age.goto(`${origin}/age.html`);
  await age.getByRole('button', { name: 'Agree and start' }).waitFor();
  await shot(age, 'age-1-consent', 'age-check');
  await age.getByRole('button', { name: 'Agree and start' }).click();
  await age.getByRole('button', { name: /^Take photo$/ }).waitFor();
  await shot(age, 'age-2-camera', 'age-check');
  await age.getByRole('button', { name: /^Take photo$/ }).click();
  await age.getByRole('button', { name: /^Use this photo$/ }).click();
  await age.getByRole('heading', { name: 'Age confirmed' }).waitFor({ timeout: 15000 });
  await shot(age, 'age-3-success', 'age-check');
  await age.getByLabel('Scenario').selectOption('uncertain-doc');
  await age.getByRole('button', { name: 'Start a new age check' }).click();
  await age.getByRole('button', { name: 'Agree and start' }).click();
  await age.getByRole('button', { name: /^Take photo$/ }).click();
  await age.getByRole('button', { name: /^Use this photo$/ }).click();
  await age
    .getByRole('heading')
    .filter({ hasText: /document|ID/i })
    .first()
    .waitFor({ timeout: 15000 });
  await shot(age, 'age-4-step-up', 'age-check');
  await age.close();
}

try {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await kybFlow(viewport);
    if (!process.argv.includes('--kyb-only')) await ageFlow(viewport);
  }
  const failing = axeResults.filter((r) => r.violations.length > 0);
  console.log(`axe: ${axeResults.length} states checked, ${failing.length} with violations`);
  for (const r of failing) console.log(`  ${r.state}: ${r.violations.join(', ')}`);
  if (failing.length) process.exitCode = 1;
} catch (err) {
  console.error('walkthrough stopped:', err instanceof Error ? err.message.split('\n')[0] : err);
  process.exitCode = 1;
} finally {
  await demo.close();
}
console.log(`${shots.length} screenshots; page errors: ${errors.length ? errors.join(' | ') : 'none'}`);
