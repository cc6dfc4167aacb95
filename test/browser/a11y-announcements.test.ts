/**
 * Announcements people can bear (issue 25), recorded with LiveLog (every live-region change with its
 * politeness, every focus move) against the sandbox over real HTTP:
 *  - Continue with errors: one announcement, the focused error summary (its heading and count); no
 *    assertive region, no field error of its own; a corrected field does not re-read the summary;
 *  - the save status speaks only when its meaning changes: an ordinary edit says nothing; a failing save
 *    is announced once however often it is retried; "All changes saved" once after it;
 *  - the warning before `<kyb-form>`'s session ends: once, politely, with what is lost and what to do;
 *    with a `tokenProvider` whose renewal failed, "Get more time" renews it;
 *  - `<age-check>`'s expiry countdown: announced as it appears and in its last minute, never per minute.
 */
import { aTimeout, expect, fixture, html, waitUntil } from '@open-wc/testing';
import { DEMO_FLOW } from '../../src/sandbox/fixtures.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { AgeCheckProbe, ageSession, findButton, shadow, waitForState, sendSelfie } from './age-helpers.ts';
import { byLabel, ready, root, setup, type } from './kyb-form-helpers.ts';
import { LiveLog } from './a11y-live.ts';

const visibleStatus = (el: KybFormElement) =>
  (root(el).querySelector('[part~="save-status"] > span')?.textContent ?? '').replace(/\s+/g, ' ').trim();
const continueButton = (el: KybFormElement) =>
  [...root(el).querySelectorAll('button')].find((b) => b.textContent!.trim() === 'Continue')!;

