/**
 * The theming contract of both elements:
 * - every `@cssproperty` documented in the element's JSDoc changes what it says it changes (the list is
 *   read from the source, so a documented property without an effect, or without a check here, fails);
 * - page-level custom properties win over the service theme (`<kyb-form>`);
 * - the default colour pairs have a contrast ratio of at least 4.5:1;
 * - each stylesheet turns animations and transitions off under `prefers-reduced-motion: reduce`.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../../src/kyb-form/define.ts';
import '../../src/age-check/define.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import type { AgeCheckElement } from '../../src/age-check/age-check.ts';
import { DEMO_KYB_INFO } from '../../src/sandbox/fixtures.ts';
import { ready, root, setup } from './kyb-form-helpers.ts';
import { newAgeToken } from './age-helpers.ts';

/** `@cssproperty` names documented in an element's source (served as text by the test server). */
async function documentedProperties(path: string): Promise<string[]> {
  // The raw source from the test server (the dev server's TypeScript transform drops comments).
  const res = await fetch(`/__test/source${path}`);
  const text = await res.text();
  const names = [...text.matchAll(/@cssproperty\s+\[?(--[\w-]+)/g)].map((m) => m[1]!);
  expect(names.length, `@cssproperty lines in ${path}`).to.be.greaterThan(10);
  return [...new Set(names)];
}

type Css =
  | 'color'
  | 'backgroundColor'
  | 'borderTopColor'
  | 'accentColor'
  | 'fill'
  | 'fontFamily'
  | 'fontSize'
  | 'borderTopLeftRadius'
  | 'paddingTop'
  | 'boxShadow'
  | 'maxWidth'
  | 'rowGap'
  | 'scrollMarginTop';

interface Check {
  /** A node of the element (found or added with the element's own classes) that uses the property. */
  node: (r: ShadowRoot, host: HTMLElement) => Element;
  css: Css;
  value: string;
  /** The computed value expected (default: `value`). */
  expected?: string | ((before: string) => string);
  /** Brings the node into the state the property is for (hover, focus). */
  before?: (node: Element) => Promise<void>;
  after?: () => Promise<void>;
}

/** Adds `markup`'s first element to the element's themed wrapper (same stylesheet, same classes). */
function probe(r: ShadowRoot, markup: string, inside = '.root'): Element {
  const host = r.querySelector(inside)!;
  const t = document.createElement('template');
  t.innerHTML = markup;
  const node = t.content.firstElementChild!;
  node.setAttribute('data-probe', '');
  host.append(node);
  return node.querySelector('[data-target]') ?? node;
}

async function hover(node: Element) {
  node.scrollIntoView({ block: 'center' });
  const box = node.getBoundingClientRect();
  await sendMouse({
    type: 'move',
    position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
  });
}
async function keyboardFocus(node: Element) {
  (node as HTMLElement).focus({ focusVisible: true } as FocusOptions);
}

const c = (n: number) => `rgb(${n}, ${n + 7}, ${n + 13})`;
const FONT = 'Courier New, monospace';
const FONT_EXPECTED = /Courier New/;

const KYB_CHECKS: Record<string, Check> = {
  '--kyb-color-primary': {
    node: (r) => r.querySelector('[part~="button-next"]')!,
    css: 'backgroundColor',
    value: c(11),
  },
  '--kyb-color-on-primary': {
    node: (r) => r.querySelector('[part~="button-next"]')!,
    css: 'color',
    value: c(12),
  },
  '--kyb-color-primary-hover': {
    node: (r) => r.querySelector('[part~="button-next"]')!,
    css: 'backgroundColor',
    value: c(13),
    before: hover,
    after: resetMouse,
  },
  '--kyb-color-secondary': {
    node: (r) => probe(r, '<progress max="100" value="40"></progress>'),
    css: 'accentColor',
    value: c(14),
  },
  '--kyb-color-background': {
    node: (r) => r.querySelector('[part~="root"]')!,
    css: 'backgroundColor',
    value: c(15),
  },
  '--kyb-color-surface': {
    node: (r) => probe(r, '<div class="card surface">x</div>'),
    css: 'backgroundColor',
    value: c(16),
  },
  '--kyb-color-text': { node: (r) => r.querySelector('[part~="root"]')!, css: 'color', value: c(17) },
  '--kyb-color-text-muted': {
    // The "Fields marked with * are required." hint (the progress shows once the form exists).
    node: (r) => r.querySelector('[part~="company"] .hint')!,
    css: 'color',
    value: c(18),
  },
  // A focused control scrolls into view below a partner's sticky header.
  '--kyb-scroll-margin-top': {
    node: (r) => r.querySelector('input[name="companyName"]')!,
    css: 'scrollMarginTop',
    value: '73px',
  },
  '--kyb-color-border': {
    node: (r) => r.querySelector('input[name="companyName"]')!,
    css: 'borderTopColor',
    value: c(19),
  },
  '--kyb-color-success': {
    node: (r) => probe(r, '<p class="save-status saved">x</p>'),
    css: 'color',
    value: c(20),
  },
  '--kyb-color-success-background': {
    node: (r) => probe(r, '<div class="status success">x</div>'),
    css: 'backgroundColor',
    value: c(21),
  },
  '--kyb-color-error': { node: (r) => probe(r, '<p class="field-error">x</p>'), css: 'color', value: c(22) },
  '--kyb-color-error-background': {
    node: (r) => probe(r, '<div class="status error">x</div>'),
    css: 'backgroundColor',
    value: c(23),
  },
  '--kyb-color-warning': {
    node: (r) => probe(r, '<div class="status warning">x</div>'),
    css: 'borderTopColor',
    value: c(24),
  },
  '--kyb-color-warning-background': {
    node: (r) => probe(r, '<div class="status warning">x</div>'),
    css: 'backgroundColor',
    value: c(25),
  },
  '--kyb-color-info': {
    node: (r) => probe(r, '<div class="status info">x</div>'),
    css: 'borderTopColor',
    value: c(26),
  },
  '--kyb-color-info-background': {
    node: (r) => probe(r, '<div class="status info">x</div>'),
    css: 'backgroundColor',
    value: c(27),
  },
  '--kyb-color-disabled': {
    node: (r) => probe(r, '<button class="btn btn-primary" disabled>x</button>'),
    css: 'backgroundColor',
    value: c(28),
  },
  '--kyb-color-disabled-text': {
    node: (r) => probe(r, '<button class="btn btn-primary" disabled>x</button>'),
    css: 'color',
    value: c(29),
  },
  '--kyb-color-disabled-icon': {
    node: (r) =>
      probe(
        r,
        '<button class="btn btn-primary" disabled><svg data-target viewBox="0 0 1 1"><rect width="1" height="1"></rect></svg>x</button>',
      ),
    css: 'fill',
    value: c(30),
  },
  '--kyb-font-family': {
    node: (r) => r.querySelector('input[name="companyName"]')!,
    css: 'fontFamily',
    value: FONT,
    expected: 'regex',
  },
  '--kyb-font-size': { node: (r) => r.querySelector('[part~="root"]')!, css: 'fontSize', value: '23px' },
  '--kyb-radius': {
    node: (r) => r.querySelector('[part~="button-next"]')!,
    css: 'borderTopLeftRadius',
    value: '13px',
  },
  '--kyb-space': {
    node: (r) => r.querySelector('[part~="root"]')!,
    css: 'paddingTop',
    value: '32px',
    // The padding is a multiple of --kyb-space (default 1rem = 16px).
    expected: (before) => `${(parseFloat(before) / 16) * 32}px`,
  },
  '--kyb-focus-ring': {
    node: (r) => r.querySelector('input[name="companyName"]')!,
    css: 'boxShadow',
    value: `0 0 0 7px ${c(31)}`,
    expected: `${c(31)} 0px 0px 0px 7px`,
    before: keyboardFocus,
  },
  '--kyb-max-width': { node: (r) => r.querySelector('[part~="root"]')!, css: 'maxWidth', value: '333px' },
};

const AGE_CHECKS: Record<string, Check> = {
  '--age-check-color-primary': {
    node: (r) => r.querySelector('[part~="start-button"]')!,
    css: 'backgroundColor',
    value: c(41),
  },
  '--age-check-color-on-primary': {
    node: (r) => r.querySelector('[part~="start-button"]')!,
    css: 'color',
    value: c(42),
  },
  '--age-check-color-background': {
    node: (r) => r.querySelector('[part~="root"]')!,
    css: 'backgroundColor',
    value: c(43),
  },
  '--age-check-color-surface': {
    node: (r) => probe(r, '<div class="outcome">x</div>'),
    css: 'backgroundColor',
    value: c(44),
  },
  '--age-check-color-text': {
    node: (r) => r.querySelector('[part~="heading"]')!,
    css: 'color',
    value: c(45),
  },
  '--age-check-color-text-muted': {
    node: (r) => probe(r, '<p class="muted">x</p>'),
    css: 'color',
    value: c(46),
  },
  '--age-check-color-border': {
    node: (r) => r.querySelector('[part~="root"]')!,
    css: 'borderTopColor',
    value: c(47),
  },
  '--age-check-color-success': {
    node: (r) => probe(r, '<div class="outcome success">x</div>'),
    css: 'borderTopColor',
    value: c(48),
  },
  '--age-check-color-error': {
    node: (r) => probe(r, '<p class="error-text">x</p>'),
    css: 'color',
    value: c(49),
  },
  '--age-check-color-warning': {
    node: (r) => probe(r, '<p class="attempts">x</p>'),
    css: 'color',
    value: c(50),
  },
  '--age-check-font-family': {
    node: (r) => r.querySelector('[part~="start-button"]')!,
    css: 'fontFamily',
    value: FONT,
    expected: 'regex',
  },
  '--age-check-font-size': {
    node: (r) => r.querySelector('[part~="root"]')!,
    css: 'fontSize',
    value: '23px',
  },
  '--age-check-radius': {
    node: (r) => r.querySelector('[part~="start-button"]')!,
    css: 'borderTopLeftRadius',
    value: '13px',
  },
  '--age-check-space': { node: (r) => r.querySelector('[part~="root"]')!, css: 'paddingTop', value: '37px' },
  '--age-check-focus-ring': {
    node: (r) => r.querySelector('[part~="start-button"]')!,
    css: 'boxShadow',
    value: `0 0 0 7px ${c(51)}`,
    expected: `${c(51)} 0px 0px 0px 7px`,
    before: keyboardFocus,
  },
  '--age-check-max-width': {
    node: (r) => r.querySelector('[part~="root"]')!,
    css: 'maxWidth',
    value: '333px',
  },
  // The live preview keeps clear of a fixed partner header: its scroll margin is the offset + 0.5em.
  '--age-check-viewport-offset': {
    node: (r) => probe(r, '<div class="stage">x</div>'),
    css: 'scrollMarginTop',
    value: '40px',
    expected: '48px',
  },
  // A focused control scrolls into view below a partner's sticky header.
  '--age-check-scroll-margin-top': {
    node: (r) => r.querySelector('[part~="start-button"]')!,
    css: 'scrollMarginTop',
    value: '71px',
  },
};

// Not requestAnimationFrame: it does not run while the page is a background tab (parallel test files).
// getComputedStyle recalculates styles synchronously anyway.
const frame = () => new Promise((r) => setTimeout(r, 0));

/** Sets each documented property on the element and checks the computed style it should change. */
async function checkAll(el: HTMLElement, documented: string[], checks: Record<string, Check>) {
  const missing = documented.filter((p) => !checks[p]);
  expect(missing, 'documented properties without a check in this test').to.deep.equal([]);
  const failures: string[] = [];
  for (const prop of documented) {
    const check = checks[prop]!;
    const r = el.shadowRoot!;
    const node = check.node(r, el);
    expect(node, `${prop}: node`).to.be.instanceOf(Element);
    if (check.before) await check.before(node);
    await frame();
    const before = getComputedStyle(node)[check.css];
    el.style.setProperty(prop, check.value);
    await frame();
    const after = getComputedStyle(node)[check.css];
    el.style.removeProperty(prop);
    if (check.after) await check.after();
    (r.activeElement as HTMLElement | null)?.blur();
    for (const p of r.querySelectorAll('[data-probe]')) p.remove();
    const expected = typeof check.expected === 'function' ? check.expected(before) : check.expected;
    const ok = expected === 'regex' ? FONT_EXPECTED.test(after) : after === (expected ?? check.value);
    if (!ok || after === before) failures.push(`${prop}: ${check.css} was "${before}", became "${after}"`);
  }
  expect(failures, failures.join('\n')).to.deep.equal([]);
}

// --- contrast (WCAG 2.x relative luminance) ---
function rgb(color: string): [number, number, number, number] {
  const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(color);
  if (!m) throw new Error(`not an rgb colour: ${color}`);
  return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
}
const lum = ([r, g, b]: number[]) => {
  const ch = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * ch(r!) + 0.7152 * ch(g!) + 0.0722 * ch(b!);
};
const contrast = (a: string, b: string) => {
  const [l1, l2] = [lum(rgb(a)), lum(rgb(b))].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
};
/** The background a node's text is drawn on (first opaque background up the tree, through shadow roots). */
function effectiveBackground(node: Element): string {
  let n: Element | null = node;
  while (n) {
    const bg = getComputedStyle(n).backgroundColor;
    if (rgb(bg)[3] > 0.99) return bg;
    n = n.parentElement ?? (n.getRootNode() as ShadowRoot).host ?? null;
  }
  return 'rgb(255, 255, 255)';
}

function checkContrast(r: ShadowRoot, pairs: [string, () => Element][]) {
  const low: string[] = [];
  for (const [label, get] of pairs) {
    const node = get();
    const fg = getComputedStyle(node).color;
    const bg = effectiveBackground(node);
    const ratio = contrast(fg, bg);
    if (ratio < 4.5) low.push(`${label}: ${fg} on ${bg} = ${ratio.toFixed(2)}:1`);
  }
  for (const p of r.querySelectorAll('[data-probe]')) p.remove();
  expect(low, low.join('\n')).to.deep.equal([]);
}

// --- mounting ---
async function kybForm(theme: unknown = null) {
  const s = await setup({ kyb: { info: { ...DEMO_KYB_INFO, theme }, questionnaires: [] } });
  const el = await fixture<KybFormElement>(
    html`<kyb-form .token=${s.token} api-base="/sandbox" locale="en"></kyb-form>`,
  );
  await ready(el);
  // The rules no first-screen node uses (the later steps', the upload progress bar's accent among them)
  // come with the later chunk, prefetched once the company step is up. (`.status.info`, waited for before,
  // is a first-screen rule: the wait passed at once and the progress probe raced the chunk.)
  const later = () =>
    el.shadowRoot!.adoptedStyleSheets.some((sheet) =>
      [...sheet.cssRules].some((r) => r instanceof CSSStyleRule && r.selectorText === 'progress'),
    );
  await waitUntil(later, 'the later styles', { timeout: 10000 });
  return el;
}
async function ageCheck() {
  const token = await newAgeToken();
  const el = await fixture<AgeCheckElement>(
    html`<age-check token=${token} api-base="/sandbox" locale="en"></age-check>`,
  );
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="start-button"]'), 'consent screen');
  // The later screens' styles (outcome, capture) arrive with their chunk, prefetched once consent is up.
  const later = () =>
    el.shadowRoot!.adoptedStyleSheets.some((sheet) =>
      [...sheet.cssRules].some((r) => r instanceof CSSStyleRule && r.selectorText.startsWith('.outcome')),
    );
  await waitUntil(later, 'the later styles', { timeout: 10000 });
  return el;
}

