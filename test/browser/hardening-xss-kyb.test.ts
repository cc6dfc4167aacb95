/**
 * Hardening: each payload of XSS_PAYLOADS in every text field the service controls for `<kyb-form>`
 * (theme, flow, custom fields, documents, questionnaires, beneficiary names, filenames, company name,
 * answers and error messages), through every step. Nothing executes, nothing active lands in the shadow
 * roots, no dangerous URL, and hostile colour values change no computed style.
 */
import { expect, fixture, html, waitUntil, aTimeout } from '@open-wc/testing';
import '../../src/kyb-form/define.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import { XSS_PAYLOADS } from '../fixtures/xss-payloads.ts';
import { activeContent, errorRecorder, goTo } from '../fixtures/hardening-support.ts';
import { root, setup, type } from './kyb-form-helpers.ts';

declare global {
  interface Window {
    __xss?: (id: string) => void;
  }
}
const executed: string[] = [];
window.__xss = (id: string) => void executed.push(id);

const COLOR_KEYS = [
  'primary',
  'secondary',
  'primaryBackground',
  'secondaryBackground',
  'hoveredButton',
  'disabledIconButton',
  'disabledButtonTypography',
  'disabledButton',
  'typography',
  'success',
  'successBackground',
  'error',
  'errorBackground',
  'warning',
  'warningBackground',
  'info',
  'infoBackground',
  'border',
] as const;

/** Service-controlled fields carrying the payload, by name (each counted as one case per payload). */
function config(p: string) {
  const fields: string[] = [];
  const f = <T>(name: string, v: T): T => (fields.push(name), v);
  const theme = {
    companyName: f('theme.companyName', p),
    font: f('theme.font', p),
    supportEmail: f('theme.supportEmail', p),
    logo: f('theme.logo', p),
    colors: Object.fromEntries(COLOR_KEYS.map((k) => [k, f(`theme.colors.${k}`, p)])),
  };
  const flow = {
    description: f('flow.description', p),
    questionnaireDescription: f('flow.questionnaireDescription', p),
    fields: [
      { field: 'COMPANY_NAME', required: true, order: 1 },
      { field: 'COUNTRY', required: true, order: 2 },
      { field: 'CITY', required: false, order: 3 },
    ],
    fieldsCustom: [
      {
        field: {
          id: '6f1c2a4e-8d3b-4c5a-9e7f-1a2b3c4d5e6f',
          key: 'volume',
          title: f('custom field title', p),
          description: f('custom field description', p),
          choices: [
            { key: 'a', title: f('custom field choice title', p) },
            { key: 'b', title: 'Plain' },
          ],
        },
        required: false,
        order: 4,
      },
      {
        field: {
          id: '7a2d3b5f-9e4c-4d6b-8f80-2b3c4d5e6f70',
          key: 'ref',
          title: f('custom text field title', p),
          description: p,
          choices: [],
        },
        required: false,
        order: 5,
      },
    ],
    documents: [{ docType: 'INCORPORATION_CERT', description: f('document description', p), required: true }],
    beneficiaries: [
      {
        required: false,
        description: f('beneficiaries description', p),
        fields: [{ field: 'OWNERSHIP_PERCENTAGE', required: false }],
        applicants: [
          {
            fields: [{ field: 'DATE_OF_BIRTH', required: false }],
            documents: [
              {
                docType: 'IDENTITY_DOCUMENT',
                description: f('applicant document description', p),
                required: true,
              },
            ],
          },
        ],
      },
    ],
    ownershipPercentageThreshold: 25,
  };
  const q = p.slice(0, 500);
  const questionnaires = [
    {
      key: 'profile',
      name: 'Profile', // the schema allows only a plain name here
      title: f('questionnaire title', q),
      description: f('questionnaire description', q),
      type: 'KYB',
      sections: [
        {
          key: 'main',
          title: f('section title', q),
          description: f('section description', q),
          questions: [
            {
              key: 'activity',
              title: f('question title', q),
              description: f('question description', q),
              placeholder: f('question placeholder', q),
              type: 'TEXT',
              required: false,
            },
            {
              key: 'kind',
              title: 'Kind',
              type: 'SELECT',
              required: false,
              placeholder: q,
              choices: [
                { key: 'x', title: f('question choice title (select)', q) },
                { key: 'y', title: 'Plain' },
              ],
            },
            {
              key: 'mode',
              title: 'Mode',
              type: 'RADIO',
              required: false,
              choices: [
                { key: 'x', title: f('question choice title (radio)', q) },
                { key: 'y', title: 'Plain' },
              ],
            },
            { key: 'site', title: 'Site', type: 'URL', required: false },
          ],
        },
      ],
    },
  ];
  return { info: { locale: 'en', theme, flow }, questionnaires, fields };
}

/** Computed colours of a few parts, to compare with the element under no theme at all. */
function colours(el: KybFormElement) {
  const pick = (sel: string) => {
    const n = root(el).querySelector(sel);
    if (!n) return null;
    const cs = getComputedStyle(n);
    return [cs.color, cs.backgroundColor, cs.borderTopColor, cs.fontSize, cs.display].join('|');
  };
  return {
    step: pick('[part~="step"]'),
    heading: pick('#kyb-step-heading'),
    primary: pick('button.btn-primary, [part~="primary-button"]'),
    input: pick('input'),
    progress: pick('[part~="progress"]'),
  };
}

