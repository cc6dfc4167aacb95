/**
 * Both elements' main flows on a page that loads the built CDN bundle, the same in every engine
 * (engines.ts): page code as strings, since WebDriver and BiDi run strings, not Node closures.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PartnerClient } from '../../src/server/index.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { DEMO_THEME } from '../../src/sandbox/fixtures.ts';
import { waitIn, type EnginePage } from './engines.ts';

/** Records every CSP violation (an external file: inline scripts are blocked by the policy). */
export const VIOLATIONS_JS = `window.__violations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || ''));
}, true);
`;

/**
 * A simulated Safari 15.0 (iOS 15.0-15.3): the built-ins its engine lacks are deleted before the bundle
 * runs. Constructable stylesheets (Safari 16.4) are gone, so Lit falls back to <style> elements.
 */
export const SIMULATE_SAFARI_15_JS = `(function () {
  var gone = [];
  function drop(owner, name, label) {
    if (owner && name in owner) { delete owner[name]; if (!(name in owner)) gone.push(label); }
  }
  drop(Object, 'hasOwn', 'Object.hasOwn');
  drop(Array.prototype, 'at', 'Array.prototype.at');
  drop(String.prototype, 'at', 'String.prototype.at');
  drop(Object.getPrototypeOf(Int8Array.prototype), 'at', 'TypedArray.prototype.at');
  drop(Array.prototype, 'findLast', 'Array.prototype.findLast');
  drop(Array.prototype, 'findLastIndex', 'Array.prototype.findLastIndex');
  drop(Array.prototype, 'toSorted', 'Array.prototype.toSorted');
  drop(Array.prototype, 'toReversed', 'Array.prototype.toReversed');
  drop(Array.prototype, 'toSpliced', 'Array.prototype.toSpliced');
  drop(Array.prototype, 'with', 'Array.prototype.with');
  drop(Array, 'fromAsync', 'Array.fromAsync');
  drop(Object, 'groupBy', 'Object.groupBy');
  drop(Map, 'groupBy', 'Map.groupBy');
  drop(Promise, 'withResolvers', 'Promise.withResolvers');
  ['union', 'intersection', 'difference', 'symmetricDifference', 'isSubsetOf', 'isSupersetOf',
   'isDisjointFrom'].forEach(function (m) { drop(Set.prototype, m, 'Set.prototype.' + m); });
  drop(String.prototype, 'isWellFormed', 'String.prototype.isWellFormed');
  drop(String.prototype, 'toWellFormed', 'String.prototype.toWellFormed');
  drop(window, 'structuredClone', 'structuredClone');
  drop(Crypto.prototype, 'randomUUID', 'crypto.randomUUID');
  drop(AbortSignal, 'timeout', 'AbortSignal.timeout');
  drop(AbortSignal, 'any', 'AbortSignal.any');
  drop(URL, 'canParse', 'URL.canParse');
  drop(URL, 'parse', 'URL.parse');
  drop(Document.prototype, 'adoptedStyleSheets', 'Document.prototype.adoptedStyleSheets');
  drop(ShadowRoot.prototype, 'adoptedStyleSheets', 'ShadowRoot.prototype.adoptedStyleSheets');
  drop(CSSStyleSheet.prototype, 'replace', 'CSSStyleSheet.prototype.replace');
  drop(CSSStyleSheet.prototype, 'replaceSync', 'CSSStyleSheet.prototype.replaceSync');
  window.__removed = gone;
})();
`;

export const NONCE = 'v3r1fy-n0nce-2f9c';
export const CSP_STRICT =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'";
/** The CSP line for browsers without constructable stylesheets (Safari/iOS before 16.4). */
export const CSP_WITH_NONCE = CSP_STRICT.replace("style-src 'self'", `style-src 'self' 'nonce-${NONCE}'`);

