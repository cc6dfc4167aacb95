/**
 * A form the service sent back for more information (issue 24): PENDING again after a submit. Its first
 * screen says so, that the answers are kept and what to do; the partner's message (the
 * `info-request-message` attribute) is shown as text. A form never submitted shows nothing of it.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/kyb-form/define.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { byLabel, ready, root, setup } from './kyb-form-helpers.ts';

const CONFIG = {
  kyb: {
    info: {
      locale: 'en',
      theme: null,
      flow: {
        fields: [
          { field: 'COMPANY_NAME', required: true, order: 1 },
          { field: 'COUNTRY', required: true, order: 2 },
        ],
        documents: [],
        beneficiaries: [],
      },
    },
    questionnaires: [],
  },
};

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** A form submitted, then sent back (`back`), or only created. */
async function form(back: boolean) {
  const s = await setup(CONFIG);
  const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
  const f = await client.createForm({ companyName: 'Acme GmbH', country: 'DE' });
  if (back) {
    await client.submit(f.id);
    await s.mine.requestInformation(f.id);
  }
  return s;
}

describe('<kyb-form> information requested', function () {
  this.timeout(30000);

  it('explains the request on the first screen, answers kept', async () => {
    const s = await form(true);
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox" locale="en"></kyb-form>`,
    );
    await ready(el);
    expect(el.step).to.equal('company');
    const notice = root(el).querySelector('[part~="info-request"]')!;
    expect(notice, 'no notice').to.exist;
    const text = clean(notice.textContent);
    expect(text).to.contain('More information was requested');
    expect(text).to.contain('Your answers so far are kept');
    expect(text).to.contain('Submit the form again');
    // No message from the partner: where to find out what is needed.
    expect(text).to.contain('will have said what is needed');
    expect(notice.querySelector('[part~="info-request-message"]')).to.equal(null);
    expect(byLabel(el, 'Company name').value).to.equal('Acme GmbH');
    await expect(el).to.be.accessible();
  });

  it("shows the partner's message as text", async () => {
    const s = await form(true);
    const message = 'A <b>recent</b> bank statement, please.';
    const el = await fixture<KybFormElement>(
      html`<kyb-form
        .token=${s.token}
        api-base="/sandbox"
        locale="en"
        info-request-message=${message}
      ></kyb-form>`,
    );
    await ready(el);
    const shown = root(el).querySelector('[part~="info-request-message"]')!;
    expect(clean(shown.textContent)).to.equal(`The reviewer asked for: ${message}`);
    expect(shown.querySelector('b')).to.equal(null);
    expect(clean(root(el).querySelector('[part~="info-request"]')!.textContent)).not.to.contain(
      'will have said',
    );
    // Set later (the partner learns it after the element opened): shown too.
    el.infoRequestMessage = 'The shareholder register.';
    await el.updateComplete;
    expect(clean(root(el).querySelector('[part~="info-request-message"]')!.textContent)).to.contain(
      'The shareholder register.',
    );
    await expect(el).to.be.accessible();
  });

  it('shows nothing for a form that was never submitted', async () => {
    const s = await form(false);
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox" locale="en" info-request-message="x"></kyb-form>`,
    );
    await ready(el);
    expect(root(el).querySelector('[part~="info-request"]')).to.equal(null);
  });
});
