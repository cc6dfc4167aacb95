/**
 * The accessibility suite (issue 25), `<kyb-form>`: every state in Chromium, each checked by check() of
 * a11y-checks.ts (axe WCAG 2.2 A/AA in the shadow roots, reflow at 320x256, 200 % text, text spacing,
 * target size, focus visible at every Tab stop, forced colours, reduced motion, the live-region log).
 * States: company step (empty; after Continue with errors; with the warning before the session ends; of a
 * form sent back for more information),
 * people (list; the add form open), documents, questionnaires, review, submitted, the error screen.
 * The table goes to bench/results/a11y-suite.md. `<age-check>`'s states: a11y-suite-age.test.ts.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { KybClient } from '../../src/api/kyb-client.ts';
import { DEMO_FLOW, DEMO_THEME } from '../../src/sandbox/fixtures.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { check, expectClean, VIEWPORT, writeTable } from './a11y-checks.ts';
import { LiveLog } from './a11y-live.ts';
import { ready, root, setup, type, type Setup } from './kyb-form-helpers.ts';

/** The element between two page buttons, so Tab walks into it and out of it; its log starts at once. */
async function place(
  s: Setup,
  token = s.token,
  expires?: string,
): Promise<{ el: KybFormElement; log: LiveLog }> {
  const wrap = await fixture<HTMLDivElement>(
    html`<div>
      <button id="a11y-before">Before</button>
      <kyb-form .token=${token} .tokenExpires=${expires ?? null} api-base="/sandbox"></kyb-form>
      <button id="a11y-after">After</button>
    </div>`,
  );
  const el = wrap.children[1] as KybFormElement;
  return { el, log: new LiveLog(el) };
}

const heading = (el: KybFormElement) =>
  root(el).querySelector('#kyb-step-heading')?.textContent?.trim() ?? '';
const button = (el: KybFormElement, name: RegExp) =>
  [...root(el).querySelectorAll<HTMLButtonElement>('button')].find((b) => name.test(b.textContent!.trim()))!;

const SMALL_FIELDS = [
  { field: 'COMPANY_NAME', required: true, order: 1, readOnly: false, changeRequired: false },
  { field: 'COUNTRY', required: true, order: 2, readOnly: false, changeRequired: false },
  { field: 'CITY', required: true, order: 3, readOnly: false, changeRequired: false },
];
type Flow = Record<string, unknown>;
const flowWith = (over: Flow): Flow => ({ ...DEMO_FLOW, fields: SMALL_FIELDS, fieldsCustom: [], ...over });

/** A new client on `flow`; the company filled in and saved, then Continue until `title` shows. */
async function toStep(flow: Flow, title: string, questionnaires?: []) {
  const s = await setup({
    kyb: { info: { locale: 'en', theme: DEMO_THEME, flow }, ...(questionnaires ? { questionnaires } : {}) },
  });
  const { el, log } = await place(s);
  await ready(el);
  await type(el, 'Company name', 'Accessible Ltd');
  await type(el, 'Country of registration', 'FR');
  await type(el, 'City', 'Lyon');
  await waitUntil(() => el.formId !== null, 'the form was created', { timeout: 10000 });
  const from = log.now;
  button(el, /^Continue$/).click();
  await waitUntil(() => heading(el) === title, `the step "${title}" (now "${heading(el)}")`, {
    timeout: 15000,
  });
  await waitUntil(() => !root(el).querySelector('[part~="skeleton"]'), 'the step loaded', { timeout: 15000 });
  return { s, el, log, from };
}

