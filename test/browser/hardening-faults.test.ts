/**
 * Hardening: `<kyb-form>` and `<age-check>` against the sandbox fault mode (latency, 5xx, dropped
 * connections, 429, offline, faults on submit before / after commit). Every case is counted and the
 * total printed as `hardening: fault scenarios: N cases, 0 failures`.
 */
import { expect, fixture, html, oneEvent, waitUntil, aTimeout } from '@open-wc/testing';
import '../../src/age-check/define.ts';
import { AgeCheckElement } from '../../src/age-check/age-check.ts';
import type { MachineState } from '../../src/age-check/machine.ts';
import { AgeClient } from '../../src/api/age-client.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { SandboxControl, type Faults } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { errorRecorder, SIMPLE_QUESTIONNAIRE } from '../fixtures/hardening-support.ts';
import {
  button,
  byLabel,
  labels,
  mount,
  ready,
  requests,
  root,
  setup,
  type,
  type Setup,
} from './kyb-form-helpers.ts';
import { ageRequest } from '../support/age-request.ts';

/* ------------------------------------------------------------------ counting */

let cases = 0;
let failures = 0;
/** Runs one counted case: a failure is counted and rethrown. */
async function counted(body: () => Promise<void>) {
  cases++;
  try {
    await body();
  } catch (err) {
    failures++;
    throw err;
  }
}

/* ------------------------------------------------------------------ in-page request counting */

let submitPosts = 0;
const isSubmitPost = (url: string, method: string) =>
  method.toUpperCase() === 'POST' && /\/submit\/?$/.test(new URL(url, location.href).pathname);
const origFetch = window.fetch.bind(window);
window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  if (isSubmitPost(url, method)) submitPosts++;
  return origFetch(input, init);
};
const xhrUrls = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
const origOpen = XMLHttpRequest.prototype.open;
const origSend = XMLHttpRequest.prototype.send;
XMLHttpRequest.prototype.open = function (
  this: XMLHttpRequest,
  method: string,
  url: string | URL,
  ...rest: unknown[]
) {
  xhrUrls.set(this, { method, url: String(url) });
  return (origOpen as (...a: unknown[]) => void).call(this, method, url, ...rest);
} as typeof XMLHttpRequest.prototype.open;
XMLHttpRequest.prototype.send = function (
  this: XMLHttpRequest,
  body?: Document | XMLHttpRequestBodyInit | null,
) {
  const info = xhrUrls.get(this);
  if (info && isSubmitPost(info.url, info.method)) submitPosts++;
  return origSend.call(this, body);
};

/* ------------------------------------------------------------------ KYB helpers */

const allFields = { kyb: { info: { locale: 'en', theme: null, flow: null }, questionnaires: [] } };

const saveText = (el: KybFormElement) =>
  (root(el).querySelector('[part~="save-status"]')?.textContent ?? '').replace(/\s+/g, ' ').trim();
const hasRetry = (el: KybFormElement) =>
  [...root(el).querySelectorAll('[part~="save-status"] button')].some((b) =>
    /retry saving/i.test(b.textContent ?? ''),
  );
const heading = (el: KybFormElement) =>
  root(el).querySelector('#kyb-step-heading')?.textContent?.trim() ?? '';

/** Watches the save status: every text seen, and whether a failure was ever shown without a retry button. */
function watchSaveStatus(el: KybFormElement) {
  const seen = new Set<string>();
  let failedWithoutRetry = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    const t = saveText(el);
    if (t) seen.add(t);
    if (/could not be saved/i.test(t) && !hasRetry(el)) failedWithoutRetry = true;
    setTimeout(tick, 20);
  };
  tick();
  return {
    seen,
    get failedWithoutRetry() {
      return failedWithoutRetry;
    },
    stop: () => {
      stopped = true;
    },
  };
}

