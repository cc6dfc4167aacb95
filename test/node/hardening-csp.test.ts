/**
 * Hardening (items 6): both elements run under a strict Content-Security-Policy without a single violation,
 * host-page CSS with aggressive global rules does not change their internal layout, and their styles do not
 * leak onto the page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildCdn, chromiumLaunchOptions, startPageServer, type PageServer } from '../support/page-server.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { ageRequest } from '../support/age-request.ts';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'";

/** Records every CSP violation (served as an external file: inline scripts are blocked by the policy). */
const LISTENER_JS = `window.__violations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__violations.push({
    directive: e.violatedDirective,
    blocked: e.blockedURI,
    source: e.sourceFile + ':' + e.lineNumber,
    sample: e.sample,
  });
}, true);
`;

// The page's root font size is deliberately NOT among the hostile rules: both elements size in rem so
// that they follow the user's font-size preference (an accessibility requirement), which is the root size.
const HOSTILE_CSS = `* { all: unset !important; }
body, div, p, span, button, input, label, h1, h2, h3 {
  font-size: 40px !important; color: red !important; display: inline !important; padding: 50px !important;
}
button { display: none !important; }
.root, .field, .btn, [part] { border: 9px solid lime !important; }
`;
const HOST_CSS = `#host { width: 800px !important; display: block !important; }
`;

