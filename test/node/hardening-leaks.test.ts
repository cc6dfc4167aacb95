/**
 * Hardening (item 7): each element is mounted and removed 100 times in one page; afterwards no window or
 * document listener, no timer, no camera track and no retained DOM is left behind.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildCdn, chromiumLaunchOptions, startPageServer, type PageServer } from '../support/page-server.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { ageRequest } from '../support/age-request.ts';

const MOUNTS = 100;

/**
 * Installed before any page script: counts net listener registrations on window/document (same
 * identity rules as the DOM: type + callback + capture), pending timeouts and live intervals, and keeps
 * every camera track handed out by getUserMedia.
 */
function instrument() {
  type Entry = { target: EventTarget; type: string; fn: unknown; capture: boolean };
  const w = window as unknown as {
    __leaks: {
      listeners: Entry[];
      timeouts: Set<number>;
      intervals: Set<number>;
      tracks: MediaStreamTrack[];
      sleep: (ms: number) => Promise<void>;
    };
  };
  const origAdd = EventTarget.prototype.addEventListener;
  const origRemove = EventTarget.prototype.removeEventListener;
  const origSetTimeout = window.setTimeout.bind(window);
  const origSetInterval = window.setInterval.bind(window);
  const origClearTimeout = window.clearTimeout.bind(window);
  const origClearInterval = window.clearInterval.bind(window);
  const state = {
    listeners: [] as Entry[],
    timeouts: new Set<number>(),
    intervals: new Set<number>(),
    tracks: [] as MediaStreamTrack[],
    sleep: (ms: number) => new Promise<void>((r) => origSetTimeout(r, ms)),
  };
  w.__leaks = state;
  const captureOf = (o: unknown) =>
    typeof o === 'boolean' ? o : !!(o && typeof o === 'object' && (o as { capture?: boolean }).capture);
  const find = (e: Omit<Entry, never>) =>
    state.listeners.findIndex(
      (x) => x.target === e.target && x.type === e.type && x.fn === e.fn && x.capture === e.capture,
    );
  EventTarget.prototype.addEventListener = function (
    this: EventTarget,
    type: string,
    fn: EventListenerOrEventListenerObject | null,
    opts?: boolean | AddEventListenerOptions,
  ) {
    if ((this === window || this === document) && fn) {
      const entry = { target: this, type, fn, capture: captureOf(opts) };
      const signal = typeof opts === 'object' ? opts.signal : undefined;
      if (!signal?.aborted && find(entry) < 0) {
        state.listeners.push(entry);
        signal?.addEventListener('abort', () => {
          const i = find(entry);
          if (i >= 0) state.listeners.splice(i, 1);
        });
        if (typeof opts === 'object' && opts.once) {
          // A once listener removes itself when it fires.
          origAdd.call(
            this,
            type,
            () => {
              const i = find(entry);
              if (i >= 0) state.listeners.splice(i, 1);
            },
            { once: true, capture: entry.capture },
          );
        }
      }
    }
    return origAdd.call(this, type, fn, opts);
  };
  EventTarget.prototype.removeEventListener = function (
    this: EventTarget,
    type: string,
    fn: EventListenerOrEventListenerObject | null,
    opts?: boolean | EventListenerOptions,
  ) {
    if ((this === window || this === document) && fn) {
      const i = find({ target: this, type, fn, capture: captureOf(opts) });
      if (i >= 0) state.listeners.splice(i, 1);
    }
    return origRemove.call(this, type, fn, opts);
  };
  window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id: number = origSetTimeout(
      (...a: unknown[]) => {
        state.timeouts.delete(id);
        if (typeof fn === 'function') (fn as (...x: unknown[]) => void)(...a);
      },
      ms,
      ...args,
    );
    state.timeouts.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.setInterval = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id = origSetInterval(fn, ms, ...args);
    state.intervals.add(id);
    return id;
  }) as typeof window.setInterval;
  const clear = (id?: number) => {
    if (id === undefined) return;
    state.timeouts.delete(id);
    state.intervals.delete(id);
  };
  window.clearTimeout = ((id?: number) => {
    clear(id);
    origClearTimeout(id);
  }) as typeof window.clearTimeout;
  window.clearInterval = ((id?: number) => {
    clear(id);
    origClearInterval(id);
  }) as typeof window.clearInterval;
  const md = navigator.mediaDevices;
  if (md?.getUserMedia) {
    const orig = md.getUserMedia.bind(md);
    md.getUserMedia = async (c?: MediaStreamConstraints) => {
      const stream = await orig(c);
      state.tracks.push(...stream.getTracks());
      return stream;
    };
  }
}

interface Counts {
  listeners: number;
  timeouts: number;
  intervals: number;
  tracks: number;
  liveTracks: number;
}

const counts = (p: Page) =>
  p.evaluate((): Counts => {
    const s = (
      window as unknown as {
        __leaks: {
          listeners: unknown[];
          timeouts: Set<number>;
          intervals: Set<number>;
          tracks: MediaStreamTrack[];
        };
      }
    ).__leaks;
    return {
      listeners: s.listeners.length,
      timeouts: s.timeouts.size,
      intervals: s.intervals.size,
      tracks: s.tracks.length,
      liveTracks: s.tracks.filter((t) => t.readyState !== 'ended').length,
    };
  });

/**
 * Mounts and removes `tag` for iterations [from, to): waits until it shows its first screen; kyb-form
 * gets a typed company name every 7th mount (a pending autosave), age-check opens the camera every 5th.
 */