const VALUES: [label: string, key: string, value: string][] = [
  ['Company name', 'companyName', 'Faulty Widgets'],
  ['City', 'city', 'Ghent'],
  ['Registration number', 'registrationNumber', 'REG-4711'],
  ['Street and number', 'street', 'Main Street 5'],
  ['Postcode', 'postcode', '9000'],
];

async function typeAll(el: KybFormElement, suffix: string) {
  for (const [label, , value] of VALUES) {
    await type(el, label, `${value}${suffix}`);
    await aTimeout(30);
  }
}

/** The stored company of the client's form (read with a fresh token, no retries). */
async function storedCompany(s: Setup): Promise<Record<string, unknown> | null> {
  const client = new KybClient({ baseUrl: '/sandbox', token: await s.newToken(), retries: 0 });
  const [form] = await client.listForms();
  if (!form) return null;
  const full = await client.getForm(form.id);
  return full.company as unknown as Record<string, unknown>;
}

const stored = async (s: Setup, suffix: string) => {
  const c = await storedCompany(s).catch(() => null);
  return !!c && VALUES.every(([, key, value]) => c[key] === `${value}${suffix}`) && c.country === 'BE';
};

/* ------------------------------------------------------------------ age helpers */

class FaultAgeCheck extends AgeCheckElement {
  navigated: string[] = [];
  protected override navigate(url: string): void {
    this.navigated.push(url);
  }
  get state(): MachineState {
    return this.machine;
  }
}
if (!customElements.get('fault-age-check')) customElements.define('fault-age-check', FaultAgeCheck);

async function waitAge(el: FaultAgeCheck, names: MachineState['name'][], timeout = 15000) {
  await waitUntil(() => names.includes(el.state.name), `state ${names.join('|')} (now ${el.state.name})`, {
    timeout,
  });
  await el.updateComplete;
}
function ageButton(el: HTMLElement, name: RegExp): HTMLButtonElement {
  const b = [...el.shadowRoot!.querySelectorAll('button')].find((x) =>
    name.test(x.textContent?.trim() ?? ''),
  );
  if (!b) throw new Error(`no button ${name}`);
  return b;
}
async function takeSelfie(el: FaultAgeCheck) {
  if (el.state.name === 'consent') ageButton(el, /agree/i).click();
  else ageButton(el, /try again/i).click();
  await waitAge(el, ['live']);
  ageButton(el, /take photo/i).click();
  await waitAge(el, ['selfie-review']);
  ageButton(el, /use this photo/i).click();
  await waitAge(el, ['done', 'retry', 'step-up', 'locked', 'error']);
}

/* ------------------------------------------------------------------ tests */

const recorder = errorRecorder();

