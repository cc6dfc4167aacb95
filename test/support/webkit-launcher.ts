/**
 * A @web/test-runner browser launcher for WebKitGTK (Debian's webkit2gtk-driver) over W3C WebDriver,
 * one MiniBrowser window for the whole run (the configs run one test file at a time).
 *
 * The runner's commands (`sendKeys`, `sendMouse`, `setViewport` from @web/test-runner-commands) know
 * puppeteer, playwright and webdriverio launchers only; this one presents the small puppeteer page
 * surface they use (`keyboard`, `mouse`, `setViewport`) on top of WebDriver actions, hence its type.
 */
import type { BrowserLauncher, SessionResult } from '@web/test-runner-core';
import { WebKitSession } from './webdriver.ts';

type Button = 'left' | 'middle' | 'right';
const BUTTONS: Record<Button, number> = { left: 0, middle: 1, right: 2 };

/** The puppeteer `Page` methods the runner's commands call, done with WebDriver. */
class PageFacade {
  constructor(private readonly wk: WebKitSession) {}

  keyboard = {
    type: (text: string) => this.wk.keys([...text]),
    press: (key: string) => this.wk.keys([key]),
    down: () => Promise.reject(new Error('keyboard.down is not supported on WebKit (WebDriver)')),
    up: () => Promise.reject(new Error('keyboard.up is not supported on WebKit (WebDriver)')),
  };

  mouse = {
    move: (x: number, y: number) =>
      this.wk.pointer([{ type: 'pointerMove', x: Math.round(x), y: Math.round(y) }]),
    click: (x: number, y: number, o: { button?: Button } = {}) =>
      this.wk.pointer([
        { type: 'pointerMove', x: Math.round(x), y: Math.round(y) },
        { type: 'pointerDown', button: BUTTONS[o.button ?? 'left'] },
        { type: 'pointerUp', button: BUTTONS[o.button ?? 'left'] },
      ]),
    down: (o: { button?: Button } = {}) =>
      this.wk.pointer([{ type: 'pointerDown', button: BUTTONS[o.button ?? 'left'] }]),
    up: (o: { button?: Button } = {}) =>
      this.wk.pointer([{ type: 'pointerUp', button: BUTTONS[o.button ?? 'left'] }]),
    reset: async () => {
      await this.wk.releaseActions();
      await this.wk.pointer([{ type: 'pointerMove', x: 0, y: 0 }]);
    },
  };

  /** The window's outer size; MiniBrowser does not go below about 447 px wide. */
  async setViewport({ width, height }: { width: number; height: number }) {
    await this.wk.setWindowSize(width, height);
  }
}

export class WebKitLauncher implements BrowserLauncher {
  name = 'WebKit';
  type = 'puppeteer';
  concurrency = 1;
  #session: Promise<WebKitSession> | undefined;
  #active = new Map<string, string>();
  #page: PageFacade | undefined;

  #wk(): Promise<WebKitSession> {
    this.#session ??= WebKitSession.start().then(async (wk) => {
      await wk.setWindowSize(1024, 768);
      this.#page = new PageFacade(wk);
      return wk;
    });
    return this.#session;
  }

  async initialize() {
    await this.#wk();
  }

  async stop() {
    const s = this.#session;
    this.#session = undefined;
    if (s) await (await s.catch(() => undefined))?.close();
  }

  async startSession(sessionId: string, url: string) {
    const wk = await this.#wk();
    this.#active.set(sessionId, url);
    await wk.goto(url);
  }

  isActive(sessionId: string) {
    return this.#active.has(sessionId);
  }

  getBrowserUrl(sessionId: string) {
    return this.#active.get(sessionId);
  }

  getPage(sessionId: string): PageFacade {
    if (!this.#active.has(sessionId) || !this.#page)
      throw new Error(`No WebKit page for session ${sessionId}`);
    return this.#page;
  }

  async stopSession(sessionId: string): Promise<SessionResult> {
    this.#active.delete(sessionId);
    const wk = await this.#wk();
    // Stops the test page's timers and requests before the next file.
    await wk.goto('about:blank');
    return {};
  }

  startDebugSession(): Promise<void> {
    return Promise.reject(new Error('Debugging is not supported for WebKit: run the Chromium config'));
  }
}

export const webkitLauncher = () => new WebKitLauncher();