describe('announcements (issue 25)', function () {
  this.timeout(60000);

  it('Continue with errors: one polite announcement (the focused summary); a fix re-reads nothing', async () => {
    const s = await setup({
      kyb: { info: { locale: 'en', theme: null, flow: DEMO_FLOW }, questionnaires: [] },
    });
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox"></kyb-form>`,
    );
    await ready(el);
    const log = new LiveLog(el);
    try {
      continueButton(el).focus();
      const t0 = log.now;
      continueButton(el).click();
      await waitUntil(() => root(el).querySelector('[part~="error-summary"]'), 'the summary', {
        timeout: 10000,
      });
      await el.updateComplete;
      await aTimeout(300);
      const summary = root(el).querySelector<HTMLElement>('[part~="error-summary"]')!;
      const errors = root(el).querySelectorAll('[part~="field-error"]');
      expect(errors.length, 'field errors shown').to.be.greaterThan(2);
      expect(root(el).activeElement).to.equal(summary);
      const said = log.since(t0);
      expect(
        said.filter((e) => e.kind === 'assertive'),
        log.lines().join('\n'),
      ).to.deep.equal([]);
      // The focus on the summary is what is read: its heading and the count (aria-describedby).
      const focus = said.filter((e) => e.kind === 'focus');
      expect(focus.length, log.lines().join('\n')).to.equal(1);
      expect(focus[0]!.text).to.match(/^There is a problem Problems to fix before you continue: \d+$/);
      expect(said.filter((e) => /There is a problem|required/i.test(e.text)).length).to.equal(1);
      for (const e of errors) expect(e.closest('[role="alert"], [aria-live]'), e.textContent!).to.equal(null);
      // A corrected field shortens the summary silently.
      const t1 = log.now;
      await type(el, 'City', 'Paris');
      await aTimeout(300);
      expect(
        log.since(t1).filter((e) => e.kind !== 'focus' && /problem|required/i.test(e.text)),
        log.lines().join('\n'),
      ).to.deep.equal([]);
      expect(log.since(t1).filter((e) => e.kind === 'assertive')).to.deep.equal([]);
    } finally {
      log.stop();
    }
  });

  it('the save status: silent on edits, a failure once through its retries, "All changes saved" once after', async () => {
    const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox"></kyb-form>`,
    );
    await ready(el);
    const log = new LiveLog(el);
    try {
      await type(el, 'Company name', 'Quiet Ltd');
      await type(el, 'Country of registration', 'FR');
      await waitUntil(() => visibleStatus(el) === 'All changes saved', visibleStatus(el), { timeout: 15000 });
      await type(el, 'City', 'Lyon');
      await waitUntil(
        () => visibleStatus(el) === 'Saving…' || visibleStatus(el) === 'Unsaved changes',
        'edit seen',
        {
          timeout: 5000,
        },
      ).catch(() => undefined);
      await waitUntil(() => visibleStatus(el) === 'All changes saved', visibleStatus(el), { timeout: 15000 });
      const speech = () => log.entries.filter((e) => e.kind !== 'focus');
      expect(speech(), log.lines().join('\n')).to.deep.equal([]);
      // Every write fails now: the failure is said once, however often the element tries again.
      await s.mine.clearRequests();
      await s.mine.setFaults({ failRate: 1, paths: '^/kyb/forms/', methods: ['PATCH', 'PUT', 'POST'] });
      await type(el, 'City', 'Marseille');
      await waitUntil(() => /could not be saved/.test(visibleStatus(el)), visibleStatus(el), {
        timeout: 20000,
      });
      const t0 = Date.now();
      await waitUntil(
        async () => (await s.mine.listRequests()).filter((r) => r.method !== 'GET').length >= 3,
        'three attempts',
        { timeout: 30000, interval: 500 },
      );
      const tries = (await s.mine.listRequests()).filter((r) => r.method !== 'GET').length;
      expect(Date.now() - t0).to.be.greaterThan(0);
      const failures = speech().filter((e) => /could not be saved/.test(e.text));
      expect(failures.length, `${tries} attempts:\n${log.lines().join('\n')}`).to.equal(1);
      expect(failures[0]!.kind).to.equal('polite');
      await s.mine.setFaults({});
      await waitUntil(() => visibleStatus(el) === 'All changes saved', visibleStatus(el), { timeout: 30000 });
      await el.updateComplete;
      expect(speech().map((e) => e.text)).to.deep.equal([failures[0]!.text, 'All changes saved']);
      expect(speech().every((e) => e.kind === 'polite')).to.equal(true);
    } finally {
      log.stop();
      await s.mine.setFaults({});
    }
  });

  it('without tokenProvider: a warning before the session ends, read once, saying what is lost and what to do', async () => {
    const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
    const short = await s.partner.createKybToken({ clientId: s.clientId, lifetime: 240 });
    const el = await fixture<KybFormElement>(html`<kyb-form api-base="/sandbox"></kyb-form>`);
    const log = new LiveLog(el);
    try {
      el.tokenExpires = short.expiration;
      el.token = short.tokenString;
      await ready(el);
      await waitUntil(() => root(el).querySelector('[part~="session-warning"]'), 'the warning', {
        timeout: 5000,
      });
      const warning = root(el).querySelector('[part~="session-warning"]')!;
      const end = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }).format(
        Date.parse(short.expiration),
      );
      expect(warning.textContent!.replace(/\s+/g, ' ')).to.contain(`Your session ends at ${end}.`);
      expect(warning.textContent).to.match(/cannot be saved, and are lost/);
      expect(warning.textContent).to.match(/open this form again/);
      expect(warning.closest('[role="status"]')).to.not.equal(null);
      expect(
        [...root(el).querySelectorAll('button')].some((b) => /more time/i.test(b.textContent!)),
      ).to.equal(false);
      await aTimeout(2500);
      await el.updateComplete;
      const said = log.entries.filter((e) => /session ends/.test(e.text));
      expect(said.length, log.lines().join('\n')).to.equal(1);
      expect(said[0]!.kind).to.equal('polite');
      await expect(el).to.be.accessible();
    } finally {
      log.stop();
    }
  });

  it('a token far from its end shows no warning', async () => {
    const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
    const long = await s.partner.createKybToken({ clientId: s.clientId, lifetime: 3600 });
    const el = await fixture<KybFormElement>(
      html`<kyb-form
        .token=${long.tokenString}
        .tokenExpires=${long.expiration}
        api-base="/sandbox"
      ></kyb-form>`,
    );
    await ready(el);
    await aTimeout(500);
    expect(root(el).querySelector('[part~="session-warning"]')).to.equal(null);
  });

  it('with tokenProvider: silent renewal; when it fails, "Get more time" renews the session', async () => {
    const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
    const short = await s.partner.createKybToken({ clientId: s.clientId, lifetime: 30 });
    let calls = 0;
    let fail = true;
    const el = await fixture<KybFormElement>(html`<kyb-form api-base="/sandbox"></kyb-form>`);
    el.tokenProvider = async () => {
      calls++;
      if (fail) throw new Error('the partner server is down');
      return s.partner.createKybToken({ clientId: s.clientId, lifetime: 3600 });
    };
    el.tokenExpires = short.expiration;
    el.token = short.tokenString;
    await ready(el);
    // Renewal is due at once (30 s left, renewed 60 s before the end); it fails: the warning offers more time.
    await waitUntil(() => root(el).querySelector('[part~="session-warning"]'), 'the warning', {
      timeout: 5000,
    });
    expect(calls).to.equal(1);
    expect(root(el).querySelector('[part~="session-warning"]')!.textContent).to.match(/could not be renewed/);
    const extend = () =>
      [...root(el).querySelectorAll<HTMLButtonElement>('button')].find((b) =>
        /more time/i.test(b.textContent!),
      );
    expect(extend()).to.exist;
    await expect(el).to.be.accessible();
    fail = false;
    extend()!.click();
    await waitUntil(() => !root(el).querySelector('[part~="session-warning"]'), 'the warning went', {
      timeout: 5000,
    });
    expect(calls).to.equal(2);
    // The old token is gone: the renewed session still saves.
    await s.mine.expireKybToken(short.tokenString);
    await type(el, 'Company name', 'Renewed Ltd');
    await type(el, 'Country of registration', 'DE');
    await waitUntil(() => visibleStatus(el) === 'All changes saved', visibleStatus(el), { timeout: 15000 });
    expect(byLabel(el, 'Company name').value).to.equal('Renewed Ltd');
    expect(calls).to.equal(2);
  });

  it('<age-check> countdown: announced as it appears and in its last minute, never each minute', async () => {
    const { token } = await ageSession({ expiry_minutes: 5 });
    const el = await fixture<AgeCheckProbe>(
      html`<age-check-probe token=${token} api-base="/sandbox"></age-check-probe>`,
    );
    const log = new LiveLog(el);
    const realNow = Date.now;
    try {
      await waitForState(el, 'consent');
      await waitUntil(() => shadow(el).querySelector('[part="countdown"]'), 'the countdown', {
        timeout: 3000,
      });
      await aTimeout(2500);
      const timeSaid = () => log.entries.filter((e) => /left|expires|extended/i.test(e.text));
      expect(
        timeSaid().map((e) => e.text),
        log.lines().join('\n'),
      ).to.deep.equal([
        'Less than 5 minutes left. This link cannot be extended. Finish before it expires, or ask for a new link.',
      ]);
      // Three minutes on: nothing new; then the last minute: once more.
      const expires = Date.parse(el.state.session!.expires_at);
      Date.now = () => expires - 150_000;
      await aTimeout(2200);
      expect(timeSaid().length, log.lines().join('\n')).to.equal(1);
      Date.now = () => expires - 50_000;
      await aTimeout(2200);
      expect(timeSaid().map((e) => e.text)).to.deep.equal([
        'Less than 5 minutes left. This link cannot be extended. Finish before it expires, or ask for a new link.',
        'Less than a minute left. This link cannot be extended. Finish before it expires, or ask for a new link.',
      ]);
      expect(timeSaid().every((e) => e.kind === 'polite')).to.equal(true);
      findButton(el, /agree/i);
    } finally {
      Date.now = realNow;
      log.stop();
    }
  });

  it('<age-check> upload: its phases said once each, never each percent', async () => {
    const { token } = await ageSession({}, { estimates: [{ age: 35, confidence: 95 }] });
    const el = await fixture<AgeCheckProbe>(
      html`<age-check-probe token=${token} api-base="/sandbox"></age-check-probe>`,
    );
    const log = new LiveLog(el);
    try {
      await sendSelfie(el, 'done');
      await aTimeout(500);
      const said = log.entries.filter((e) => e.kind !== 'focus').map((e) => e.text);
      expect(
        said.filter((t) => /\d+ ?%/.test(t)),
        said.join('\n'),
      ).to.deep.equal([]);
      expect(said.filter((t) => t === 'Uploading the photo…').length, said.join('\n')).to.be.at.most(1);
      expect(said.filter((t) => t === 'Checking the photo…').length, said.join('\n')).to.equal(1);
    } finally {
      log.stop();
    }
  });
});
