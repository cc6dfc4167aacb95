/**
 * `<age-check>` end-user experience (issue 14): the live view and its capture button fit the viewport,
 * the consent screen's privacy line and link, the polite live region, focus indicators on headings, `lang`
 * and `dir`, and sizes that the page's root font size does not reach.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { ageSession, AgeCheckProbe, BASE, findButton, shadow, waitForState } from './age-helpers.ts';

const DEFAULT_VIEWPORT = { width: 800, height: 600 };

async function mount(token: string, attrs: { autoCapture?: boolean; privacyUrl?: string } = {}) {
  const el = document.createElement('age-check-probe') as AgeCheckProbe;
  el.apiBase = BASE;
  el.redirect = 'none';
  el.autoCapture = attrs.autoCapture ?? false;
  if (attrs.privacyUrl !== undefined) el.privacyUrl = attrs.privacyUrl;
  el.token = token;
  return fixture<AgeCheckProbe>(el);
}

/** A page with the partner's own header (in the flow, or fixed) and a heading above the element. */
async function mountBelowHeader(token: string, o: { fixedHeader?: number } = {}) {
  const page = await fixture<HTMLElement>(
    html`<div>
      <header><strong>Partner shop</strong></header>
      <h1>Age-restricted checkout</h1>
      <p>Some items in your basket need an age check.</p>
      <div class="slot"></div>
    </div>`,
  );
  const header = page.querySelector('header')!;
  header.style.height = `${o.fixedHeader ?? 96}px`;
  header.style.background = '#123';
  header.style.color = '#fff';
  if (o.fixedHeader) {
    header.style.position = 'fixed';
    header.style.inset = '0 0 auto 0';
    header.style.zIndex = '10';
    page.style.paddingTop = `${o.fixedHeader}px`;
  }
  const el = document.createElement('age-check-probe') as AgeCheckProbe;
  el.apiBase = BASE;
  el.redirect = 'none';
  if (o.fixedHeader) el.style.setProperty('--age-check-viewport-offset', `${o.fixedHeader}px`);
  el.token = token;
  page.querySelector('.slot')!.append(el);
  return { page, el };
}

const inViewport = (r: DOMRect, top = 0) =>
  r.top >= top - 0.5 &&
  r.left >= -0.5 &&
  r.bottom <= window.innerHeight + 0.5 &&
  r.right <= document.documentElement.clientWidth + 0.5;

describe('<age-check> fits the screen', () => {
  afterEach(async () => {
    await setViewport(DEFAULT_VIEWPORT);
    window.scrollTo(0, 0);
  });

  const SIZES: { width: number; height: number; deviceScaleFactor?: number; label: string }[] = [
    { width: 1280, height: 720, label: '1280x720' },
    { width: 1280, height: 800, label: '1280x800' },
    { width: 1366, height: 768, label: '1366x768' },
    { width: 390, height: 664, label: '390x664' },
    // 1280x800 at 200 % zoom: 640x400 CSS pixels at two device pixels each.
    { width: 640, height: 400, deviceScaleFactor: 2, label: '200 % zoom of 1280x800' },
  ];

  for (const size of SIZES) {
    it(`the preview and "Take photo" are inside the viewport together at ${size.label}, below a partner header`, async () => {
      await setViewport(size);
      window.scrollTo(0, 0);
      const { token } = await ageSession();
      const { el } = await mountBelowHeader(token);
      await waitForState(el, 'consent');
      const start = findButton(el, /agree/i);
      start.scrollIntoView();
      start.click();
      await waitForState(el, 'live');
      await el.updateComplete;
      const take = findButton(el, /take photo/i).getBoundingClientRect();
      const stage = shadow(el).querySelector('.stage')!.getBoundingClientRect();
      expect(inViewport(take), `Take photo ${JSON.stringify(take)} in ${innerWidth}x${innerHeight}`).to.equal(
        true,
      );
      expect(inViewport(stage), `preview ${JSON.stringify(stage)} in ${innerWidth}x${innerHeight}`).to.equal(
        true,
      );
      expect(stage.height).to.be.greaterThan(100);
      expect(stage.bottom).to.be.at.most(take.top);
    });
  }

  it('a fixed partner header (--age-check-viewport-offset) stays clear of the preview', async () => {
    await setViewport({ width: 1280, height: 720 });
    window.scrollTo(0, 0);
    const { token } = await ageSession();
    const { el } = await mountBelowHeader(token, { fixedHeader: 64 });
    await waitForState(el, 'consent');
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    await el.updateComplete;
    const take = findButton(el, /take photo/i).getBoundingClientRect();
    const stage = shadow(el).querySelector('.stage')!.getBoundingClientRect();
    expect(inViewport(stage, 64), `preview ${JSON.stringify(stage)} below the 64px header`).to.equal(true);
    expect(inViewport(take, 64)).to.equal(true);
  });
});

