/**
 * The accessibility suite (issue 25, started): the main states of both elements in Chromium, each checked
 * for what machines can check:
 *  - axe-core with the WCAG 2.0/2.1/2.2 A and AA tags, inside the shadow roots;
 *  - reflow (1.4.10): at 320x256 CSS px nothing scrolls sideways and nothing inside overflows its box;
 *  - text spacing (1.4.12): with the WCAG spacing (line 1.5, paragraphs 2, letters 0.12, words 0.16 em)
 *    no clipping box cuts text;
 *  - target size (2.5.8): every control at least 24x24 CSS px, or a 24 px circle around it clear of others;
 *  - focus visible (2.4.7): every Tab stop inside the element shows an outline or a box-shadow ring.
 * The states: <kyb-form>'s company step (empty, then with the error summary), <age-check>'s consent,
 * live camera, photo-file fallback and outcome with a redirect.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import 'axe-core';
import { DEMO_FLOW, DEMO_THEME } from '../../src/sandbox/fixtures.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { AgeCheckProbe, ageSession, findButton, shadow, waitForState } from './age-helpers.ts';
import { ready, root, setup } from './kyb-form-helpers.ts';

interface AxeRun {
  run(
    context: Element,
    options: { runOnly: { type: 'tag'; values: string[] }; resultTypes: string[] },
  ): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
}
const axe = () => (globalThis as unknown as { axe: AxeRun }).axe;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const VIEWPORT = { width: 800, height: 600 };

/** The element between two page buttons, so Tab walks into it and out of it. */
async function place<T extends HTMLElement>(inner: ReturnType<typeof html>): Promise<T> {
  const wrap = await fixture<HTMLDivElement>(
    html`<div>
      <button id="a11y-before">Before</button>
      ${inner}
      <button id="a11y-after">After</button>
    </div>`,
  );
  return wrap.children[1] as T;
}

async function axeViolations(el: Element): Promise<string[]> {
  const r = await axe().run(el, { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] });
  return r.violations.map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

const visible = (e: Element) => {
  const r = e.getBoundingClientRect();
  const s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
};

/** Every element inside `el`'s shadow root (and nested shadow roots). */
function all(el: HTMLElement): Element[] {
  const out: Element[] = [];
  const walk = (r: ShadowRoot | Element) => {
    for (const c of r.querySelectorAll('*')) {
      out.push(c);
      if (c.shadowRoot) walk(c.shadowRoot);
    }
  };
  walk(el.shadowRoot!);
  return out;
}

/** Horizontal overflow inside the element: boxes wider than the element, or clipped sideways. */
function sidewaysProblems(el: HTMLElement): string[] {
  const host = el.getBoundingClientRect();
  const out: string[] = [];
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)
    out.push(`the page scrolls sideways (${document.documentElement.scrollWidth}px)`);
  for (const e of all(el)) {
    if (!visible(e) || e.closest('.visually-hidden') || e.matches('.visually-hidden')) continue;
    const r = e.getBoundingClientRect();
    if (r.right > host.right + 1 || r.left < host.left - 1)
      out.push(
        `${e.tagName.toLowerCase()}.${e.className} sticks out (${Math.round(r.left)}..${Math.round(r.right)})`,
      );
  }
  return out;
}

/** Text cut by a clipping box (overflow hidden/clip) that is not meant to hide it. */
function clippedText(el: HTMLElement): string[] {
  const out: string[] = [];
  for (const e of all(el)) {
    if (!(e instanceof HTMLElement) || !visible(e) || e.closest('.visually-hidden')) continue;
    const s = getComputedStyle(e);
    const clips = /hidden|clip/.test(s.overflowX + s.overflowY);
    if (!clips || !(e.textContent ?? '').trim()) continue;
    if (e.scrollHeight > e.clientHeight + 2 || e.scrollWidth > e.clientWidth + 2)
      out.push(
        `${e.tagName.toLowerCase()}.${e.className}: ${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`,
      );
  }
  return out;
}

const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;

function withTextSpacing(el: HTMLElement): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(TEXT_SPACING);
  const r = el.shadowRoot!;
  const before = r.adoptedStyleSheets;
  r.adoptedStyleSheets = [...before, sheet];
  const style = document.createElement('style');
  style.textContent = TEXT_SPACING;
  document.head.append(style);
  return () => {
    r.adoptedStyleSheets = before;
    style.remove();
  };
}