describe('theming: every documented custom property has its effect', () => {
  it('<kyb-form>', async () => {
    const documented = await documentedProperties('/src/kyb-form/kyb-form.ts');
    const el = await kybForm();
    await checkAll(el, documented, KYB_CHECKS);
  });

  it('<age-check>', async () => {
    const documented = await documentedProperties('/src/age-check/age-check.ts');
    const el = await ageCheck();
    await checkAll(el, documented, AGE_CHECKS);
  });
});

describe('theming: page-level properties win over the service theme (<kyb-form>)', () => {
  it('colours and font set on an ancestor of the element override info.theme', async () => {
    // A family name (older services) applies at once; the demo's font file is not served here.
    const el = await kybForm({ ...DEMO_KYB_INFO.theme, font: 'Inter, system-ui, sans-serif' });
    const r = root(el);
    const button = r.querySelector('[part~="button-next"]')!;
    const wrapper = r.querySelector('[part~="root"]')!;
    // The service theme is applied first ...
    expect(getComputedStyle(wrapper).fontFamily).to.match(/Inter/);
    const page = el.parentElement!;
    page.style.setProperty('--kyb-color-primary', 'rgb(0, 100, 0)');
    page.style.setProperty('--kyb-color-background', 'rgb(250, 250, 240)');
    page.style.setProperty('--kyb-color-text', 'rgb(20, 20, 60)');
    page.style.setProperty('--kyb-font-family', FONT);
    await frame();
    // ... and the page's own properties (inherited from an ancestor) win.
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(0, 100, 0)');
    expect(getComputedStyle(wrapper).backgroundColor).to.equal('rgb(250, 250, 240)');
    expect(getComputedStyle(wrapper).color).to.equal('rgb(20, 20, 60)');
    expect(getComputedStyle(wrapper).fontFamily).to.match(FONT_EXPECTED);
    expect((wrapper as HTMLElement).style.getPropertyValue('--_kyb-theme-primary')).to.not.equal('');
  });
});

