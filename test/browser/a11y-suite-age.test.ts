/**
 * The accessibility suite (issue 25), `<age-check>`: every state in Chromium, each checked by check() of
 * a11y-checks.ts (axe WCAG 2.2 A/AA in the shadow roots, reflow at 320x256, 200 % text, text spacing,
 * target size, focus visible at every Tab stop, forced colours, reduced motion, the live-region log).
 * States: consent, live camera, success with a redirect (the user's "Continue"), photo-file fallback,
 * retry, step-up, document camera, underage, locked (attempts exceeded), expired, hosted mode. Last, the
 * planted faults that show each check can fail.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { AgeTokenRequest } from '../../src/api/age.ts';
import type { AgeScenario } from '../../src/sandbox/control-client.ts';
import { check, expectClean, reports, VIEWPORT, writeTable } from './a11y-checks.ts';
import { LiveLog } from './a11y-live.ts';
import { AgeCheckProbe, ageSession, findButton, shadow, waitForState, sendSelfie } from './age-helpers.ts';

async function place(attrs: {
  token?: string;
  sessionUrl?: string;
}): Promise<{ el: AgeCheckProbe; log: LiveLog }> {
  const wrap = await fixture<HTMLDivElement>(
    html`<div>
      <button id="a11y-before">Before</button>
      <age-check-probe api-base="/sandbox"></age-check-probe>
      <button id="a11y-after">After</button>
    </div>`,
  );
  const el = wrap.children[1] as AgeCheckProbe;
  const log = new LiveLog(el);
  if (attrs.sessionUrl) el.sessionUrl = attrs.sessionUrl;
  if (attrs.token) el.token = attrs.token;
  return { el, log };
}

async function session(req: Partial<AgeTokenRequest> = {}, scenario?: AgeScenario) {
  const { token } = await ageSession(req, scenario);
  return place({ token });
}

const A = 'age-check' as const;

describe('accessibility suite: <age-check> (Chromium)', function () {
  this.timeout(120000);
  before(async () => setViewport(VIEWPORT));
  after(async () => writeTable('age-check'));

  it('consent, live camera, success with a redirect', async () => {
    const { el, log } = await session(
      { success_redirect: 'https://shop.example/ok' },
      { estimates: [{ age: 35, confidence: 95 }] },
    );
    await waitForState(el, 'consent');
    expectClean(await check('consent', el, { element: A, log, from: 0 }));
    let from = log.now;
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    expectClean(await check('camera', el, { element: A, log, from }));
    from = log.now;
    findButton(el, /take photo/i).click();
    await waitForState(el, 'selfie-review');
    expectClean(await check('photo review', el, { element: A, log, from }));
    from = log.now;
    findButton(el, /use this photo/i).click();
    await waitForState(el, 'done');
    await waitUntil(() => shadow(el).querySelector('[part="redirect-link"]'), 'the Continue link');
    expectClean(await check('success, redirect choice', el, { element: A, log, from }));
    log.stop();
  });

  it('photo-file fallback (camera refused)', async () => {
    const gum = navigator.mediaDevices.getUserMedia;
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('', 'NotAllowedError'));
    try {
      const { el, log } = await session();
      await waitForState(el, 'consent');
      const from = log.now;
      findButton(el, /agree/i).click();
      await waitForState(el, 'fallback');
      await waitUntil(() => shadow(el).querySelector('[part="qr"] svg'), 'the QR code');
      expectClean(await check('photo-file fallback', el, { element: A, log, from }));
      log.stop();
    } finally {
      navigator.mediaDevices.getUserMedia = gum;
    }
  });

  it('retry, then locked (attempts exceeded)', async () => {
    const { el, log } = await session({ retry_limit: 2 }, { estimates: ['no-face'] });
    await waitForState(el, 'consent');
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    let from = log.now;
    await sendSelfie(el, 'retry');
    expectClean(await check('retry', el, { element: A, log, from }));
    findButton(el, /try again/i).click();
    await waitForState(el, 'live');
    from = log.now;
    await sendSelfie(el, 'locked');
    expectClean(await check('locked', el, { element: A, log, from }), false);
    log.stop();
  });

  it('step-up', async () => {
    const { el, log } = await session(
      { min_age: 18, buffer: 3, escalation: 'DOC' },
      { estimates: [{ age: 19, confidence: 95 }], documentAge: 30 },
    );
    await waitForState(el, 'consent');
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    const from = log.now;
    await sendSelfie(el, 'step-up');
    expectClean(await check('step-up', el, { element: A, log, from }));
    log.stop();
  });

  it('underage', async () => {
    const { el, log } = await session(
      { min_age: 18, buffer: 2 },
      { estimates: [{ age: 12, confidence: 95 }] },
    );
    await waitForState(el, 'consent');
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    const from = log.now;
    await sendSelfie(el, 'done');
    expectClean(await check('underage', el, { element: A, log, from }), false);
    log.stop();
  });

  it('expired session', async () => {
    const s = await ageSession();
    await s.control.expireAgeSession(s.token);
    const { el, log } = await place({ token: s.token });
    await waitForState(el, 'expired');
    expectClean(await check('expired', el, { element: A, log, from: 0, error: true }), false);
    log.stop();
  });

  it('hosted mode (the service page framed after consent)', async () => {
    const { sessionUrl } = await ageSession();
    const { el, log } = await place({ sessionUrl });
    await waitUntil(() => /agree/i.test(shadow(el).textContent ?? ''), 'the consent', { timeout: 10000 });
    expectClean(await check('hosted, consent', el, { element: A, log, from: 0 }));
    const from = log.now;
    findButton(el, /agree/i).click();
    await waitUntil(() => shadow(el).querySelector('iframe'), 'the hosted frame', { timeout: 10000 });
    const frame = shadow(el).querySelector('iframe')!;
    await waitUntil(() => frame.contentDocument?.querySelector('h1'), 'the hosted page', { timeout: 10000 });
    expectClean(await check('hosted, framed page', el, { element: A, log, from }));
    log.stop();
  });

  it('the checks can fail: planted faults are each found', async () => {
    const { el, log } = await session();
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
      .clip { display: block; height: 1em; overflow: hidden; }
      .spin-fault { animation: planted 1s linear infinite !important; }
      @keyframes planted { to { transform: rotate(1turn); } }
      .bare { border: none !important; }`);
    const r = shadow(el);
    r.adoptedStyleSheets = [...r.adoptedStyleSheets, sheet];
    const box = r.querySelector('.actions')!;
    box.insertAdjacentHTML(
      'beforeend',
      '<div class="wide">wide</div><button class="tiny" aria-label="a"></button><button class="tiny" aria-label="b"></button>' +
        '<p class="clip">A sentence long enough to wrap onto several lines once the text spacing is applied to it in a narrow box.</p>' +
        '<img src="data:," /><div class="spin-fault">~</div><button class="bare">bare</button>' +
        '<p role="alert" class="visually-hidden" id="planted-alert"></p>',
    );
    const from = log.now;
    // A live region that repeats itself on a timer, assertively.
    let n = 0;
    const timer = setInterval(
      () => (r.getElementById('planted-alert')!.textContent = `tick ${++n % 2}`),
      500,
    );
    try {
      const report = await check('planted faults', el, { element: A, log, from });
      reports.pop();
      expect(report.axe.some((v) => v.startsWith('image-alt'))).to.equal(true);
      expect(report.reflow.length).to.be.greaterThan(0);
      expect(report.targets.length).to.be.at.least(2);
      expect(report.focus.length).to.be.at.least(1);
      expect(report.spacing.length).to.be.at.least(1);
      expect(report.text200.length).to.be.at.least(1);
      expect(report.forced.length).to.be.at.least(1);
      expect(report.motion.some((m) => m.includes('planted'))).to.equal(true);
      expect(report.live.length).to.be.at.least(2);
    } finally {
      clearInterval(timer);
      log.stop();
    }
  });
});