const page = (head: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>verify-elements</title>${head}</head>
<body><main><div id="kyb"></div><div id="age"></div></main></body></html>`;

/** The static files and pages (path -> HTML) for startPageServer. */
export function enginePages(): { assets: string; pages: Record<string, string> } {
  const assets = mkdtempSync(join(tmpdir(), 'verify-elements-engines-'));
  writeFileSync(join(assets, 'violations.js'), VIOLATIONS_JS);
  writeFileSync(join(assets, 'safari15.js'), SIMULATE_SAFARI_15_JS);
  const listen = '<script src="/assets/violations.js"></script>';
  const old = '<script src="/assets/safari15.js"></script>';
  return {
    assets,
    pages: {
      // A current engine: adopted stylesheets, no nonce needed.
      '/strict.html': page(`${listen}<script type="module" src="/cdn/verify-elements.js"></script>`),
      // Simulated Safari 15, the documented set-up: the bundle's <script> carries the nonce.
      '/safari15.html': page(
        `${listen}${old}<script type="module" src="/cdn/verify-elements.js" nonce="${NONCE}"></script>`,
      ),
      // Simulated Safari 15, classic-script loader with the nonce.
      '/safari15-classic.html': page(
        `${listen}${old}<script src="/cdn/verify-elements.iife.js" nonce="${NONCE}"></script>`,
      ),
      // Simulated Safari 15, no nonce on the script: the elements carry a `nonce` attribute instead
      // (mount(..., {nonce})), or nothing at all (the styles are then blocked).
      '/safari15-bare.html': page(
        `${listen}${old}<script type="module" src="/cdn/verify-elements.js"></script>`,
      ),
    },
  };
}

/**
 * A fresh sandbox account: a KYB token and an age token. The KYB form has the demo theme (applied
 * through CSS custom properties) and shows every field and step (no flow).
 */
export async function tokens(origin: string) {
  const control = new SandboxControl({ baseUrl: `${origin}/sandbox` });
  const account = await control.createAccount({
    kyb: { info: { locale: 'en', theme: DEMO_THEME, flow: null } },
  });
  const partner = new PartnerClient({ baseUrl: `${origin}/sandbox`, ...account });
  const kyb = await partner.createKybToken({ clientId: `engines-${Date.now()}-${Math.random()}` });
  const age = await partner.createAgeToken({ min_age: 18, confidence_threshold: 70, buffer: 2 });
  return { kyb: kyb.tokenString, age: age.token };
}

/** Page-side helpers, prepended to the flows' page code. */
const H = `
  const root = (tag) => document.querySelector(tag) && document.querySelector(tag).shadowRoot;
  const text = (n) => (n && n.textContent || '').replace(/\\(required\\)|\\*/g, '').replace(/\\s+/g, ' ').trim();
  const byLabel = (tag, label) => {
    const r = root(tag);
    const l = r && [...r.querySelectorAll('label')].find((x) => text(x) === label);
    return l ? r.getElementById(l.htmlFor) : null;
  };
  const button = (tag, re) => {
    const r = root(tag);
    return r ? [...r.querySelectorAll('button')].find((b) => re.test(text(b))) : undefined;
  };
`;

export async function mount(
  p: EnginePage,
  tag: 'kyb-form' | 'age-check',
  token: string,
  attrs: Record<string, string> = {},
) {
  await p.run(
    `const [tag, token, attrs] = arguments;
     const el = document.createElement(tag);
     el.setAttribute('api-base', '/sandbox');
     el.setAttribute('token', token);
     if (tag === 'age-check') el.setAttribute('redirect', 'none');
     for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
     document.getElementById(tag === 'kyb-form' ? 'kyb' : 'age').append(el);`,
    tag,
    token,
    attrs,
  );
}

export interface Styled {
  /** The kyb-form's primary button background (the default theme: rgb(29, 78, 216)). */
  kybButton: string;
  /** The age-check's start button background. */
  ageButton: string;
  /** <style> elements in the shadow roots (the fallback), and how many carry a nonce. */
  styleElements: number;
  styleNonces: number;
  adopted: boolean;
}

/** Waits for both first screens and reads how they are styled. */
export async function firstScreens(p: EnginePage): Promise<Styled> {
  await waitIn(p, `${H} return !!byLabel('kyb-form', 'Company name');`, '<kyb-form> company step');
  await waitIn(p, `${H} return !!button('age-check', /agree and start/i);`, '<age-check> consent');
  return p.run<Styled>(`${H}
    const kb = root('kyb-form').querySelector('[part~="button-next"]') || button('kyb-form', /continue/i);
    const styles = [...root('kyb-form').querySelectorAll('style'), ...root('age-check').querySelectorAll('style')];
    return {
      kybButton: kb ? getComputedStyle(kb).backgroundColor : 'none',
      ageButton: getComputedStyle(button('age-check', /agree and start/i)).backgroundColor,
      styleElements: styles.length,
      styleNonces: styles.filter((s) => s.nonce || s.getAttribute('nonce')).length,
      adopted: 'adoptedStyleSheets' in Document.prototype,
    };`);
}

/** <kyb-form>: company name and country, saved, then Continue opens the next step. */
export async function kybFlow(p: EnginePage, name: string) {
  await p.run(
    `${H}
     const input = byLabel('kyb-form', 'Company name');
     input.focus();
     input.value = arguments[0];
     input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
     const country = byLabel('kyb-form', 'Country of registration');
     country.value = 'LT';
     country.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
     input.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));`,
    name,
  );
  await waitIn(
    p,
    `${H} return /saved/i.test(text(root('kyb-form').querySelector('[part~="save-status"]')));`,
    '<kyb-form> saved',
  );
  const before = await p.run<string>(`return document.querySelector('kyb-form').step;`);
  await p.run(`${H} button('kyb-form', /^continue$/i).click();`);
  await waitIn(
    p,
    `${H} return document.querySelector('kyb-form').step !== arguments[0] && !!root('kyb-form').querySelector('[part~="step-heading"]');`.replace(
      'arguments[0]',
      JSON.stringify(before),
    ),
    '<kyb-form> next step',
  );
}

/** <age-check>: consent, photo with the engine's fake camera, outcome. Returns the outcome. */
export async function ageFlow(p: EnginePage): Promise<string> {
  await p.run(`${H} button('age-check', /agree and start/i).click();`);
  await waitIn(
    p,
    `${H} const b = button('age-check', /^take photo$/i); return !!b && !b.disabled;`,
    'camera',
  );
  await p.run(`${H} button('age-check', /^take photo$/i).click();`);
  // A look at the photo first: it is sent on "Use this photo".
  await waitIn(p, `${H} return !!button('age-check', /^use this photo$/i);`, 'photo review');
  await p.run(`${H} button('age-check', /^use this photo$/i).click();`);
  return waitIn<string>(
    p,
    `${H} const o = root('age-check').querySelector('[part="outcome"]'); return o && o.getAttribute('data-outcome');`,
    '<age-check> outcome',
    40000,
  );
}

export const violations = (p: EnginePage) => p.run<string[]>('return window.__violations || [];');