describe('accessibility suite: <kyb-form> (Chromium)', function () {
  this.timeout(120000);
  before(async () => setViewport(VIEWPORT));
  after(async () => writeTable('kyb-form'));

  it('company step: empty, then after Continue with errors', async () => {
    const s = await setup({
      kyb: { info: { locale: 'en', theme: DEMO_THEME, flow: DEMO_FLOW }, questionnaires: [] },
    });
    const { el, log } = await place(s);
    await ready(el);
    expectClean(await check('company step', el, { element: 'kyb-form', log, from: 0 }));
    const from = log.now;
    button(el, /^Continue$/).click();
    await waitUntil(() => root(el).querySelector('[part~="error-summary"]'), 'the error summary', {
      timeout: 10000,
    });
    expectClean(await check('company step, error summary', el, { element: 'kyb-form', log, from }));
    log.stop();
  });

  it('company step with the warning before the session ends', async () => {
    const s = await setup({ kyb: { info: { locale: 'en', theme: DEMO_THEME, flow: null } } });
    const short = await s.partner.createKybToken({ clientId: s.clientId, lifetime: 200 });
    const { el, log } = await place(s, short.tokenString, short.expiration);
    await ready(el);
    await waitUntil(() => root(el).querySelector('[part~="session-warning"]'), 'the warning', {
      timeout: 5000,
    });
    expectClean(await check('session warning', el, { element: 'kyb-form', log, from: 0 }));
    log.stop();
  });

  it("company step of a form sent back for more information (with the partner's message)", async () => {
    const flow = flowWith({ fields: SMALL_FIELDS.slice(0, 2), documents: [], beneficiaries: [] });
    const s = await setup({ kyb: { info: { locale: 'en', theme: DEMO_THEME, flow }, questionnaires: [] } });
    const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
    const f = await client.createForm({ companyName: 'Accessible Ltd', country: 'FR' });
    await client.submit(f.id);
    await s.mine.requestInformation(f.id);
    const { el, log } = await place(s);
    el.infoRequestMessage = 'Please upload a recent proof of address.';
    await ready(el);
    await waitUntil(() => root(el).querySelector('[part~="info-request"]'), 'the notice', { timeout: 10000 });
    expectClean(await check('information requested', el, { element: 'kyb-form', log, from: 0 }));
    log.stop();
  });

  it('people: the list, then the add form', async () => {
    const { el, log, from } = await toStep(flowWith({}), 'People and owners');
    expectClean(await check('people', el, { element: 'kyb-form', log, from }));
    const from2 = log.now;
    button(el, /^Add/).click();
    await waitUntil(() => root(el).querySelector('[part~="beneficiary-form"]'), 'the add form', {
      timeout: 10000,
    });
    expectClean(await check('people, add form', el, { element: 'kyb-form', log, from: from2 }));
    log.stop();
  });

  it('documents', async () => {
    const { el, log, from } = await toStep(flowWith({ beneficiaries: [] }), 'Company documents');
    expectClean(await check('documents', el, { element: 'kyb-form', log, from }));
    log.stop();
  });

  it('questionnaires', async () => {
    const { el, log, from } = await toStep(flowWith({ beneficiaries: [], documents: [] }), 'Questionnaires');
    await waitUntil(() => root(el).querySelector('[part~="questionnaire"]'), 'a questionnaire', {
      timeout: 10000,
    });
    expectClean(await check('questionnaires', el, { element: 'kyb-form', log, from }));
    log.stop();
  });

  it('review, then submitted', async () => {
    const { el, log, from } = await toStep(
      flowWith({ beneficiaries: [], documents: [] }),
      'Review and submit',
      [],
    );
    expectClean(await check('review', el, { element: 'kyb-form', log, from }));
    const from2 = log.now;
    button(el, /^Submit$/).click();
    await waitUntil(() => root(el).querySelector('[part~="submitted"]'), 'the submitted screen', {
      timeout: 15000,
    });
    expectClean(await check('submitted', el, { element: 'kyb-form', log, from: from2 }));
    log.stop();
  });

  it('the error screen (a token the service refuses)', async () => {
    const s = await setup({ kyb: { info: { locale: 'en', theme: DEMO_THEME, flow: null } } });
    const { el, log } = await place(s, 'kyb_not_a_token');
    await waitUntil(
      () => /no longer valid/.test(root(el).querySelector('[part~="error"]')?.textContent ?? ''),
      'the error screen',
      { timeout: 10000 },
    );
    const r = await check('error screen', el, { element: 'kyb-form', log, from: 0, error: true });
    expectClean(r, false);
    expect(r.said.length).to.be.at.most(1);
    log.stop();
  });
});
