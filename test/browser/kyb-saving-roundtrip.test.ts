/**
 * Data round-trips unchanged: a DATETIME answer the user did not touch is stored byte for byte after the
 * questionnaire step re-sends its answers; a document whose name has 150 characters uploads, its name cut
 * to the published 100 characters keeping the extension. Counted on the sandbox.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { labels, mount, ready, root, setup, type, type Setup } from './kyb-form-helpers.ts';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const STORED = '2025-03-14T09:26:53.589793Z';
const QUESTIONNAIRE = {
  key: 'rt',
  name: 'Round trip',
  title: 'Round trip',
  sections: [
    {
      key: 's',
      title: 'Section',
      questions: [
        { key: 'when', title: 'When', type: 'DATETIME' as const },
        { key: 'text', title: 'Text', type: 'TEXT' as const },
      ],
    },
  ],
};

async function open(
  step: RegExp,
  prepare?: (clean: KybClient, formId: string) => Promise<void>,
): Promise<{ s: Setup; el: KybFormElement; clean: KybClient; formId: string }> {
  const s = await setup({
    kyb: { info: { locale: 'en', theme: null, flow: null }, questionnaires: [QUESTIONNAIRE] },
  });
  const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
  const formId = (await clean.createForm({ companyName: 'Round Ltd', country: 'LT' })).id;
  await prepare?.(clean, formId);
  const el = await mount(s.token);
  await ready(el);
  const go = () =>
    [...root(el).querySelectorAll<HTMLButtonElement>('.progress button')].find((b) =>
      step.test(b.textContent ?? ''),
    );
  await waitUntil(() => go() && !go()!.disabled, `the step ${String(step)} is offered`, { timeout: 10000 });
  go()!.click();
  await el.updateComplete;
  return { s, el, clean, formId };
}

describe('data round-trips unchanged', function () {
  this.timeout(60000);

  it('a DATETIME answer the user did not touch is stored byte for byte after the step re-sends', async () => {
    let qid = '';
    const { el, clean, formId } = await open(/round trip|questionnaire/i, async (c, id) => {
      qid = (await c.listQuestionnaires(id))[0]!.id;
      await c.putAnswers(id, qid, { sections: { s: { when: { value: STORED } } } });
    });
    await waitUntil(() => labels(el).includes('Text'), 'the question shows', { timeout: 10000 });
    await type(el, 'Text', 'changed');
    await waitUntil(
      async () => (await clean.getAnswers(formId, qid))?.sections.s?.text?.value === 'changed',
      'the step re-sent its answers',
      { timeout: 10000 },
    );
    expect((await clean.getAnswers(formId, qid))?.sections.s?.when?.value).to.equal(STORED);
  });

  it('a 150-character file name uploads, cut to 100 characters with its extension', async () => {
    const { el, clean, formId } = await open(/documents/i);
    const name = `${'quarterly-report-'.repeat(8)}${'x'.repeat(150 - 17 * 8 - 4)}.png`;
    expect(name).to.have.length(150);
    const input = await waitUntil(
      () => root(el).querySelector<HTMLInputElement>('input[type="file"]'),
      'a file input',
      { timeout: 10000 },
    ).then(() => root(el).querySelector<HTMLInputElement>('input[type="file"]')!);
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0))], name, { type: 'image/png' }));
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(
      async () => (await clean.listCompanyDocuments(formId)).length > 0,
      'the document is stored',
      {
        timeout: 15000,
      },
    );
    const stored = (await clean.listCompanyDocuments(formId)).map((d) => d.filename);
    expect(stored).to.deep.equal([`${name.slice(0, 96)}.png`]);
  });
});
