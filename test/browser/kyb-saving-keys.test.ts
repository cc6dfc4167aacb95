/**
 * A key means one body. The form's create commits but its answer is lost (the sandbox drops the
 * connection after the handler ran, on every attempt of that POST and of the look-up after it); the user
 * types City meanwhile. The
 * element must find the form it created before it sends the bigger body, never replay the first answer
 * under the create's key: after a reload City is stored on the service and shown. Keys on and off.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { byLabel, mount, ready, root, setup, type } from './kyb-form-helpers.ts';

const FORMS = '^/kyb/forms/$';
const status = (el: KybFormElement) =>
  root(el).querySelector('[part~="save-status"] > span')?.textContent?.trim() ?? '';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a create whose answer was lost, then the user typed more', function () {
  this.timeout(60000);

  for (const keys of [true, false]) {
    it(`keys ${keys ? 'on' : 'off'}: City typed meanwhile is stored and shown after a reload`, async () => {
      const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
      const el = keys
        ? await fixture<KybFormElement>(
            html`<kyb-form .token=${s.token} api-base="/sandbox" idempotency-keys></kyb-form>`,
          )
        : await mount(s.token);
      await ready(el);
      // The create commits and every answer about it is lost (its attempts and the look-up that follows),
      // until the element shows the save failed; the user types City then, and the network comes back.
      await s.mine.setFaults({ dropRate: 1, afterCommit: true, paths: FORMS, methods: ['POST', 'GET'] });
      await type(el, 'Company name', 'Lost Answer Ltd');
      await type(el, 'Country of registration', 'LT');
      await waitUntil(() => /could not be saved/.test(status(el)), 'the save failed', { timeout: 20000 });
      await type(el, 'City', 'Vilnius');
      await s.mine.setFaults({});
      await waitUntil(() => el.formId !== null, 'the form is known', { timeout: 30000 });
      await waitUntil(() => status(el) === 'All changes saved', 'the changes are saved', { timeout: 30000 });
      const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
      const forms = await clean.listForms();
      expect(forms, 'one form').to.have.length(1);
      const stored = await clean.getForm(forms[0]!.id);
      expect(stored.company?.city, 'City on the service').to.equal('Vilnius');
      el.remove();
      await sleep(100);
      const again = await mount(s.token);
      await ready(again);
      expect(byLabel(again, 'City').value, 'City after reopening').to.equal('Vilnius');
      expect(byLabel(again, 'Company name').value).to.equal('Lost Answer Ltd');
    });
  }
});

describe('a create whose answer is lost while the user types', function () {
  this.timeout(60000);

  for (const keys of [true, false]) {
    it(`keys ${keys ? 'on' : 'off'}: City typed during the lost create is stored, not replaced by the replay`, async () => {
      const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
      const el = keys
        ? await fixture<KybFormElement>(
            html`<kyb-form .token=${s.token} api-base="/sandbox" idempotency-keys></kyb-form>`,
          )
        : await mount(s.token);
      await ready(el);
      // The first create is slow, commits, and its answer is lost; the retry (same key) is answered
      // from the service's memory of the first body. City is typed while the first create is in flight.
      await s.mine.setFaults({
        latencyMs: 1500,
        dropRate: 1,
        afterCommit: true,
        paths: FORMS,
        methods: ['POST'],
        times: 1,
      });
      await type(el, 'Company name', 'Replay Ltd');
      await type(el, 'Country of registration', 'LT');
      await sleep(400);
      await type(el, 'City', 'Kaunas');
      await waitUntil(() => el.formId !== null, 'the form is known', { timeout: 30000 });
      await waitUntil(() => status(el) === 'All changes saved', 'the changes are saved', { timeout: 30000 });
      await sleep(300);
      const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
      const forms = await clean.listForms();
      expect(forms, 'one form').to.have.length(1);
      const stored = await clean.getForm(forms[0]!.id);
      expect(stored.company?.city, 'City on the service').to.equal('Kaunas');
      expect(byLabel(el, 'City').value, 'City on screen').to.equal('Kaunas');
      el.remove();
      await sleep(100);
      const again = await mount(s.token);
      await ready(again);
      expect(byLabel(again, 'City').value, 'City after reopening').to.equal('Kaunas');
    });
  }
});