const TARGETS = 'button, a[href], input:not([type="hidden"]), select, textarea, summary, [tabindex="0"]';

/** Controls under 24x24 whose 24 px circle meets another control (2.5.8; inline links in text exempt). */
function smallTargets(el: HTMLElement): string[] {
  const targets = all(el).filter((e) => e.matches(TARGETS) && visible(e) && !e.matches('[readonly]'));
  const rects = targets.map((e) => e.getBoundingClientRect());
  const out: string[] = [];
  targets.forEach((e, i) => {
    const r = rects[i]!;
    if (r.width >= 24 - 0.5 && r.height >= 24 - 0.5) return;
    if (e.matches('a') && e.parentElement?.matches('p, li, span')) return; // inline, in a sentence
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    // The 24 px circle around it must not meet another target, nor another small target's circle.
    const meets = rects.some((o, j) => {
      if (j === i) return false;
      const small = o.width < 24 - 0.5 || o.height < 24 - 0.5;
      if (small) return Math.hypot(o.left + o.width / 2 - cx, o.top + o.height / 2 - cy) < 24;
      const dx = Math.max(o.left - cx, 0, cx - o.right);
      const dy = Math.max(o.top - cy, 0, cy - o.bottom);
      return Math.hypot(dx, dy) < 12;
    });
    if (meets) out.push(`${e.tagName.toLowerCase()}#${e.id} ${Math.round(r.width)}x${Math.round(r.height)}`);
  });
  return out;
}

const deepActive = (): Element | null => {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
};

/** Tabs through the element: every stop inside must show a focus indicator. Returns the stops. */
async function tabStops(el: HTMLElement): Promise<{ stops: number; unseen: string[] }> {
  document.getElementById('a11y-before')!.focus();
  const unseen: string[] = [];
  let stops = 0;
  for (let i = 0; i < 80; i++) {
    await sendKeys({ press: 'Tab' });
    const a = deepActive();
    if (!a || !el.shadowRoot!.contains(a)) {
      if (a?.id === 'a11y-after' || i > 0) break;
      continue;
    }
    stops++;
    // The drop zone's input is transparent: its zone shows the ring (:focus-within).
    const shown = a.matches('.upload-input') ? a.closest('[part~="upload-dropzone"]')! : a;
    const s = getComputedStyle(shown);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
    const ring = s.boxShadow !== 'none' && s.boxShadow !== '';
    if (!outline && !ring)
      unseen.push(`${a.tagName.toLowerCase()}#${a.id} "${(a.textContent ?? '').trim().slice(0, 30)}"`);
  }
  return { stops, unseen };
}

interface StateReport {
  state: string;
  axe: string[];
  reflow: string[];
  spacing: string[];
  targets: string[];
  focus: string[];
  stops: number;
}
const reports: StateReport[] = [];