describe('<age-check> consent screen', () => {
  it('spaced paragraphs, a privacy line, and the partner privacy link (new tab, noopener)', async () => {
    const { token } = await ageSession();
    const el = await mount(token, { privacyUrl: 'https://partner.example/privacy' });
    await waitForState(el, 'consent');
    const ps = [...shadow(el).querySelectorAll('[part="consent"] > p')];
    expect(ps.length).to.be.at.least(2);
    const gap = ps[1]!.getBoundingClientRect().top - ps[0]!.getBoundingClientRect().bottom;
    expect(gap, 'space between consent paragraphs').to.be.at.least(8);
    const privacy = shadow(el).querySelector('[part="privacy"]')!;
    expect(privacy.textContent).to.match(/privacy/i);
    const link = shadow(el).querySelector<HTMLAnchorElement>('a[part="privacy-link"]')!;
    expect(link.href).to.equal('https://partner.example/privacy');
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.include('noopener');
    expect(link.textContent).to.match(/privacy notice/i);
    expect(link.textContent).to.match(/new tab/i);
    await expect(el).to.be.accessible();
  });

  it('a privacy-url that is not http(s) is not linked', async () => {
    const { token } = await ageSession();
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://partner.example/p']) {
      const el = await mount(token, { privacyUrl: bad });
      await waitForState(el, 'consent');
      expect(shadow(el).querySelector('a[part="privacy-link"]'), bad).to.equal(null);
      expect(shadow(el).querySelector('[part="privacy"]')).not.to.equal(null);
      el.remove();
    }
  });
});

/** Every text the live region held, in order. */
function recordAnnouncements(el: AgeCheckProbe): string[] {
  const seen: string[] = [];
  const region = shadow(el).querySelector('[part="announcer"]')!;
  const take = () => {
    const t = region.textContent?.trim() ?? '';
    if (t && seen.at(-1) !== t) seen.push(t);
  };
  new MutationObserver(take).observe(region, { childList: true, characterData: true, subtree: true });
  return seen;
}

describe('<age-check> polite live region', () => {
  it('is there from the first render, polite and atomic', async () => {
    const { token } = await ageSession();
    const el = await mount(token);
    const region = shadow(el).querySelector('[part="announcer"]')!;
    expect(region, 'live region before the session loaded').not.to.equal(null);
    expect(region.getAttribute('role')).to.equal('status');
    expect(region.getAttribute('aria-live')).to.equal('polite');
    expect(region.getAttribute('aria-atomic')).to.equal('true');
  });

  const CASES: {
    name: string;
    req?: Parameters<typeof ageSession>[0];
    scenario: Parameters<typeof ageSession>[1];
    expected: RegExp[];
    auto?: boolean;
  }[] = [
    {
      name: 'SUCCESS (auto-capture, nothing clicked after consent)',
      scenario: { estimates: [{ age: 35, confidence: 95 }] },
      expected: [/^Age confirmed\. Thank you\. Your age check is complete\.$/],
      auto: true,
    },
    {
      name: 'UNDERAGE',
      scenario: { estimates: [{ age: 12, confidence: 95 }] },
      expected: [/^Age requirement not met\. You do not meet the minimum age/],
    },
    {
      name: 'UNCERTAIN',
      req: { escalation: 'NONE' },
      scenario: { estimates: [{ age: 30, confidence: 20 }] },
      expected: [/^We could not confirm your age\. Your age could not be confirmed/],
    },
    {
      name: 'RETRY then ATTEMPTS_EXCEEDED',
      req: { retry_limit: 2 },
      scenario: { estimates: ['no-face'] },
      expected: [
        /^Let’s try again\. .*Attempts left: 1$/,
        /^Too many attempts\. All attempts were used, so this age check is locked/,
      ],
    },
    {
      name: 'STEP_UP',
      req: { escalation: 'DOC', buffer: 3 },
      scenario: { estimates: [{ age: 19, confidence: 95 }] },
      expected: [/^Confirm your age with an ID document\. We could not confirm your age from the selfie/],
    },
  ];

  for (const c of CASES) {
    it(`announces ${c.name} while the focus is outside the element`, async () => {
      const { token } = await ageSession(c.req ?? {}, c.scenario);
      const outside = await fixture<HTMLButtonElement>(html`<button type="button">Partner button</button>`);
      const el = await mount(token, { autoCapture: c.auto ?? false });
      const said = recordAnnouncements(el);
      await waitForState(el, 'consent');
      findButton(el, /agree/i).click();
      for (let i = 0; i < c.expected.length; i++) {
        await waitForState(el, 'live');
        outside.focus();
        if (!c.auto) findButton(el, /take photo/i).click();
        await waitForState(el, 'selfie-review');
        expect(document.activeElement).to.equal(outside);
        findButton(el, /use this photo/i).click();
        await waitForState(el, ['done', 'locked', 'retry', 'step-up']);
        expect(document.activeElement).to.equal(outside);
        await waitUntil(() => said.length > i, `announcement ${i + 1}`, { timeout: 5000 });
        expect(said[i]).to.match(c.expected[i]!);
        if (el.state.name === 'retry') findButton(el, /try again/i).click();
      }
      expect(said).to.have.length(c.expected.length);
    });
  }
});

