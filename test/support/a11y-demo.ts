/**
 * The demo site (Vite dev server with the sandbox and the partner backend, on a free loopback port) driven
 * with playwright-core and the local Chromium, for accessibility checks that need browser settings a
 * test page cannot set: the user's default font size (a Chromium profile) and forced colours (CDP).
 * Shared by test/node/a11y-user-settings.test.ts and bench/forced-colors.ts.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { chromiumLaunchOptions } from './page-server.ts';

const ROOT = resolve(import.meta.dirname, '../..');

export interface Demo {
  origin: string;
  close(): Promise<void>;
}

export async function startDemo(): Promise<Demo> {
  const vite: ViteDevServer = await createServer({
    configFile: join(ROOT, 'vite.config.ts'),
    server: { port: 0, host: '127.0.0.1', hmr: false },
    logLevel: 'error',
  });
  await vite.listen();
  const address = vite.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('no demo server address');
  return { origin: `http://127.0.0.1:${address.port}`, close: () => vite.close() };
}

/**
 * A Chromium with its own profile; `defaultFontSize` is the user's "Font size" setting (px), which the CSS
 * `medium` keyword resolves to (there is no command-line flag for it).
 */
export async function openBrowser(o: {
  defaultFontSize?: number;
  viewport?: { width: number; height: number };
}): Promise<BrowserContext> {
  const dir = mkdtempSync(join(tmpdir(), 'a11y-profile-'));
  if (o.defaultFontSize) {
    mkdirSync(join(dir, 'Default'), { recursive: true });
    writeFileSync(
      join(dir, 'Default', 'Preferences'),
      JSON.stringify({ webkit: { webprefs: { default_font_size: o.defaultFontSize } } }),
    );
  }
  const { executablePath, args } = chromiumLaunchOptions();
  return chromium.launchPersistentContext(dir, {
    executablePath,
    headless: true,
    args,
    viewport: o.viewport ?? { width: 1280, height: 800 },
  });
}

/** Turns forced colours on for `page` (as Windows High Contrast would), through the DevTools protocol. */
export async function forcedColors(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: 'active' }] });
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** `<kyb-form>` on its company step, for a new client. */
export async function kybCompanyStep(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/kyb.html`);
  await page.getByLabel('Client ID (one form per client)').fill(`a11y-${Date.now()}-${Math.random()}`);
  await page.getByRole('button', { name: 'Open form for this client' }).click();
  await page.getByLabel('Company name').waitFor();
}

/**
 * `<kyb-form>` on its beneficiaries step with one person saved: the progress lists the steps (the current
 * one marked) and the person's document drop zone shows.
 */
export async function kybBeneficiaryUpload(page: Page, origin: string): Promise<void> {
  await kybCompanyStep(page, origin);
  await page.getByLabel('Company name').fill('Amber Trading UAB');
  await page.getByLabel('Country of registration').selectOption('LT');
  await page.getByLabel('Registration number').fill('305123456');
  await page.getByLabel('Company e-mail').fill('office@amber.example');
  await page.getByLabel('Street and number').fill('Gedimino pr. 1');
  await page.getByLabel('City').fill('Vilnius');
  await page.getByLabel('Postcode').fill('01103');
  await page.getByLabel('Tax identification number').fill('LT100012345');
  await page.getByLabel('Expected monthly volume').selectOption({ index: 1 });
  await page.getByLabel('Number of employees').fill('12');
  await page.getByLabel('Date the company was founded').fill('2015-03-01');
  await page.getByRole('combobox', { name: 'Countries you operate in' }).fill('Lithuania');
  await page.locator('[part~="country-multi-option"]', { hasText: 'Lithuania' }).click();
  await page.getByLabel('Postcode').blur();
  await page.getByText(/saved/i).first().waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Add a beneficiary' }).click();
  await page
    .getByLabel(/^First name/)
    .first()
    .fill('Rūta');
  await page
    .getByLabel(/Last name/)
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
    .getByLabel(/Ultimate beneficial owner/)
    .first()
    .check();
  await page.getByRole('button', { name: 'Save the beneficiary' }).click();
  await page.locator('kyb-form [part~="upload-dropzone"]').first().waitFor({ timeout: 15000 });
  await page.locator('kyb-form [part~="progress-step"][aria-current="step"]').waitFor({ timeout: 15000 });
}

export { PNG };

/** `<age-check>` with the live (fake) camera and the face guide. */
export async function ageCamera(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/age.html`);
  await page.getByRole('button', { name: 'Agree and start' }).click();
  await page.getByRole('button', { name: /^Take photo$/ }).waitFor({ timeout: 20000 });
  await page.locator('age-check [part~="guide"]').waitFor();
}