describe('hardening: fault scenarios', function () {
  this.timeout(40000);

  after(() => {
    console.log(`hardening: fault scenarios: ${cases} cases, ${failures} failures`);
  });

  // name, faults, a failure must be shown, statuses (0 = dropped) that must appear in the request log
  const SCENARIOS: [name: string, faults: Faults, mustFail: boolean, hits: number[]][] = [
    ['latency 300 ms', { latencyMs: 300 }, false, []],
    ['5xx share 0.4', { failRate: 0.4, seed: 7 }, false, [503]],
    ['dropped connections 0.3', { dropRate: 0.3, seed: 11 }, false, [0]],
    ['429 share 0.3', { rateLimitRate: 0.3, seed: 13 }, false, [429]],
    [
      'all combined',
      { latencyMs: 150, failRate: 0.3, dropRate: 0.2, rateLimitRate: 0.2, seed: 17 },
      false,
      [],
    ],
    ['every save fails (503)', { failRate: 1, paths: '^/kyb/forms/' }, true, [503]],
  ];

  for (const [name, faults, mustFail, hits] of SCENARIOS) {
    it(`${name}: every typed answer is kept and reaches the service`, () =>
      counted(async () => {
        const errorsBefore = recorder.errors.length;
        const s = await setup(allFields);
        const el = await mount(s.token);
        await ready(el);
        await s.mine.setFaults(faults);
        const watch = watchSaveStatus(el);
        try {
          await type(el, 'Country of registration', 'BE');
          await typeAll(el, '');
          for (const [label, , value] of VALUES) expect(byLabel(el, label).value).to.equal(value);
          if (mustFail)
            // What this sees is seen by the watcher too (it polls apart: a text may last less than its tick).
            await waitUntil(
              () => {
                const t = saveText(el);
                watch.seen.add(t);
                return /could not be saved/i.test(t);
              },
              'no failure shown',
              { timeout: 10000 },
            );
          else await aTimeout(600);
          // The user can go on while saves are pending or failed.
          button(el, 'Continue').click();
          await el.updateComplete;
          await waitUntil(() => heading(el) !== 'Company details', 'did not move on', { timeout: 3000 });
          await s.mine.setFaults({});
          window.dispatchEvent(new Event('online'));
          if (hasRetry(el)) button(el, 'Retry saving').click();
          await waitUntil(() => /all changes saved/i.test(saveText(el)), `not saved (${saveText(el)})`, {
            timeout: 15000,
          });
          expect(watch.failedWithoutRetry, 'a failure shown without a retry button').to.equal(false);
          if (faults.latencyMs)
            expect(
              [...watch.seen].some((t) => /saving/i.test(t)),
              'saving shown',
            ).to.equal(true);
          if (mustFail) expect([...watch.seen].some((t) => /could not be saved/i.test(t))).to.equal(true);
          await waitUntil(() => stored(s, ''), 'values not stored', { timeout: 5000 });
          // The faults did hit the element's requests (the scenario is not vacuous).
          const statuses = new Set((await requests(s)).map((r) => r.status));
          for (const st of hits) expect(statuses.has(st), `no request answered ${st}`).to.equal(true);
        } finally {
          watch.stop();
          await s.mine.setFaults({});
        }
        el.remove();
        // A new element with the same token gets every value back from the service.
        const again = await mount(s.token);
        await ready(again);
        for (const [label, , value] of VALUES) expect(byLabel(again, label).value, label).to.equal(value);
        expect(byLabel<HTMLSelectElement>(again, 'Country of registration').value).to.equal('BE');
        again.remove();
        expect(recorder.errors.slice(errorsBefore)).to.deep.equal([]);
      }));
  }

  it('offline and back online: saving resumes without user action', () =>
    counted(async () => {
      const s = await setup(allFields);
      const el = await mount(s.token);
      await ready(el);
      await type(el, 'Company name', 'Offline Co');
      await type(el, 'Country of registration', 'BE');
      await waitUntil(() => /all changes saved/i.test(saveText(el)), 'first save', { timeout: 8000 });
      await s.mine.setFaults({ dropRate: 1 });
      try {
        await typeAll(el, ' (offline)');
        await waitUntil(() => /could not be saved/i.test(saveText(el)), `no failure (${saveText(el)})`, {
          timeout: 10000,
        });
        expect(hasRetry(el)).to.equal(true);
        expect(await stored(s, ' (offline)')).to.equal(false);
      } finally {
        await s.mine.setFaults({});
      }
      window.dispatchEvent(new Event('online'));
      await waitUntil(() => stored(s, ' (offline)'), 'values did not reach the service', {
        timeout: 5000,
        interval: 200,
      });
      await waitUntil(() => /all changes saved/i.test(saveText(el)), 'not shown as saved', { timeout: 5000 });
      el.remove();
    }));

  it('questionnaire answers typed under combined faults are kept and reach the service', () =>
    counted(async () => {
      const s = await setup({
        kyb: {
          info: {
            locale: 'en',
            theme: null,
            flow: {
              fields: [
                { field: 'COMPANY_NAME', required: true, order: 1 },
                { field: 'COUNTRY', required: true, order: 2 },
              ],
            },
          },
          questionnaires: [SIMPLE_QUESTIONNAIRE],
        },
      });
      const el = await mount(s.token);
      await ready(el);
      await type(el, 'Company name', 'Questions Co');
      await type(el, 'Country of registration', 'BE');
      await waitUntil(() => /all changes saved/i.test(saveText(el)), 'first save', { timeout: 8000 });
      // Continue goes to the questionnaires once the form's objects (and the step's code) have loaded.
      await waitUntil(
        () =>
          [...root(el).querySelectorAll('button')].some((b) => /questionnaire/i.test(b.textContent ?? '')),
        'no questionnaires step',
        { timeout: 15000 },
      );
      button(el, 'Continue').click();
      await el.updateComplete;
      await waitUntil(() => labels(el).includes('Main activity'), `no questionnaire (${heading(el)})`, {
        timeout: 5000,
      });
      await s.mine.setFaults({ latencyMs: 100, failRate: 0.4, dropRate: 0.2, rateLimitRate: 0.2, seed: 23 });
      const watch = watchSaveStatus(el);
      try {
        await type(el, 'Main activity', 'Selling widgets');
        await type(el, 'Notes', 'Typed while the service misbehaved');
        await aTimeout(800);
        expect(byLabel(el, 'Main activity').value).to.equal('Selling widgets');
        await s.mine.setFaults({});
        window.dispatchEvent(new Event('online'));
        if (hasRetry(el)) button(el, 'Retry saving').click();
        await waitUntil(() => /all changes saved/i.test(saveText(el)), `not saved (${saveText(el)})`, {
          timeout: 15000,
        });
        expect(watch.failedWithoutRetry, 'a failure shown without a retry button').to.equal(false);
      } finally {
        watch.stop();
        await s.mine.setFaults({});
      }
      const client = new KybClient({ baseUrl: '/sandbox', token: await s.newToken(), retries: 0 });
      const [q] = await client.listQuestionnaires(el.formId!);
      const answers = JSON.stringify(await client.getAnswers(el.formId!, q!.id));
      expect(answers).to.contain('Selling widgets');
      expect(answers).to.contain('Typed while the service misbehaved');
      // The faults did hit some of the element's requests.
      expect(
        (await requests(s)).some((r) => [0, 429, 503].includes(r.status)),
        'no fault hit',
      ).to.equal(true);
      el.remove();
      const again = await mount(s.token);
      await ready(again);
      // The questionnaires step appears once the form's objects have loaded (slow on a loaded machine):
      // go to it by its progress button, not by a Continue that may be pressed before it exists.
      const stepButton = () =>
        [...root(again).querySelectorAll<HTMLButtonElement>('button')].find((b) =>
          /questionnaire/i.test(b.textContent ?? ''),
        );
      await waitUntil(() => stepButton(), 'no questionnaires step on reopen', { timeout: 15000 });
      stepButton()!.click();
      await again.updateComplete;
      await waitUntil(() => labels(again).includes('Main activity'), 'no questionnaire on reopen', {
        timeout: 10000,
      });
      expect(byLabel(again, 'Main activity').value).to.equal('Selling widgets');
      expect(byLabel(again, 'Notes').value).to.equal('Typed while the service misbehaved');
      again.remove();
    }));

  describe('submit under faults', () => {
    // Only company name and country: the review step follows the company step.
    const companyOnly = {
      kyb: {
        info: {
          locale: 'en',
          theme: null,
          flow: {
            fields: [
              { field: 'COMPANY_NAME', required: true, order: 1 },
              { field: 'COUNTRY', required: true, order: 2 },
            ],
          },
        },
        questionnaires: [],
      },
    };

    async function toReview() {
      const s = await setup(companyOnly);
      const el = await mount(s.token);
      await ready(el);
      await type(el, 'Company name', 'Submit Co');
      await type(el, 'Country of registration', 'FR');
      await waitUntil(
        async () => (await requests(s, 'POST', '/kyb/forms/')).some((r) => r.status === 201),
        'no create',
        { timeout: 5000 },
      );
      await waitUntil(() => /all changes saved/i.test(saveText(el)), 'not saved', { timeout: 5000 });
      button(el, 'Continue').click();
      await el.updateComplete;
      await waitUntil(() => heading(el) === 'Review and submit', `not on review (${heading(el)})`);
      return { s, el, formId: el.formId! };
    }
    const status = async (s: Setup, formId: string) =>
      (await new KybClient({ baseUrl: '/sandbox', token: await s.newToken(), retries: 0 }).getForm(formId))
        .meta.status;

    const REFUSED: [name: string, faults: Faults][] = [
      ['503 before commit', { failRate: 1, paths: 'submit/' }],
      ['429', { rateLimitRate: 1, paths: 'submit/' }],
    ];
    for (const [name, faults] of REFUSED) {
      it(`${name}: sent once, an error is shown, the form stays PENDING`, () =>
        counted(async () => {
          const { s, el, formId } = await toReview();
          await s.mine.setFaults(faults);
          submitPosts = 0;
          try {
            const failed = oneEvent(el, 'kyb-error');
            button(el, 'Submit').click();
            await failed;
            await el.updateComplete;
            await aTimeout(2500);
            expect(submitPosts).to.equal(1);
            expect(root(el).querySelector('[part~="submitted"]')).to.equal(null);
            expect(root(el).querySelector('[part~="submit-error"]')?.textContent ?? '').to.match(
              /not (be )?submitted/i,
            );
          } finally {
            await s.mine.setFaults({});
          }
          expect(await status(s, formId)).to.equal('PENDING');
          el.remove();
        }));
    }

    it('answer lost after commit: sent once, ends on the submitted screen', () =>
      counted(async () => {
        const { s, el, formId } = await toReview();
        await s.mine.setFaults({ dropRate: 1, paths: 'submit/', afterCommit: true });
        submitPosts = 0;
        try {
          const submitted = oneEvent(el, 'kyb-submitted');
          button(el, 'Submit').click();
          await submitted;
          await el.updateComplete;
          await aTimeout(500);
          expect(submitPosts).to.equal(1);
          expect(root(el).querySelector('[part~="submitted"]')).to.not.equal(null);
          expect(root(el).querySelector('[part~="submit-error"]')).to.equal(null);
        } finally {
          await s.mine.setFaults({});
        }
        expect(await status(s, formId)).to.not.equal('PENDING');
        el.remove();
      }));
  });

  it('<age-check>: an upload dropped before the service is retried without using an attempt', () =>
    counted(async () => {
      const anon = new SandboxControl({ baseUrl: '/sandbox' });
      const account = await anon.createAccount({});
      const control = anon.withAccount(account);
      const partner = new PartnerClient({
        baseUrl: '/sandbox',
        apiKey: account.apiKey,
        apiSecret: account.apiSecret,
      });
      const { token } = await partner.createAgeToken(ageRequest({ retry_limit: 3 }));
      await control.setAgeScenario(token, { estimates: [{ age: 35, confidence: 95 }] });
      const age = new AgeClient({ baseUrl: '/sandbox', token });
      await control.setFaults({ dropRate: 1, paths: 'session/selfie/' });
      const el = await fixture<FaultAgeCheck>(
        html`<fault-age-check token=${token} api-base="/sandbox" redirect="none"></fault-age-check>`,
      );
      try {
        await waitAge(el, ['consent']);
        await takeSelfie(el);
        expect(el.state.name).to.equal('error');
        await control.setFaults({});
        expect((await age.session()).attempts_used).to.equal(0);
        const complete = oneEvent(el, 'age-check-complete');
        await takeSelfie(el);
        expect(el.state.name).to.equal('done');
        expect((await complete).detail.outcome).to.equal('SUCCESS');
        const session = await age.session();
        expect(session.attempts_used).to.equal(1);
        expect(session.status).to.equal('COMPLETED');
        expect(el.navigated).to.deep.equal([]);
      } finally {
        await control.setFaults({});
        el.remove();
      }
    }));
});
