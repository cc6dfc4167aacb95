/**
 * Bounded concurrency and 429: a form whose service answer holds 2,000 beneficiaries (seeded on the
 * sandbox through two other tokens of the same client, each within its rate limit) must not make the
 * element send thousands of requests, nor fail the documents and questionnaire steps on the rate limit.
 * Requests counted on the sandbox.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { KybClient } from '../../src/api/kyb-client.ts';
import { mount, ready, root, setup } from './kyb-form-helpers.ts';

const COUNT = 2000;
const QUESTIONNAIRE = {
  key: 'many',
  name: 'Many',
  title: 'Many',
  sections: [
    { key: 's', title: 'Section', questions: [{ key: 'text', title: 'Text', type: 'TEXT' as const }] },
  ],
};
const text = (n: Node | null | undefined) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('2,000 beneficiaries in the service’s answer', function () {
  this.timeout(180000);

  it('a bounded number of requests, and the documents and questionnaire steps work', async () => {
    const s = await setup({
      kyb: { info: { locale: 'en', theme: null, flow: null }, questionnaires: [QUESTIONNAIRE] },
    });
    const seeders = [new KybClient({ baseUrl: '/sandbox', token: s.token })];
    const formId = (await seeders[0]!.createForm({ companyName: 'Many Ltd', country: 'LT' })).id;
    seeders.push(new KybClient({ baseUrl: '/sandbox', token: await s.newToken() }));
    await Promise.all(
      seeders.map(async (c, n) => {
        for (let i = 0; i < COUNT / 2; i += 20)
          await Promise.all(
            Array.from({ length: 20 }, (_, j) =>
              c.createBeneficiary(formId, {
                beneficiaryTypes: ['SHAREHOLDER'],
                info: { infoType: 'INDIVIDUAL', name: `Person ${n}-${i + j}`, surname: 'Many' },
              }),
            ),
          );
      }),
    );
    expect(await seeders[1]!.listBeneficiaries(formId)).to.have.length(COUNT);
    const el = await mount(await s.newToken());
    await ready(el);
    const go = async (step: RegExp) => {
      const b = () =>
        [...root(el).querySelectorAll<HTMLButtonElement>('.progress button')].find((x) =>
          step.test(x.textContent ?? ''),
        );
      await waitUntil(() => b() && !b()!.disabled, `the step ${String(step)} is offered`, { timeout: 20000 });
      b()!.click();
      await el.updateComplete;
    };
    await go(/people|beneficiar/i);
    await waitUntil(() => root(el).querySelectorAll('[part="beneficiary"]').length === COUNT, 'every card', {
      timeout: 30000,
    });
    await go(/documents/i);
    await waitUntil(() => root(el).querySelector('input[type="file"]'), 'the documents step', {
      timeout: 20000,
    });
    await go(/many|questionnaire/i);
    await waitUntil(() => text(root(el)).includes('Text'), 'the questionnaire step', { timeout: 20000 });
    await new Promise((r) => setTimeout(r, 1000));
    const body = text(root(el));
    expect(body).to.not.match(/too many requests|could not be loaded|try again/i);
    const log = await s.mine.listRequests();
    const seeded = log
      .map((r) => r.method === 'POST' && r.path.endsWith('/beneficiaries/'))
      .lastIndexOf(true);
    const mine = log.slice(seeded + 1);
    console.log(
      `many: 2,000 beneficiaries: ${mine.length} requests, ${mine.filter((r) => r.status === 429).length} answered 429`,
    );
    expect(mine.length, 'requests of the element').to.be.lessThan(100);
    expect(mine.filter((r) => r.status === 429)).to.have.length(0);
  });
});