function cycle(p: Page, tag: 'kyb-form' | 'age-check', token: string, from: number, to: number) {
  return p.evaluate(
    async ({ tag, token, from, to }) => {
      const s = (
        window as unknown as {
          __leaks: { sleep: (ms: number) => Promise<void>; tracks: MediaStreamTrack[] };
        }
      ).__leaks;
      const until = async (what: string, ok: () => boolean) => {
        for (let i = 0; i < 300; i++) {
          if (ok()) return;
          await s.sleep(25);
        }
        throw new Error(`timed out waiting for ${what}`);
      };
      const slot = document.querySelector('#slot')!;
      for (let i = from; i < to; i++) {
        const el = document.createElement(tag);
        el.setAttribute('api-base', '/sandbox');
        el.setAttribute('token', token);
        slot.append(el);
        await until(`${tag} #${i} to load`, () => !!customElements.get(tag) && !!el.shadowRoot);
        const q = (sel: string) => el.shadowRoot!.querySelector<HTMLElement>(sel);
        if (tag === 'kyb-form') {
          await until(`kyb-form #${i} inputs`, () => !!q('[part~="company"] input'));
          if (i % 7 === 3) {
            const input = q('[part~="company"] input') as HTMLInputElement;
            input.value = `Leak Test ${i}`;
            input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
            input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
          }
        } else {
          await until(`age-check #${i} consent`, () => !!q('[part~="start-button"]'));
          if (i % 5 === 2) {
            const tracks = s.tracks.length;
            q('[part~="start-button"]')!.click();
            await until(
              `age-check #${i} camera`,
              () => s.tracks.length > tracks && !!q('[part~="capture-button"]'),
            );
          }
        }
        el.remove();
        await s.sleep(0);
      }
    },
    { tag, token, from, to },
  );
}

let browser: Browser;
let server: PageServer;

before(async () => {
  const cdn = await buildCdn();
  server = await startPageServer({
    mounts: { '/cdn/': cdn },
    pages: {
      '/leaks.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Leaks</title>
<script type="module" src="/cdn/verify-elements.js"></script></head><body><main><div id="slot"></div></main></body></html>`,
    },
  });
  browser = await chromium.launch(chromiumLaunchOptions());
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function tokens() {
  const control = new SandboxControl({ baseUrl: `${server.origin}/sandbox` });
  const account = await control.createAccount({
    kyb: { info: { locale: 'en', theme: null, flow: null } },
    ageCredits: 1000,
  });
  const partner = new PartnerClient({ baseUrl: `${server.origin}/sandbox`, ...account });
  const kyb = await partner.createKybToken({ clientId: `leaks-${Date.now()}` });
  const age = await partner.createAgeToken(ageRequest());
  return { 'kyb-form': kyb.tokenString, 'age-check': age.token };
}

describe('mount and remove 100 times', () => {
  for (const tag of ['kyb-form', 'age-check'] as const) {
    test(`${tag}: no listeners, timers, camera tracks or DOM left behind`, async () => {
      const token = (await tokens())[tag];
      const context = await browser.newContext();
      // tsx (esbuild keepNames) wraps named functions in `__name(...)`: give serialized page functions one.
      await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      await context.addInitScript(instrument);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await page.goto(`${server.origin}/leaks.html`);
        const cdp = await context.newCDPSession(page);
        const dom = async () => {
          await cdp.send('HeapProfiler.collectGarbage');
          await cdp.send('HeapProfiler.collectGarbage');
          return cdp.send('Memory.getDOMCounters');
        };
        await cycle(page, tag, token, 0, 1);
        await page.waitForTimeout(300);
        const baseline = await counts(page);
        await cycle(page, tag, token, 1, 10);
        await page.waitForTimeout(300);
        const at10 = await dom();
        await cycle(page, tag, token, 10, MOUNTS);
        await page.waitForTimeout(2000);
        const end = await counts(page);
        // The instrumentation itself holds the tracks (and through their listeners the elements): let go.
        await page.evaluate(() => {
          (window as unknown as { __leaks: { tracks: unknown[] } }).__leaks.tracks.length = 0;
        });
        const at100 = await dom();
        const listeners = end.listeners - baseline.listeners;
        const timers = end.timeouts + end.intervals;
        const nodes = at100.nodes - at10.nodes;
        const jsListeners = at100.jsEventListeners - at10.jsEventListeners;
        console.log(
          `hardening: leaks: ${tag} ${MOUNTS} mounts, listeners ${listeners >= 0 ? '+' : ''}${listeners}, ` +
            `timers ${timers}, open tracks ${end.liveTracks}, DOM nodes ${nodes >= 0 ? '+' : ''}${nodes}` +
            ` (jsEventListeners ${jsListeners >= 0 ? '+' : ''}${jsListeners}, documents ${at10.documents}->${at100.documents}, camera opened ${end.tracks}x)`,
        );
        assert.deepEqual(errors, []);
        assert.ok(listeners <= 0, `window/document listeners grew by ${listeners}`);
        assert.equal(end.intervals, 0, 'live intervals');
        assert.equal(end.timeouts, 0, 'pending timeouts');
        if (tag === 'age-check') assert.ok(end.tracks >= 10, `the camera was opened (${end.tracks} tracks)`);
        assert.equal(end.liveTracks, 0, 'camera tracks still live');
        assert.ok(nodes < 300, `DOM nodes grew by ${nodes}`);
        assert.ok(jsListeners < 50, `JS event listeners grew by ${jsListeners}`);
        assert.ok(at100.documents <= at10.documents, 'documents grew');
      } finally {
        await context.close();
      }
    });
  }
});
