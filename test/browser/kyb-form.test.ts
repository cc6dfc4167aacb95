import { expect, waitUntil } from '@open-wc/testing';
import { byLabel, labels, mount, ready, requests, root, setup, type } from './kyb-form-helpers.ts';

describe('<kyb-form> basics', () => {
  it('loads, shows the company step and creates then PATCHes the form', async () => {
    const s = await setup();
    const el = await mount(s.token);
    expect(root(el).querySelector('[part~="skeleton"]')).to.not.equal(null);
    await ready(el);
    expect(labels(el)).to.include('Company name');
    await type(el, 'Company name', 'Acme Ltd');
    await type(el, 'Country of registration', 'DE');
    await waitUntil(async () => (await requests(s, 'POST', '/kyb/forms/')).length === 1, 'no create', {
      timeout: 5000,
    });
    const created = await requests(s, 'POST', '/kyb/forms/');
    expect((created[0]!.body as { company: { companyName: string } }).company.companyName).to.equal(
      'Acme Ltd',
    );
    await type(el, 'Registration number', 'HRB 1234');
    await waitUntil(async () => (await requests(s, 'PATCH')).length >= 1, 'no patch', { timeout: 5000 });
    const patches = await requests(s, 'PATCH');
    expect(
      (patches.at(-1)!.body as { company: { registrationNumber: string } }).company.registrationNumber,
    ).to.equal('HRB 1234');
    expect(byLabel(el, 'Company name').value).to.equal('Acme Ltd');
  });
});