describe('<age-check> focus, language and size', () => {
  it('a heading that takes the focus shows a visible focus indicator', async () => {
    const { token } = await ageSession();
    const el = await mount(token);
    await waitForState(el, 'consent');
    const start = findButton(el, /agree/i);
    start.focus();
    start.click();
    await waitForState(el, 'live');
    const h2 = shadow(el).querySelector('h2')!;
    expect(shadow(el).activeElement).to.equal(h2);
    const style = getComputedStyle(h2);
    expect(style.outlineStyle).to.equal('solid');
    expect(parseFloat(style.outlineWidth)).to.be.at.least(2);
  });

  it('lang (and dir) follow the locale on the shadow root container and on the host', async () => {
    const { token } = await ageSession();
    const el = await mount(token);
    el.locale = 'de';
    await waitForState(el, 'consent');
    const rootBox = () => shadow(el).querySelector('[part="root"]')!;
    await waitUntil(() => rootBox().getAttribute('lang') === 'de', 'lang de', { timeout: 5000 });
    expect(rootBox().getAttribute('dir')).to.equal('ltr');
    expect(el.getAttribute('lang')).to.equal('de');
    expect(findButton(el, /.+/).textContent).not.to.match(/agree and start/i);
    el.locale = 'fr';
    await waitUntil(() => rootBox().getAttribute('lang') === 'fr', 'lang fr', { timeout: 5000 });
    expect(el.getAttribute('lang')).to.equal('fr');
    el.locale = 'en';
    await waitUntil(() => rootBox().getAttribute('lang') === 'en', 'lang en', { timeout: 5000 });
  });

  it("the page's own lang on the host is kept; the inner container carries the locale", async () => {
    const { token } = await ageSession();
    const el = document.createElement('age-check-probe') as AgeCheckProbe;
    el.setAttribute('lang', 'en-GB');
    el.apiBase = BASE;
    el.locale = 'lt';
    el.token = token;
    await fixture(el);
    await waitForState(el, 'consent');
    const rootBox = shadow(el).querySelector('[part="root"]')!;
    await waitUntil(() => rootBox.getAttribute('lang') === 'lt', 'lang lt', { timeout: 5000 });
    expect(el.getAttribute('lang')).to.equal('en-GB');
    el.locale = 'en';
    await waitUntil(() => rootBox.getAttribute('lang') === 'en', 'lang en', { timeout: 5000 });
  });

  it("the page's root font size and a `* { font-size }` rule do not reach inside; --age-check-font-size does", async () => {
    const { token } = await ageSession();
    const el = await mount(token);
    await waitForState(el, 'consent');
    const px = (sel: string) => parseFloat(getComputedStyle(shadow(el).querySelector(sel)!).fontSize);
    const before = { root: px('[part="root"]'), h2: px('h2'), button: px('button') };
    expect(before.root).to.equal(16);
    const style = document.createElement('style');
    document.head.append(style);
    try {
      style.textContent = 'html { font-size: 62.5% }';
      expect(getComputedStyle(document.documentElement).fontSize).to.equal('10px');
      expect({ root: px('[part="root"]'), h2: px('h2'), button: px('button') }).to.deep.equal(before);
      const maxWidth = shadow(el).querySelector('[part="root"]')!.getBoundingClientRect().width;
      expect(maxWidth).to.be.greaterThan(300);
      style.textContent = '* { font-size: 31px !important }';
      expect({ root: px('[part="root"]'), h2: px('h2'), button: px('button') }).to.deep.equal(before);
    } finally {
      style.remove();
    }
    el.style.setProperty('--age-check-font-size', '20px');
    expect(px('[part="root"]')).to.equal(20);
    expect(px('h2')).to.equal(27.5);
  });
});