const page = (head: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Hardening</title>${head}</head><body>${body}</body></html>`;
const SCRIPTS = `<script src="/assets/violations.js"></script>
<script type="module" src="/cdn/verify-elements.js"></script>`;
const SIBLINGS = `<div id="siblings"><div class="root field btn card">Sibling box</div>
<button type="button" class="btn btn-primary">Sibling button</button><span part="field">Part span</span></div>`;

let browser: Browser;
let server: PageServer;

before(async () => {
  const cdn = await buildCdn();
  const assets = mkdtempSync(join(tmpdir(), 'verify-elements-hardening-'));
  writeFileSync(join(assets, 'violations.js'), LISTENER_JS);
  writeFileSync(join(assets, 'hostile.css'), HOSTILE_CSS);
  writeFileSync(join(assets, 'host.css'), HOST_CSS);
  const hostile = '<link rel="stylesheet" href="/assets/hostile.css">';
  const host = '<link rel="stylesheet" href="/assets/host.css">';
  server = await startPageServer({
    csp: CSP,
    mounts: { '/cdn/': cdn, '/assets/': assets },
    pages: {
      '/csp.html': page(SCRIPTS, '<main><h1>Strict CSP</h1><div id="kyb"></div><div id="age"></div></main>'),
      '/plain.html': page(`${host}${SCRIPTS}`, `<div id="host"></div>${SIBLINGS}`),
      '/hostile.html': page(`${hostile}${host}${SCRIPTS}`, `<div id="host"></div>${SIBLINGS}`),
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
  const account = await control.createAccount({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
  const partner = new PartnerClient({ baseUrl: `${server.origin}/sandbox`, ...account });
  const kyb = await partner.createKybToken({ clientId: `csp-${Date.now()}-${Math.random()}` });
  const age = await partner.createAgeToken(ageRequest());
  return { kyb: kyb.tokenString, age: age.token };
}

/** Appends one element with a token to the container `selector` (CDP evaluation is not subject to CSP). */
async function mount(p: Page, tag: 'kyb-form' | 'age-check', token: string, selector: string) {
  await p.evaluate(
    ({ tag, token, selector }) => {
      const el = document.createElement(tag);
      el.setAttribute('api-base', '/sandbox');
      el.setAttribute('token', token);
      document.querySelector(selector)!.append(el);
    },
    { tag, token, selector },
  );
  await p.waitForFunction((tag) => !!customElements.get(tag), tag, { timeout: 15000 });
}

async function newPage(path: string) {
  const p = await browser.newPage();
  const errors: string[] = [];
  const cspConsole: string[] = [];
  p.on('pageerror', (e) => errors.push(e.message));
  p.on('console', (m) => {
    if (/content security policy/i.test(m.text())) cspConsole.push(m.text());
  });
  await p.goto(`${server.origin}${path}`);
  return { p, errors, cspConsole };
}

describe('strict CSP', () => {
  test('both flows run with zero CSP violations', async () => {
    const t = await tokens();
    const { p, errors, cspConsole } = await newPage('/csp.html');
    try {
      let checks = 0;
      // The listener is live: an injected inline script is reported (the check itself can fail).
      await p.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true;';
        document.head.append(s);
      });
      await p.waitForFunction(
        () => (window as unknown as { __violations: unknown[] }).__violations.length > 0,
      );
      assert.equal(await p.evaluate(() => 'inlineRan' in window || '__inlineRan' in window), false);
      await p.evaluate(() => ((window as unknown as { __violations: unknown[] }).__violations.length = 0));
      cspConsole.length = 0;
      checks++;

      await mount(p, 'kyb-form', t.kyb, '#kyb');
      await mount(p, 'age-check', t.age, '#age');
      // kyb-form: company name + country, saved, then the next step opens.
      await p.getByLabel('Company name').fill('Strict CSP Ltd');
      await p.getByLabel('Country').first().selectOption('LT');
      await p.getByLabel('Company name').blur();
      await p.waitForFunction(
        () =>
          /saved/i.test(
            document.querySelector('kyb-form')?.shadowRoot?.querySelector('[part~="save-status"]')
              ?.textContent ?? '',
          ),
        undefined,
        { timeout: 15000 },
      );
      checks++;
      const before = await p.evaluate(() => document.querySelector('kyb-form')!.step);
      await p
        .locator('kyb-form')
        .getByRole('button', { name: /^continue$/i })
        .click();
      await p.waitForFunction((b) => document.querySelector('kyb-form')!.step !== b, before, {
        timeout: 15000,
      });
      await p.locator('kyb-form [part~="step-heading"]').waitFor();
      checks++;
      // age-check: consent, capture with the fake camera, outcome.
      await p.getByRole('button', { name: /agree and start/i }).click();
      await p.getByRole('button', { name: /^take photo$/i }).click();
      await p.getByRole('button', { name: /^use this photo$/i }).click();
      await p.getByRole('heading', { name: 'Age confirmed' }).waitFor({ timeout: 20000 });
      checks++;

      const violations = await p.evaluate(
        () => (window as unknown as { __violations: unknown[] }).__violations,
      );
      if (violations.length || cspConsole.length) console.log('CSP violations:', violations, cspConsole);
      assert.deepEqual(violations, []);
      assert.deepEqual(cspConsole, []);
      assert.deepEqual(errors, []);
      checks += 3;
      console.log(`hardening: strict CSP: ${checks} checks, ${violations.length} violations`);
    } finally {
      await p.close();
    }
  });
});

describe('style isolation', () => {
  const NODES = {
    'kyb-form': ['[part~="field"]', 'input', '[part~="button-primary"]', '[part~="root"]'],
    'age-check': ['[part~="consent"]', '[part~="primary-button"]', 'h2'],
  } as const;
  type Box = { width: number; height: number } | null;

  /** Bounding boxes of the internal nodes once both elements show their first screen. */
  async function boxes(path: string) {
    const t = await tokens();
    const { p, errors } = await newPage(path);
    try {
      await mount(p, 'kyb-form', t.kyb, '#host');
      await mount(p, 'age-check', t.age, '#host');
      await p.locator('kyb-form input').first().waitFor({ state: 'attached', timeout: 15000 });
      await p.locator('age-check [part~="consent"]').waitFor({ state: 'attached', timeout: 15000 });
      const out: Record<string, Box> = {};
      for (const [tag, selectors] of Object.entries(NODES)) {
        for (const sel of selectors) {
          out[`${tag} ${sel}`] = await p.evaluate(
            ({ tag, sel }) => {
              const node = document.querySelector(tag)?.shadowRoot?.querySelector(sel);
              if (!node) return null;
              const r = node.getBoundingClientRect();
              return { width: r.width, height: r.height };
            },
            { tag, sel },
          );
        }
      }
      assert.deepEqual(errors, []);
      return out;
    } finally {
      await p.close();
    }
  }

  const STYLE_PROPS = [
    'display',
    'color',
    'background-color',
    'font-size',
    'font-family',
    'padding-top',
    'padding-left',
    'margin-top',
    'border-top-width',
    'border-top-style',
    'border-top-color',
    'height',
    'box-sizing',
    'line-height',
  ];

  /** Computed styles of the sibling nodes, with or without the elements mounted next to them. */
  async function siblingStyles(path: string, withElements: boolean) {
    const { p, errors } = await newPage(path);
    try {
      if (withElements) {
        const t = await tokens();
        await mount(p, 'kyb-form', t.kyb, '#host');
        await mount(p, 'age-check', t.age, '#host');
        await p.locator('kyb-form input').first().waitFor({ state: 'attached', timeout: 15000 });
        await p.locator('age-check [part~="consent"]').waitFor({ state: 'attached', timeout: 15000 });
      }
      const styles = await p.evaluate((props) => {
        const out: Record<string, Record<string, string>> = {};
        for (const sel of ['#siblings > div', '#siblings > button', '#siblings > span']) {
          const node = document.querySelector(sel)!;
          const cs = getComputedStyle(node);
          out[sel] = Object.fromEntries(props.map((k) => [k, cs.getPropertyValue(k)]));
        }
        return out;
      }, STYLE_PROPS);
      assert.deepEqual(errors, []);
      return styles;
    } finally {
      await p.close();
    }
  }

  test('element styles do not leak onto sibling nodes of the page', async () => {
    let checks = 0;
    const failures: string[] = [];
    for (const path of ['/plain.html', '/hostile.html']) {
      const without = await siblingStyles(path, false);
      const withEls = await siblingStyles(path, true);
      for (const [sel, props] of Object.entries(without)) {
        for (const [prop, value] of Object.entries(props)) {
          checks++;
          const got = withEls[sel]?.[prop];
          if (got !== value)
            failures.push(`${path} ${sel} ${prop}: ${value} without vs ${got} with the elements`);
        }
      }
    }
    if (failures.length) console.log('isolation failures:\n' + failures.join('\n'));
    console.log(`hardening: isolation: ${checks} checks, ${failures.length} failures`);
    assert.deepEqual(failures, []);
  });

  test('hostile page CSS does not change the internal layout', async () => {
    let checks = 0;
    const failures: string[] = [];
    const plain = await boxes('/plain.html');
    const hostile = await boxes('/hostile.html');
    for (const [key, a] of Object.entries(plain)) {
      const b = hostile[key];
      checks++;
      if (!a || !b) {
        failures.push(`${key}: missing (${JSON.stringify(a)} vs ${JSON.stringify(b)})`);
        continue;
      }
      if (a.width === 0 || a.height === 0) failures.push(`${key}: zero size on the plain page`);
      if (Math.abs(a.width - b.width) > 1 || Math.abs(a.height - b.height) > 1)
        failures.push(`${key}: ${a.width}x${a.height} plain vs ${b.width}x${b.height} hostile`);
    }
    if (failures.length) console.log('hostile layout differences:\n' + failures.join('\n'));
    console.log(`hardening: isolation (hostile CSS layout): ${checks} checks, ${failures.length} failures`);
    assert.deepEqual(failures, []);
  });
});