describe('theming: accessible defaults (contrast >= 4.5:1)', () => {
  it('<kyb-form> default colour pairs', async () => {
    const el = await kybForm(null);
    const r = root(el);
    checkContrast(r, [
      ['text on background', () => r.querySelector('[part~="root"]')!],
      ['muted text on background', () => r.querySelector('[part~="company"] .hint')!],
      ['on-primary on primary', () => r.querySelector('[part~="button-next"]')!],
      ['input text', () => r.querySelector('input[name="companyName"]')!],
      ['field error on background', () => probe(r, '<p class="field-error">x</p>')],
      [
        'muted on surface',
        () => probe(r, '<div class="card surface"><p class="field-description" data-target>x</p></div>'),
      ],
      ['text on surface', () => probe(r, '<div class="card surface"><p data-target>x</p></div>')],
      [
        'error on error background',
        () => probe(r, '<div class="status error"><p class="field-error" data-target>x</p></div>'),
      ],
      ['text on error background', () => probe(r, '<div class="status error">x</div>')],
      ['text on success background', () => probe(r, '<div class="status success">x</div>')],
      ['text on warning background', () => probe(r, '<div class="status warning">x</div>')],
      ['text on info background', () => probe(r, '<div class="status info">x</div>')],
      ['success on background', () => probe(r, '<p class="save-status saved">x</p>')],
      ['success chip', () => probe(r, '<span class="chip success">x</span>')],
      ['error chip', () => probe(r, '<span class="chip error">x</span>')],
      ['warning chip', () => probe(r, '<span class="chip warning">x</span>')],
      ['disabled text on disabled', () => probe(r, '<button class="btn btn-primary" disabled>x</button>')],
      ['secondary button', () => probe(r, '<button class="btn btn-secondary">x</button>')],
      ['link', () => probe(r, '<a href="#x">x</a>')],
    ]);
  });

  it('<age-check> default colour pairs', async () => {
    const el = await ageCheck();
    const r = el.shadowRoot!;
    checkContrast(r, [
      ['text on background', () => r.querySelector('[part~="heading"]')!],
      ['on-primary on primary', () => r.querySelector('[part~="start-button"]')!],
      ['muted on background', () => probe(r, '<p class="muted">x</p>')],
      ['error on background', () => probe(r, '<p class="error-text">x</p>')],
      ['warning on background', () => probe(r, '<p class="attempts">x</p>')],
      ['warning on surface (countdown)', () => probe(r, '<p class="countdown">x</p>')],
      [
        'text on surface (outcome)',
        () => probe(r, '<div class="outcome success"><p data-target>x</p></div>'),
      ],
      ['secondary button', () => probe(r, '<button class="secondary">x</button>')],
      ['link', () => probe(r, '<a href="#x">x</a>')],
    ]);
  });
});

