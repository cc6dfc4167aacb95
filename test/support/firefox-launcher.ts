/**
 * Firefox for tests: Debian's `firefox-esr`, driven by puppeteer-core over WebDriver BiDi (the test
 * runner's own Chrome launcher takes a puppeteer instance and launch options for Firefox), with a fake
 * camera whose permission is granted.
 */
import { existsSync } from 'node:fs';
import { chromeLauncher, puppeteerCore } from '@web/test-runner-chrome';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Why Firefox cannot run here, or null when it can. */
export function firefoxMissing(): string | null {
  return existsSync(FIREFOX_PATH) ? null : `${FIREFOX_PATH} missing: apt-get install firefox-esr`;
}

export const FIREFOX_PREFS: Record<string, unknown> = {
  // A fake camera, permission granted without a prompt.
  'media.navigator.streams.fake': true,
  'media.navigator.permission.disabled': true,
  // No connections of Firefox's own (this machine's network is closed) and no background throttling.
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'app.update.disabledForTesting': true,
  'dom.min_background_timeout_value': 4,
  'dom.timeout.enable_budget_timer_throttling': false,
};

/** Launch options for puppeteer-core's `launch()` (also used by the Node tests that drive Firefox). */
export function firefoxLaunchOptions() {
  return {
    browser: 'firefox' as const,
    executablePath: FIREFOX_PATH,
    protocol: 'webDriverBiDi' as const,
    headless: true,
    extraPrefsFirefox: FIREFOX_PREFS,
  };
}

/** Key names the tests use (CDP's names) that puppeteer's WebDriver BiDi keyboard does not know. */
const BIDI_KEYS: Record<string, string> = { Space: ' ' };

export function firefoxLauncher() {
  const missing = firefoxMissing();
  if (missing) throw new Error(`Firefox cannot run: ${missing}`);
  return chromeLauncher({
    puppeteer: puppeteerCore as never,
    launchOptions: firefoxLaunchOptions(),
    async createPage({ context }) {
      const page = await context.newPage();
      const keyboard = page.keyboard;
      for (const method of ['press', 'down', 'up'] as const) {
        const original = keyboard[method].bind(keyboard) as (
          key: string,
          ...rest: unknown[]
        ) => Promise<void>;
        (keyboard as unknown as Record<string, unknown>)[method] = (key: string, ...rest: unknown[]) =>
          original(BIDI_KEYS[key] ?? key, ...rest);
      }
      return page;
    },
  });
}