function problems(el: KybFormElement, where: string): string[] {
  return [
    ...activeContent(el).map((x) => `${where}: ${x}`),
    ...executed.map((x) => `${where}: executed ${x}`),
  ];
}

const recorder = errorRecorder();
let cases = 0;
let failures = 0;
let baseline: ReturnType<typeof colours> | null = null;

describe('hardening: XSS payloads in every service-controlled text of <kyb-form>', function () {
  this.timeout(30000);
  let current: KybFormElement | null = null;
  afterEach(() => {
    current?.remove();
    current = null;
  });
  after(() => console.log(`hardening: XSS payloads (kyb): ${cases} cases, ${failures} failures`));

  before(async () => {
    const s = await setup({
      kyb: { info: { locale: 'en', theme: null, flow: config('x').info.flow }, questionnaires: [] },
    });
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox"></kyb-form>`,
    );
    await waitUntil(() => root(el).querySelector('#kyb-step-heading'), 'baseline not ready', {
      timeout: 8000,
    });
    await aTimeout(100);
    baseline = colours(el);
    el.remove();
  });

  XSS_PAYLOADS.forEach((p, i) => {
    it(`payload ${i + 1}: ${JSON.stringify(p.slice(0, 50))}`, async () => {
      const cfg = config(p);
      const s = await setup({ kyb: { info: cfg.info, questionnaires: cfg.questionnaires as never } });
      // Objects the service returns with the payload: company name, beneficiary names, filenames, answers.
      const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
      const name = p.slice(0, 200);
      const fields = [...cfg.fields];
      const form = await client.createForm({
        companyName: name,
        country: 'DE',
        city: name.slice(0, 100),
      } as never);
      fields.push('company name', 'company city');
      const ben = await client.createBeneficiary(form.id, {
        info: { infoType: 'INDIVIDUAL', name: name.slice(0, 100), surname: name.slice(0, 100) },
        beneficiaryTypes: ['UBO'],
      });
      fields.push('beneficiary name', 'beneficiary surname');
      // Filenames: the API refuses some (schema); what it accepts is rendered.
      for (const [what, upload] of [
        [
          'company document filename',
          () =>
            client.uploadCompanyDocument(form.id, {
              type: 'INCORPORATION_CERT',
              filename: `${name}.pdf`,
              file: btoa('%PDF-1.4\n'),
            }),
        ],
        [
          'beneficiary document filename',
          () =>
            client.uploadBeneficiaryDocument(form.id, ben.id, {
              type: 'IDENTITY_DOCUMENT',
              filename: `${name}.pdf`,
              file: btoa('%PDF-1.4\n'),
            }),
        ],
      ] as const) {
        try {
          await upload();
          fields.push(what);
        } catch {
          /* refused by the API schema: not a field the service can return */
        }
      }
      const [q] = await client.listQuestionnaires(form.id);
      try {
        await client.putAnswers(form.id, q!.id, {
          sections: { main: { activity: { value: p.slice(0, 500) }, site: { value: p.slice(0, 500) } } },
        });
        fields.push('answer (text)');
      } catch {
        await client.putAnswers(form.id, q!.id, {
          sections: { main: { activity: { value: p.slice(0, 500) } } },
        });
        fields.push('answer (text)');
      }

      const before = recorder.errors.length;
      executed.length = 0;
      const el = await fixture<KybFormElement>(
        html`<kyb-form .token=${s.token} api-base="/sandbox"></kyb-form>`,
      );
      current = el;
      await waitUntil(() => root(el).querySelector('#kyb-step-heading'), 'not ready', { timeout: 8000 });
      await aTimeout(50);
      const found: string[] = [];
      found.push(...problems(el, 'company'));
      // The payload is shown as text (company name input holds it verbatim).
      expect(root(el).querySelector<HTMLInputElement>('input[name="companyName"]')?.value).to.equal(name);
      const now = colours(el);
      expect(now, 'hostile colour values changed computed styles').to.deep.equal(baseline);

      for (const step of ['People and owners', 'Company documents', 'Questionnaires', 'Review and submit']) {
        await goTo(el, step);
        await aTimeout(150);
        await el.updateComplete;
        found.push(...problems(el, step));
      }
      // Error messages from the service: a write answered with a hostile error body.
      await goTo(el, 'Company details');
      const realFetch = window.fetch;
      window.fetch = async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (init?.method === 'PATCH' && /\/kyb\/forms\/[^/]+\/$/.test(new URL(url, location.href).pathname))
          return new Response(
            JSON.stringify({
              message: p,
              identifier: 'VALIDATION_ERROR',
              documentation: p,
              fields: { 'company.city': [p], '(root)': [p] },
            }),
            { status: 400, headers: { 'Content-Type': 'application/json' } },
          );
        return realFetch(input, init);
      };
      try {
        await type(el, 'City', 'Lyon');
        await aTimeout(600);
        await el.updateComplete;
        found.push(...problems(el, 'service error'));
      } finally {
        window.fetch = realFetch;
      }
      fields.push('error message', 'error field message', 'error documentation');
      await aTimeout(50);
      found.push(...problems(el, 'end'));
      expect(found).to.deep.equal([]);
      expect(recorder.errors.slice(before)).to.deep.equal([]);
      cases += fields.length;
    });
  });

  afterEach(function () {
    if (this.currentTest?.state !== 'passed') failures++;
  });
});