describe('prefers-reduced-motion', () => {
  /** Rules of the element's adopted stylesheets: the animated ones and those inside the reduce query. */
  function motionRules(el: HTMLElement) {
    const animated: CSSStyleRule[] = [];
    const reduced: CSSStyleRule[] = [];
    const walk = (rules: CSSRuleList, inReduce: boolean) => {
      for (const rule of rules) {
        if (rule instanceof CSSMediaRule) {
          walk(rule.cssRules, inReduce || /prefers-reduced-motion:\s*reduce/.test(rule.conditionText));
        } else if (rule instanceof CSSStyleRule) {
          if (inReduce) reduced.push(rule);
          else {
            const s = rule.style;
            const anim = s.animationName && s.animationName !== 'none';
            const trans =
              s.transitionProperty && s.transitionDuration && !/^0s(, 0s)*$/.test(s.transitionDuration);
            if (anim || trans) animated.push(rule);
          }
        }
      }
    };
    for (const sheet of el.shadowRoot!.adoptedStyleSheets) walk(sheet.cssRules, false);
    return { animated, reduced };
  }

  function expectReduced(el: HTMLElement) {
    const { animated, reduced } = motionRules(el);
    expect(reduced.length, 'rules inside @media (prefers-reduced-motion: reduce)').to.be.greaterThan(0);
    const stopsAnimation = (sel: string) =>
      reduced.some(
        (r) =>
          (r.selectorText === sel || r.selectorText === '*') &&
          (r.style.animationName === 'none' || r.style.animation === 'none'),
      );
    const stopsTransitions = reduced.some(
      (r) =>
        r.selectorText.split(',').some((s) => s.trim() === '*') &&
        /^0s|none/.test(r.style.transitionDuration || r.style.transition),
    );
    const problems: string[] = [];
    for (const rule of animated) {
      if (
        rule.style.animationName &&
        rule.style.animationName !== 'none' &&
        !stopsAnimation(rule.selectorText)
      )
        problems.push(`animation of "${rule.selectorText}" is not stopped`);
      if (
        rule.style.transitionDuration &&
        !/^0s(, 0s)*$/.test(rule.style.transitionDuration) &&
        !stopsTransitions
      )
        problems.push(`transition of "${rule.selectorText}" is not stopped`);
    }
    expect(stopsTransitions, 'a `*` rule turning transitions off').to.equal(true);
    expect(problems, problems.join('\n')).to.deep.equal([]);
  }

  it('<kyb-form> turns animations and transitions off', async () => {
    expectReduced(await kybForm());
  });

  it('<age-check> turns animations and transitions off', async () => {
    expectReduced(await ageCheck());
  });
});
