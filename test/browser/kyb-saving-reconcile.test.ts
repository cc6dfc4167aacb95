/**
 * A record corrected after an unclear save is reconciled before the correction is sent. The beneficiary's
 * create commits but every answer about it is lost (its attempts and the look-up after them), so the save
 * fails; the user corrects the surname and saves again. After a reload the service holds exactly one
 * person, with the corrected surname, and the screen shows it. Keys on and off.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { button, byLabel, mount, ready, root, setup } from './kyb-form-helpers.ts';

const BENEFICIARIES = '^/kyb/forms/*/beneficiaries/$';
const text = (n: Node | null | undefined) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();

async function openPeople(token: string, keys: boolean): Promise<KybFormElement> {
  const el = keys
    ? await fixture<KybFormElement>(
        html`<kyb-form .token=${token} api-base="/sandbox" idempotency-keys></kyb-form>`,
      )
    : await mount(token);
  await ready(el);
  const go = () =>
    [...root(el).querySelectorAll<HTMLButtonElement>('.progress button')].find((b) =>
      /beneficiar|people/i.test(b.textContent ?? ''),
    );
  await waitUntil(() => go() && !go()!.disabled, 'the people step is offered', { timeout: 10000 });
  go()!.click();
  await el.updateComplete;
  await waitUntil(() => root(el).querySelector('#ben-add'), 'the people step shows', { timeout: 10000 });
  return el;
}

describe('a person corrected after an unclear save', function () {
  this.timeout(60000);

  for (const keys of [true, false]) {
    it(`keys ${keys ? 'on' : 'off'}: one person after a reload, with the corrected surname`, async () => {
      const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
      const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
      const formId = (await clean.createForm({ companyName: 'People Ltd', country: 'LT' })).id;
      const el = await openPeople(s.token, keys);
      button(el, 'Add a beneficiary').click();
      await el.updateComplete;
      const fill = async (label: string, value: string) => {
        const c = byLabel(el, label);
        c.value = value;
        c.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
        c.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
        await el.updateComplete;
      };
      await waitUntil(() => root(el).querySelector('input'), 'the beneficiary form', { timeout: 10000 });
      await fill('First name', 'Ona');
      await fill('Last name', 'Smit');
      byLabel(el, 'Shareholder').click();
      await el.updateComplete;
      await s.mine.setFaults({
        dropRate: 1,
        afterCommit: true,
        paths: BENEFICIARIES,
        methods: ['POST', 'GET'],
      });
      button(el, 'Save the beneficiary').click();
      await waitUntil(
        () => root(el).querySelector('#ben-form-save-error, [id$="-save-error"]'),
        'the save failed',
        {
          timeout: 20000,
        },
      );
      await s.mine.setFaults({});
      expect(
        (await clean.listBeneficiaries(formId)).length,
        'the first attempt was stored',
      ).to.be.greaterThan(0);
      await fill('Last name', 'Smith');
      button(el, 'Try saving again').click();
      await waitUntil(
        () =>
          root(el).querySelectorAll('[part="beneficiary"]').length > 0 &&
          !root(el).querySelector('[id$="-save-error"]'),
        'the corrected person is saved',
        { timeout: 15000 },
      );
      const stored = await clean.listBeneficiaries(formId);
      expect(stored.map((b) => `${b.info.name} ${b.info.surname}`)).to.deep.equal(['Ona Smith']);
      el.remove();
      const again = await openPeople(s.token, keys);
      await waitUntil(
        () => root(again).querySelectorAll('[part="beneficiary"]').length > 0,
        'the person shows',
        {
          timeout: 10000,
        },
      );
      const cards = [...root(again).querySelectorAll('[part="beneficiary"]')].map((c) =>
        text(c.querySelector('[part~="beneficiary-name"]')),
      );
      expect(cards).to.deep.equal(['Ona Smith']);
    });
  }
});