async function check(state: string, el: HTMLElement): Promise<StateReport> {
  await (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
  const report: StateReport = {
    state,
    axe: await axeViolations(el),
    reflow: [],
    spacing: [],
    targets: [],
    focus: [],
    stops: 0,
  };
  report.targets = smallTargets(el);
  const undo = withTextSpacing(el);
  try {
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    report.spacing = clippedText(el);
  } finally {
    undo();
  }
  const { stops, unseen } = await tabStops(el);
  report.stops = stops;
  report.focus = unseen;
  await setViewport({ width: 320, height: 256 });
  try {
    await new Promise((r) => setTimeout(r, 100));
    report.reflow = sidewaysProblems(el);
    if (window.innerWidth !== 320) report.reflow.push(`the viewport is ${window.innerWidth}px, not 320px`);
  } finally {
    await setViewport(VIEWPORT);
  }
  reports.push(report);
  return report;
}

function expectClean(r: StateReport) {
  expect({
    state: r.state,
    axe: r.axe,
    reflow: r.reflow,
    spacing: r.spacing,
    targets: r.targets,
    focus: r.focus,
  }).to.deep.equal({
    state: r.state,
    axe: [],
    reflow: [],
    spacing: [],
    targets: [],
    focus: [],
  });
  expect(r.stops, `${r.state}: Tab stops`).to.be.greaterThan(0);
}

describe('accessibility suite (Chromium)', function () {
  this.timeout(60000);
  before(async () => setViewport(VIEWPORT));
  after(() => {
    // The per-state table for the conformance report.
    console.log(
      ['state | axe | reflow 320x256 | text spacing | target size | focus visible | Tab stops']
        .concat(
          reports.map((r) =>
            [
              r.state,
              r.axe.length,
              r.reflow.length,
              r.spacing.length,
              r.targets.length,
              r.focus.length,
              r.stops,
            ].join(' | '),
          ),
        )
        .join('\n'),
    );
  });

  it('<kyb-form> company step, empty and after Continue with errors', async () => {
    const s = await setup({
      kyb: { info: { locale: 'en', theme: DEMO_THEME, flow: DEMO_FLOW }, questionnaires: [] },
    });
    const el = await place<KybFormElement>(html`<kyb-form .token=${s.token} api-base="/sandbox"></kyb-form>`);
    await ready(el);
    expectClean(await check('kyb company step', el));
    const cont = [...root(el).querySelectorAll('button')].find((b) =>
      /^Continue$/.test(b.textContent!.trim()),
    )!;
    cont.click();
    await waitUntil(
      () => root(el).querySelector('[part~="error-summary"], .error-summary'),
      'the error summary',
      { timeout: 10000 },
    );
    expectClean(await check('kyb company errors', el));
  });

  it('<age-check> consent, live camera, outcome with a redirect', async () => {
    const { token } = await ageSession(
      { success_redirect: 'https://shop.example/ok' },
      { estimates: [{ age: 35, confidence: 95 }] },
    );
    const el = await place<AgeCheckProbe>(
      html`<age-check-probe token=${token} api-base="/sandbox"></age-check-probe>`,
    );
    await waitForState(el, 'consent');
    expectClean(await check('age consent', el));
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    expectClean(await check('age camera', el));
    findButton(el, /take photo/i).click();
    await waitForState(el, 'selfie-review');
    expectClean(await check('age photo review', el));
    findButton(el, /use this photo/i).click();
    await waitForState(el, 'done');
    await waitUntil(() => shadow(el).querySelector('[part="redirect-link"]'), 'the Continue link');
    expectClean(await check('age outcome', el));
  });

  it('<age-check> photo-file fallback (camera refused)', async () => {
    const { token } = await ageSession();
    const gum = navigator.mediaDevices.getUserMedia;
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('', 'NotAllowedError'));
    try {
      const el = await place<AgeCheckProbe>(
        html`<age-check-probe token=${token} api-base="/sandbox"></age-check-probe>`,
      );
      await waitForState(el, 'consent');
      findButton(el, /agree/i).click();
      await waitForState(el, 'fallback');
      await waitUntil(() => shadow(el).querySelector('[part="qr"] svg'), 'the QR code');
      expectClean(await check('age fallback', el));
    } finally {
      navigator.mediaDevices.getUserMedia = gum;
    }
  });

  it('the checks can fail: planted faults are each found', async () => {
    const { token } = await ageSession();
    const el = await place<AgeCheckProbe>(
      html`<age-check-probe token=${token} api-base="/sandbox"></age-check-probe>`,
    );
    await waitForState(el, 'consent');
    // The screens after consent download while the person reads, and their styles then replace the shadow
    // root's sheet list: plant the faults after that, or they vanish between two checks.
    const own = (customElements.get('age-check-probe') as unknown as { elementStyles: unknown[] })
      .elementStyles.length;
    await waitUntil(() => shadow(el).adoptedStyleSheets.length > own, "the later screens' styles", {
      timeout: 10000,
    });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`button:focus-visible { outline: none !important; box-shadow: none !important; }
      .wide { flex: none; min-width: 700px; } .tiny { all: unset; display: inline-block; width: 10px; height: 10px; }
      .clip { display: block; height: 1em; overflow: hidden; }`);
    const r = shadow(el);
    r.adoptedStyleSheets = [...r.adoptedStyleSheets, sheet];
    const box = r.querySelector('.actions')!;
    box.insertAdjacentHTML(
      'beforeend',
      '<div class="wide">wide</div><button class="tiny" aria-label="a"></button><button class="tiny" aria-label="b"></button>' +
        '<p class="clip">A sentence long enough to wrap onto several lines once the text spacing is applied to it in a narrow box.</p>' +
        '<img src="data:," />',
    );
    const report = await check('planted faults', el);
    reports.pop();
    expect(report.axe.some((v) => v.startsWith('image-alt'))).to.equal(true);
    expect(report.reflow.length).to.be.greaterThan(0);
    expect(report.targets.length).to.be.at.least(2);
    expect(report.focus.length).to.be.at.least(1);
    expect(report.spacing.length).to.be.at.least(1);
  });
});
