/**
 * One small page driver over the three engines, for Node tests and scripts that load the built bundle:
 * Chromium through playwright-core (CDP), Firefox ESR through puppeteer-core (WebDriver BiDi) and
 * WebKitGTK through WebDriver (webdriver.ts). Page code is given as a function body (a string, run as
 * an async function in the page; the automation channel is not subject to the page's CSP).
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { puppeteerCore } from '@web/test-runner-chrome';
import { chromiumLaunchOptions } from './page-server.ts';
import { firefoxLaunchOptions, firefoxMissing } from './firefox-launcher.ts';
import { WebKitSession, webkitMissing } from './webdriver.ts';
import { chromePath } from './check-chrome.mjs';

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: EngineName[] = ['chromium', 'firefox', 'webkit'];

export interface EnginePage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  /** Runs `body` as an async function in the page (its `arguments` are `args`); returns its result. */
  run<T = unknown>(body: string, ...args: unknown[]): Promise<T>;
  /** Sets the page's viewport (WebKit: the window; phone widths need an iframe there). */
  viewport(width: number, height: number): Promise<void>;
  /** Writes a PNG of the viewport, or of the element `selector` of the top document. */
  screenshot(file: string, selector?: string): Promise<void>;
  /** Presses a key ("Tab", "Enter") where the focus is. */
  press(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Why the engine cannot run here, or null. */
export function engineMissing(engine: EngineName): string | null {
  if (engine === 'chromium') return chromePath() ? null : 'Chromium not found (CHROME_PATH or apt chromium)';
  if (engine === 'firefox') return firefoxMissing();
  return webkitMissing();
}

const wrap = (body: string) => `(async function () { ${body} }).apply(null, %ARGS%)`;

export async function openEngine(engine: EngineName): Promise<EnginePage> {
  if (engine === 'chromium') {
    const browser = await chromium.launch(chromiumLaunchOptions());
    const page = await browser.newPage();
    return {
      engine,
      goto: async (url) => void (await page.goto(url)),
      run: (body, ...args) => page.evaluate(wrap(body).replace('%ARGS%', JSON.stringify(args))),
      viewport: (width, height) => page.setViewportSize({ width, height }),
      screenshot: async (file, selector) => {
        writeFileSync(file, selector ? await page.locator(selector).screenshot() : await page.screenshot());
      },
      press: (key) => page.keyboard.press(key),
      close: () => browser.close(),
    };
  }
  if (engine === 'firefox') {
    const browser = await puppeteerCore.launch(firefoxLaunchOptions());
    const page = await browser.newPage();
    return {
      engine,
      goto: async (url) => void (await page.goto(url)),
      run: <T>(body: string, ...args: unknown[]) =>
        page.evaluate(wrap(body).replace('%ARGS%', JSON.stringify(args))) as Promise<T>,
      viewport: (width, height) => page.setViewport({ width, height }),
      screenshot: async (file, selector) => {
        const target = selector ? await page.$(selector) : page;
        if (!target) throw new Error(`no ${selector}`);
        writeFileSync(file, await target.screenshot({ type: 'png' }));
      },
      press: (key) => page.keyboard.press(key === 'Space' ? ' ' : (key as 'Tab')),
      close: () => browser.close(),
    };
  }
  const wk = await WebKitSession.start();
  return {
    engine,
    goto: async (url) => void (await wk.goto(url)),
    run: <T>(body: string, ...args: unknown[]) => wk.execute<T>(body, args),
    viewport: async (width, height) => void (await wk.setWindowSize(width, height)),
    screenshot: async (file, selector) => writeFileSync(file, await wk.screenshot(selector)),
    press: async (key) => void (await wk.keys([key])),
    close: () => wk.close(),
  };
}

/** Polls `body` (page code returning a truthy value when done) until it holds; returns its value. */
export async function waitIn<T>(p: EnginePage, body: string, what: string, timeoutMs = 20000): Promise<T> {
  const start = Date.now();
  let last: unknown;
  for (;;) {
    try {
      last = await p.run<T>(body);
      if (last) return last as T;
    } catch (e) {
      last = e;
    }
    if (Date.now() - start > timeoutMs)
      throw new Error(`${p.engine}: timed out waiting for ${what} (${String(last)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
