/**
 * The checks of the accessibility suite (issue 25), one state at a time, for what machines can check:
 *  - axe-core with the WCAG 2.0/2.1/2.2 A and AA tags, inside the shadow roots;
 *  - reflow (1.4.10): at 320x256 CSS px nothing scrolls sideways and nothing inside sticks out;
 *  - 200 % text (1.4.4): the element's base size doubled (`--kyb-font-size` / `--age-check-font-size`,
 *    as a browser's default font size of 32 px does): nothing sticks out, no clipping box cuts text;
 *  - text spacing (1.4.12): with the WCAG spacing no clipping box cuts text;
 *  - target size (2.5.8): every control at least 24x24 CSS px, or a 24 px circle around it clear of others;
 *  - focus visible (2.4.7, 2.4.11): every Tab stop inside the element shows an outline or a ring, and is
 *    not hidden behind something else (its centre is the element hit there);
 *  - forced colours (1.4.11 with Windows contrast themes): every Tab stop still shows an outline (box
 *    shadows are dropped in forced colours), and every control keeps a visible border or is text;
 *  - reduced motion (2.3.3): with `prefers-reduced-motion: reduce` no animation or transition runs;
 *  - live regions (4.1.3): what is announced while the state settles and for 2 s after (LiveLog): no
 *    assertive region unless the state is an error, nothing said twice on a timer.
 * Each state's row goes to bench/results/a11y-suite.md (test/support/a11y-plugin.mjs).
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import 'axe-core';
import type { LiveLog } from './a11y-live.ts';

interface AxeRun {
  run(
    context: Element,
    options: { runOnly: { type: 'tag'; values: string[] }; resultTypes: string[] },
  ): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
}
const axe = () => (globalThis as unknown as { axe: AxeRun }).axe;

export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const VIEWPORT = { width: 800, height: 600 };
const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function axeViolations(el: Element): Promise<string[]> {
  const r = await axe().run(el, { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] });
  return r.violations.map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

const visible = (e: Element) => {
  const r = e.getBoundingClientRect();
  const s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
};

/** Every element inside `el`'s shadow root (and nested shadow roots). */
export function all(el: HTMLElement): Element[] {
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

const hiddenText = (e: Element) => !!e.closest('.visually-hidden');

/** Horizontal overflow inside the element: boxes wider than the element, or the page scrolling sideways. */
export function sidewaysProblems(el: HTMLElement): string[] {
  const host = el.getBoundingClientRect();
  const out: string[] = [];
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)
    out.push(`the page scrolls sideways (${document.documentElement.scrollWidth}px)`);
  for (const e of all(el)) {
    if (!visible(e) || hiddenText(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.right > host.right + 1 || r.left < host.left - 1)
      out.push(
        `${e.tagName.toLowerCase()}.${e.className} sticks out (${Math.round(r.left)}..${Math.round(r.right)})`,
      );
  }
  return out;
}

/** Text cut by a clipping box (overflow hidden/clip) that is not meant to hide it. */
export function clippedText(el: HTMLElement): string[] {
  const out: string[] = [];
  for (const e of all(el)) {
    if (!(e instanceof HTMLElement) || !visible(e) || hiddenText(e)) continue;
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

export const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;

/** Adds `css` to the element's shadow root (and the page); returns the undo. */
export function withSheet(el: HTMLElement, css: string): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  const r = el.shadowRoot!;
  const before = r.adoptedStyleSheets;
  r.adoptedStyleSheets = [...before, sheet];
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  return () => {
    if (r.adoptedStyleSheets.includes(sheet))
      r.adoptedStyleSheets = r.adoptedStyleSheets.filter((s) => s !== sheet);
    style.remove();
  };
}

const TARGETS = 'button, a[href], input:not([type="hidden"]), select, textarea, summary, [tabindex="0"]';

/** Controls under 24x24 whose 24 px circle meets another control (2.5.8; inline links in text exempt). */
export function smallTargets(el: HTMLElement): string[] {
  const targets = all(el).filter((e) => e.matches(TARGETS) && visible(e) && !e.matches('[readonly]'));
  const rects = targets.map((e) => e.getBoundingClientRect());
  const out: string[] = [];
  targets.forEach((e, i) => {
    const r = rects[i]!;
    if (r.width >= 24 - 0.5 && r.height >= 24 - 0.5) return;
    if (e.matches('a') && e.parentElement?.matches('p, li, span')) return; // inline, in a sentence
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
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

/** Whether `a` is in `el`'s shadow tree (or a shadow tree nested in it). */
function inside(el: HTMLElement, a: Element): boolean {
  let n: Node = a;
  for (;;) {
    const r = n.getRootNode();
    if (!(r instanceof ShadowRoot)) return false;
    if (r.host === el) return true;
    n = r.host;
  }
}

export const deepActive = (): Element | null => {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
};

const describe = (a: Element) =>
  `${a.tagName.toLowerCase()}#${a.id} "${(a.textContent ?? '').trim().slice(0, 30)}"`;

/**
 * Tabs through the element (between the page's #a11y-before and #a11y-after buttons): every stop inside
 * must show a focus indicator (with `outlineOnly`, an outline: forced colours drop box shadows) and be
 * the element found at its own centre once scrolled into view (not covered). Returns the stops.
 */
export async function tabStops(
  el: HTMLElement,
  outlineOnly = false,
): Promise<{ stops: number; unseen: string[] }> {
  document.getElementById('a11y-before')!.focus();
  const unseen: string[] = [];
  let stops = 0;
  for (let i = 0; i < 120; i++) {
    await sendKeys({ press: 'Tab' });
    const a = deepActive();
    if (!a || !inside(el, a)) {
      if (a?.id === 'a11y-after' || i > 0) break;
      continue;
    }
    stops++;
    // A frame (hosted mode) holds the service's own page: its focus styles are the service's.
    if (a instanceof HTMLIFrameElement) continue;
    // The drop zone's input is transparent: its zone shows the ring (:focus-within).
    // The country picker's text box is inside its box, which shows the ring (:focus-within) too.
    const shown = a.matches('.upload-input')
      ? a.closest('[part~="upload-dropzone"]')!
      : (a.closest('[part~="country-multi-box"]') ?? a);
    const s = getComputedStyle(shown);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
    const ring = !outlineOnly && s.boxShadow !== 'none' && s.boxShadow !== '';
    if (!outline && !ring) unseen.push(`${describe(a)} shows no ${outlineOnly ? 'outline' : 'indicator'}`);
  }
  return { stops, unseen };
}

/** In forced colours: controls (buttons, inputs, selects) whose box has no visible border nor outline. */
function borderless(el: HTMLElement): string[] {
  const out: string[] = [];
  for (const e of all(el)) {
    if (!e.matches('button, input:not([type="hidden"]):not([type="file"]), select, textarea') || !visible(e))
      continue;
    if (
      e.matches('.upload-input, [part~="country-multi-input"], input[type="checkbox"], input[type="radio"]')
    )
      continue; // drawn by the system, or inside a bordered box
    const s = getComputedStyle(e);
    const border = ['Top', 'Right', 'Bottom', 'Left'].some(
      (side) =>
        s.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' &&
        parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) >= 1,
    );
    const link = e.matches('button') && s.textDecorationLine.includes('underline');
    if (!border && !link) out.push(`${describe(e)} has no border in forced colours`);
  }
  return out;
}

/** Animations or transitions that run with reduced motion asked for. */
function moving(el: HTMLElement): string[] {
  const out: string[] = [];
  for (const e of all(el)) {
    if (!visible(e)) continue;
    const s = getComputedStyle(e);
    const anim = s.animationName !== 'none' && parseFloat(s.animationDuration) > 0.01;
    const trans =
      s.transitionDuration.split(',').some((d) => parseFloat(d) > 0.01) && s.transitionProperty !== 'none';
    if (anim || trans)
      out.push(`${e.tagName.toLowerCase()}.${e.className}: ${anim ? s.animationName : s.transitionProperty}`);
  }
  for (const a of el.shadowRoot!.getAnimations())
    if (a.playState === 'running')
      out.push(`a running animation (${(a as CSSAnimation).animationName ?? 'script'})`);
  return out;
}

async function media(features: {
  forcedColors?: 'active' | 'none';
  reducedMotion?: 'reduce' | 'no-preference';
}) {
  await executeServerCommand('a11y-media', features);
  await frame();
}

export interface StateReport {
  element: string;
  state: string;
  axe: string[];
  reflow: string[];
  text200: string[];
  spacing: string[];
  targets: string[];
  focus: string[];
  stops: number;
  forced: string[];
  motion: string[];
  /** What was announced while the state settled (LiveLog), and the problems with it. */
  said: string[];
  live: string[];
}

export interface CheckOptions {
  element: 'kyb-form' | 'age-check';
  /** The log of the element since before the state was reached (what it announced on the way). */
  log: LiveLog;
  /** The log's mark where this state began. */
  from: number;
  /** An error state: one assertive announcement (its alert) is right. */
  error?: boolean;
}

export const reports: StateReport[] = [];

/** Checks one state of `el` (see the top of this file). */
export async function check(state: string, el: HTMLElement, o: CheckOptions): Promise<StateReport> {
  await (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
  // Live regions: what the state said as it came, then 2 s of nothing new (no timer repeats).
  const settled = o.log.now;
  await sleep(2000);
  const said = o.log.since(o.from).filter((e) => e.kind !== 'focus');
  const live: string[] = [];
  const assertive = said.filter((e) => e.kind === 'assertive');
  if (assertive.length > (o.error ? 1 : 0))
    live.push(`${assertive.length} assertive: ${assertive.map((e) => e.text).join(' / ')}`);
  const late = o.log.since(settled).filter((e) => e.kind !== 'focus');
  if (late.length > 0) live.push(`said again while idle: ${late.map((e) => e.text).join(' / ')}`);
  const texts = said.map((e) => e.text);
  const twice = texts.filter((t, i) => texts.indexOf(t) !== i);
  if (twice.length) live.push(`said twice: ${[...new Set(twice)].join(' / ')}`);

  const report: StateReport = {
    element: o.element,
    state,
    axe: await axeViolations(el),
    reflow: [],
    text200: [],
    spacing: [],
    targets: smallTargets(el),
    focus: [],
    stops: 0,
    forced: [],
    motion: [],
    said: texts,
    live,
  };
  const undo = withSheet(el, TEXT_SPACING);
  try {
    await frame();
    report.spacing = clippedText(el);
  } finally {
    undo();
  }
  const size = o.element === 'kyb-form' ? '--kyb-font-size' : '--age-check-font-size';
  el.style.setProperty(size, '32px');
  try {
    await frame();
    report.text200 = [...sidewaysProblems(el), ...clippedText(el)];
  } finally {
    el.style.removeProperty(size);
  }
  const { stops, unseen } = await tabStops(el);
  report.stops = stops;
  report.focus = unseen;
  await media({ forcedColors: 'active' });
  try {
    const forced = await tabStops(el, true);
    report.forced = [...forced.unseen, ...borderless(el)];
  } finally {
    await media({ forcedColors: 'none' });
  }
  await media({ reducedMotion: 'reduce' });
  try {
    await sleep(50);
    report.motion = moving(el);
  } finally {
    await media({ reducedMotion: 'no-preference' });
  }
  await setViewport({ width: 320, height: 256 });
  try {
    await sleep(100);
    report.reflow = sidewaysProblems(el);
    if (window.innerWidth !== 320) report.reflow.push(`the viewport is ${window.innerWidth}px, not 320px`);
  } finally {
    await setViewport(VIEWPORT);
  }
  reports.push(report);
  return report;
}

/** `controls: false`: a screen with nothing to operate (a final outcome, an error without a way on). */
export function expectClean(r: StateReport, controls = true): void {
  const problems = {
    axe: r.axe,
    reflow: r.reflow,
    text200: r.text200,
    spacing: r.spacing,
    targets: r.targets,
    focus: r.focus,
    forced: r.forced,
    motion: r.motion,
    live: r.live,
  };
  expect({ state: r.state, ...problems }).to.deep.equal({
    state: r.state,
    ...Object.fromEntries(Object.keys(problems).map((k) => [k, []])),
  });
  if (controls) expect(r.stops, `${r.state}: Tab stops`).to.be.greaterThan(0);
}

const n = (a: string[]) => a.length;

/** Writes this file's rows to bench/results/a11y-suite.md (the group: the test file's name). */
export async function writeTable(group: string): Promise<void> {
  const rows = reports.map((r) => ({
    element: `\`<${r.element}>\``,
    state: r.state,
    axe: n(r.axe),
    reflow: n(r.reflow),
    text200: n(r.text200),
    spacing: n(r.spacing),
    targets: n(r.targets),
    focus: n(r.focus),
    stops: r.stops,
    forced: n(r.forced),
    motion: n(r.motion),
    live: r.said.length
      ? r.said.map((t) => (t.length > 60 ? `${t.slice(0, 57)}…` : t)).join(' → ')
      : '(nothing)',
    failures:
      n(r.axe) +
      n(r.reflow) +
      n(r.text200) +
      n(r.spacing) +
      n(r.targets) +
      n(r.focus) +
      n(r.forced) +
      n(r.motion) +
      n(r.live),
  }));
  await executeServerCommand('a11y-report', { group, rows });
}
