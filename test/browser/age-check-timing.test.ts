/**
 * WCAG 2.2.1 Timing adjustable in <age-check>: after a success with a redirect nothing leaves the page
 * until the user chooses "Continue" (unless the partner asked for `redirect="auto"`, which waits 20 s with
 * "Stay on this page"); the expiry countdown of the last five minutes offers "Get more time" when the
 * partner gave a `tokenProvider`, and says clearly that the link cannot be extended when not.
 */
import { aTimeout, expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { REDIRECT_DELAY_S } from '../../src/age-check/machine-session.ts';
import type { AgeTokenRequest } from '../../src/api/age.ts';
import { AgeCheckProbe, BASE, findButton, shadow, waitForState, sendSelfie } from './age-helpers.ts';

const URL_OK = 'https://shop.example/age-ok?ref=1';

async function account() {
  const anon = new SandboxControl({ baseUrl: BASE });
  const acc = await anon.createAccount({});
  const control = anon.withAccount(acc);
  const partner = new PartnerClient({ baseUrl: BASE, apiKey: acc.apiKey, apiSecret: acc.apiSecret });
  const newToken = async (req: Partial<AgeTokenRequest> = {}) =>
    (await partner.createAgeToken({ min_age: 18, confidence_threshold: 70, ...req })).token;
  return { control, newToken };
}

async function mount(token: string, redirect?: string) {
  return fixture<AgeCheckProbe>(
    html`<age-check-probe token=${token} api-base=${BASE} redirect=${redirect ?? ''}></age-check-probe>`,
  );
}

const text = (el: AgeCheckProbe, sel: string) =>
  (shadow(el).querySelector(sel)?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('<age-check> timing (WCAG 2.2.1)', function () {
  this.timeout(40000);

  it('a success with a redirect never leaves by itself: "Continue" is the user\'s choice', async () => {
    const a = await account();
    const token = await a.newToken({ success_redirect: URL_OK });
    await a.control.setAgeScenario(token, { estimates: [{ age: 35, confidence: 95 }] });
    const el = await mount(token);
    const complete = oneEvent(el, 'age-check-complete');
    await sendSelfie(el, 'done');
    expect((await complete).detail).to.deep.equal({ outcome: 'SUCCESS', redirectUrl: URL_OK });
    const link = shadow(el).querySelector<HTMLAnchorElement>('[part="redirect-link"]')!;
    expect(link.getAttribute('href')).to.equal(URL_OK);
    expect(link.textContent!.trim()).to.equal('Continue');
    expect(shadow(el).querySelector('[part~="redirect-notice"]')).to.equal(null);
    expect(text(el, '[part="redirect"]')).not.to.match(/Continuing in/);
    // Well past the old 3-second notice, and with the clock far ahead: still here.
    await aTimeout(3500);
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + 3_600_000;
      await aTimeout(1200);
    } finally {
      Date.now = realNow;
    }
    expect(el.navigated).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('redirect="auto": a 20-second notice, announced once, with "Stay on this page"; then it leaves', async () => {
    expect(REDIRECT_DELAY_S).to.be.at.least(20);
    const a = await account();
    const token = await a.newToken({ success_redirect: URL_OK });
    await a.control.setAgeScenario(token, { estimates: [{ age: 35, confidence: 95 }] });
    const el = await mount(token, 'auto');
    await sendSelfie(el, 'done');
    expect(text(el, '[part~="redirect-notice"]')).to.match(/Continuing in (20|19) s/);
    expect(findButton(el, /^Stay on this page$/)).to.exist;
    const announcer = shadow(el).querySelector('[part="announcer"]')!;
    expect(announcer.textContent).to.match(/automatically in 20 seconds/);
    expect(el.navigated).to.deep.equal([]);
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + REDIRECT_DELAY_S * 1000 + 500;
      await waitUntil(() => el.navigated.length > 0, 'navigated', { timeout: 3000 });
    } finally {
      Date.now = realNow;
    }
    expect(el.navigated).to.deep.equal([URL_OK]);
  });

  it('redirect="auto": "Stay on this page" turns the time limit off; "Continue" stays', async () => {
    const a = await account();
    const token = await a.newToken({ success_redirect: URL_OK });
    await a.control.setAgeScenario(token, { estimates: [{ age: 35, confidence: 95 }] });
    const el = await mount(token, 'auto');
    await sendSelfie(el, 'done');
    findButton(el, /^Stay on this page$/).click();
    await el.updateComplete;
    expect(shadow(el).querySelector('[part~="redirect-notice"]')).to.equal(null);
    expect(text(el, '[part="redirect-link"]')).to.equal('Continue');
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + 3_600_000;
      await aTimeout(1200);
    } finally {
      Date.now = realNow;
    }
    expect(el.navigated).to.deep.equal([]);
  });

  it('the expiry countdown offers "Get more time" with a tokenProvider: a new session opens', async () => {
    const a = await account();
    const token = await a.newToken({ expiry_minutes: 5 });
    const el = await mount(token);
    let fresh = '';
    el.tokenProvider = async () => (fresh = await a.newToken({ expiry_minutes: 30 }));
    await waitForState(el, 'consent');
    await waitUntil(() => shadow(el).querySelector('[part="countdown"]'), 'the countdown', { timeout: 3000 });
    expect(shadow(el).querySelector('[part~="countdown-warning"]')).to.equal(null);
    findButton(el, /^Get more time$/).click();
    await waitUntil(() => fresh !== '' && el.token === fresh, 'the new token', { timeout: 5000 });
    await waitForState(el, 'consent');
    await el.updateComplete;
    expect(Date.parse(el.state.session!.expires_at) - Date.now()).to.be.greaterThan(25 * 60_000);
    expect(shadow(el).querySelector('[part="countdown"]')).to.equal(null);
  });

  it('without a tokenProvider the countdown warns that the link cannot be extended', async () => {
    const a = await account();
    const el = await mount(await a.newToken({ expiry_minutes: 5 }));
    await waitForState(el, 'consent');
    await waitUntil(() => shadow(el).querySelector('[part="countdown"]'), 'the countdown', { timeout: 3000 });
    expect(text(el, '[part~="countdown-warning"]')).to.match(/cannot be extended/);
    expect(
      [...shadow(el).querySelectorAll('button')].some((b) => /more time/i.test(b.textContent ?? '')),
    ).to.equal(false);
  });

  it('a tokenProvider that gives no token: the warning says more time could not be added', async () => {
    const a = await account();
    const el = await mount(await a.newToken({ expiry_minutes: 5 }));
    el.tokenProvider = () => Promise.reject(new Error('offline'));
    await waitForState(el, 'consent');
    await waitUntil(() => shadow(el).querySelector('[part="countdown"]'), 'the countdown', { timeout: 3000 });
    findButton(el, /^Get more time$/).click();
    await waitUntil(() => /could not be added/.test(text(el, '[part~="countdown-warning"]')), 'the warning', {
      timeout: 3000,
    });
  });
});
