/**
 * Screenshots of both elements from the built CDN bundle in Firefox ESR and WebKitGTK (and Chromium), at
 * 1280x800 and 390x844, with <kyb-form>'s company country select focused from the keyboard
 * (:focus-visible), saved to bench/results/screens/ as `<engine>-<kyb|age>-<width>x<height>.png`.
 *
 *   node --import tsx bench/engine-screens.ts [firefox] [webkit] [chromium]
 *
 * WebKitGTK's MiniBrowser windows are at least about 447 px wide, so every WebKit shot is taken of an
 * iframe of the exact size.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildCdn, chromiumLaunchOptions, startPageServer } from '../test/support/page-server.ts';
import {
  ENGINES,
  engineMissing,
  openEngine,
  type EngineName,
  type EnginePage,
} from '../test/support/engines.ts';
import { CSP_STRICT, enginePages, firstScreens, mount, tokens } from '../test/support/engine-flows.ts';
import { WebKitSession } from '../test/support/webdriver.ts';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const OUT = join(import.meta.dirname, 'results', 'screens');

const FOCUS_COUNTRY = `
  const r = document.querySelector('kyb-form').shadowRoot;
  const l = [...r.querySelectorAll('label')].find((x) => /^Country of registration/.test(x.textContent.trim()));
  const select = r.getElementById(l.htmlFor);
  select.scrollIntoView({ block: 'center' });
  select.focus({ focusVisible: true });
  return select.matches(':focus-visible');`;

async function shoot(
  p: EnginePage,
  wk: WebKitSession | null,
  origin: string,
  size: { width: number; height: number },
) {
  const name = (what: string) => join(OUT, `${p.engine}-${what}-${size.width}x${size.height}.png`);
  for (const what of ['kyb', 'age'] as const) {
    const t = await tokens(origin);
    if (wk) {
      await wk.frame(null);
      await p.goto(`${origin}/frame-${size.width}x${size.height}.html`);
      await wk.frame('#f');
    } else {
      await p.viewport(size.width, size.height);
      await p.goto(`${origin}/strict.html`);
    }
    await mount(p, 'kyb-form', t.kyb);
    await mount(p, 'age-check', t.age);
    await firstScreens(p);
    if (what === 'kyb') {
      let visible = await p.run<boolean>(FOCUS_COUNTRY);
      if (!visible) {
        // No focusVisible option: focus the field before it and Tab onto the select.
        await p.run(`const r = document.querySelector('kyb-form').shadowRoot;
          r.querySelector('input[name="companyName"], input').focus();`);
        await p.press('Tab');
        visible = await p.run<boolean>(
          `const a = document.querySelector('kyb-form').shadowRoot.activeElement; return !!a && a.localName === 'select' && a.matches(':focus-visible');`,
        );
      }
      if (!visible) console.warn(`${p.engine}: the select is focused but not :focus-visible`);
    } else {
      await p.run(`document.getElementById('kyb').hidden = true; window.scrollTo(0, 0);`);
    }
    await new Promise((r) => setTimeout(r, 300));
    if (wk) {
      // The iframe sits at the viewport's top left: the viewport's shot cropped to its size (WebKitGTK's
      // element screenshots are shifted by the window's toolbar).
      await wk.frame(null);
      await p.screenshot(name(what));
      await crop(name(what), size.width, size.height);
    } else await p.screenshot(name(what));
    console.log(`saved ${name(what)}`);
  }
}

/** Crops a PNG to its top-left `width` x `height`, drawn by Chromium (no image library needed). */
async function crop(file: string, width: number, height: number) {
  const { chromium } = await import('playwright-core');
  const { readFileSync, writeFileSync } = await import('node:fs');
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ viewport: { width, height } });
    const src = `data:image/png;base64,${readFileSync(file).toString('base64')}`;
    await page.setContent(`<body style="margin:0"><img src="${src}" style="display:block"></body>`);
    await page.waitForFunction(() => document.images[0]?.complete);
    writeFileSync(file, await page.screenshot({ clip: { x: 0, y: 0, width, height } }));
  } finally {
    await browser.close();
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const wanted = (process.argv.slice(2) as EngineName[]).filter((e) => ENGINES.includes(e));
  const engines = wanted.length ? wanted : (['firefox', 'webkit'] as EngineName[]);
  const cdn = await buildCdn();
  const { assets, pages } = enginePages();
  for (const { width, height } of SIZES)
    pages[`/frame-${width}x${height}.html`] =
      `<!doctype html><html><head><meta charset="utf-8"><title>frame</title>
<link rel="stylesheet" href="/assets/frame.css"></head><body><iframe id="f" src="/strict.html" width="${width}" height="${height}" title="page"></iframe></body></html>`;
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(assets, 'frame.css'), 'body{margin:0}iframe{border:0;display:block}');
  const server = await startPageServer({
    csp: CSP_STRICT,
    mounts: { '/cdn/': cdn, '/assets/': assets },
    pages,
  });
  try {
    for (const engine of engines) {
      const missing = engineMissing(engine);
      if (missing) {
        console.warn(`${engine} skipped: ${missing}`);
        continue;
      }
      if (engine === 'webkit') {
        const wk = await WebKitSession.start();
        await wk.setWindowSize(1400, 1000);
        const p: EnginePage = {
          engine,
          goto: async (url) => void (await wk.goto(url)),
          run: (body, ...args) => wk.execute(body, args),
          viewport: async () => undefined,
          screenshot: async (file, selector) => writeFileSync(file, await wk.screenshot(selector)),
          press: async (key) => void (await wk.keys([key])),
          close: () => wk.close(),
        };
        try {
          for (const size of SIZES) await shoot(p, wk, server.origin, size);
        } finally {
          await p.close();
        }
      } else {
        const p = await openEngine(engine);
        try {
          for (const size of SIZES) await shoot(p, null, server.origin, size);
        } finally {
          await p.close();
        }
      }
    }
  } finally {
    await server.close();
  }
}

await main();
