/**
 * A late write must not overwrite a newer one. The first write of a value is slow on the service (the
 * sandbox's `latencyMs` with `times: 1`): the client's attempt times out, its retry saves the value, the
 * user then types a newer one, which is saved too; only then does the service process the first, timed-out
 * copy, and the older value overwrites the newer one. The element repairs it: after the unclear attempt's
 * settle delay it sends the current value again, and the service ends with the newest input. Answers (PUT)
 * and the company (PATCH) alike; no extra write when no attempt was unclear. A submit inside the settle
 * delay sends the newest value again first.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { KybClient } from '../../src/api/kyb-client.ts';
import { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { LateWrites } from '../../src/kyb-form/saving/late-writes.ts';
import { button, labels, mount, ready, requests, root, setup, type, type Setup } from './kyb-form-helpers.ts';

/** The element's per-attempt timeout here; the first write waits longer than it on the service. */
const TIMEOUT_MS = 800;
const LATENCY_MS = 3000;
/** The settle delay is 4 timeouts here (3.2 s after the attempt was given up, the late copy lands at 3 s). */
const SETTLE_FACTOR = 4;

const QUESTIONNAIRE = {
  key: 'late',
  name: 'Late',
  title: 'Late',
  sections: [
    { key: 's', title: 'Section', questions: [{ key: 'text', title: 'Text', type: 'TEXT' as const }] },
  ],
};

async function open(
  step: RegExp | null,
  label: string,
): Promise<{ s: Setup; el: KybFormElement; clean: KybClient; formId: string }> {
  const s = await setup({
    kyb: { info: { locale: 'en', theme: null, flow: null }, questionnaires: [QUESTIONNAIRE] },
  });
  const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
  const formId = (await clean.createForm({ companyName: 'Late Ltd', country: 'LT' })).id;
  const el = await mount(s.token);
  await ready(el);
  if (step) {
    const go = () =>
      [...root(el).querySelectorAll<HTMLButtonElement>('.progress button')].find((b) =>
        step.test(b.textContent ?? ''),
      );
    await waitUntil(() => go() && !go()!.disabled, `the step ${String(step)} is offered`, { timeout: 10000 });
    go()!.click();
    await el.updateComplete;
  }
  await waitUntil(() => labels(el).includes(label), `the field ${label} shows`, { timeout: 10000 });
  return { s, el, clean, formId };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The values each logged write carried, in the order the service processed them. */
const written = async (s: Setup, method: string, path: string, pick: (body: unknown) => unknown) =>
  (await requests(s, method, path)).filter((r) => r.status < 300).map((r) => pick(r.body));

type Body = Record<string, Record<string, Record<string, Record<string, { value?: unknown }>>>>;
const answerOf = (b: unknown) => (b as Body | null)?.sections?.s?.text?.value;
const nameOf = (b: unknown) => (b as { company?: { companyName?: unknown } } | null)?.company?.companyName;

interface Case {
  name: string;
  step: RegExp | null;
  label: string;
  method: 'PUT' | 'PATCH';
  paths: string;
  logPath: string;
  pick: (body: unknown) => unknown;
  stored: (clean: KybClient, formId: string) => Promise<unknown>;
}

const CASES: Case[] = [
  {
    name: 'answers (PUT)',
    step: /late|questionnaire/i,
    label: 'Text',
    method: 'PUT',
    paths: 'answers/$',
    logPath: '/answers/',
    pick: answerOf,
    stored: async (clean, formId) => {
      const q = (await clean.listQuestionnaires(formId))[0]!;
      return (await clean.getAnswers(formId, q.id))?.sections.s?.text?.value;
    },
  },
  {
    name: 'company (PATCH)',
    step: null,
    label: 'Company name',
    method: 'PATCH',
    paths: '^/kyb/forms/*/$',
    logPath: '/kyb/forms/',
    pick: nameOf,
    stored: async (clean, formId) => (await clean.getForm(formId)).company?.companyName,
  },
];

describe('a late, timed-out write does not overwrite a newer one', function () {
  this.timeout(60000);
  const settle = LateWrites.settleMs;
  beforeEach(() => {
    KybFormElement.clientTimeoutMs = TIMEOUT_MS;
    LateWrites.settleMs = (t) => SETTLE_FACTOR * t;
  });
  afterEach(() => {
    KybFormElement.clientTimeoutMs = undefined;
    LateWrites.settleMs = settle;
  });

  for (const c of CASES) {
    it(`${c.name}: the service ends with the newest input after the late copy landed`, async () => {
      const { s, el, clean, formId } = await open(c.step, c.label);
      await s.mine.setFaults({ latencyMs: LATENCY_MS, paths: c.paths, methods: [c.method], times: 1 });
      const t0 = Date.now();
      await type(el, c.label, 'Older A');
      await waitUntil(async () => (await c.stored(clean, formId)) === 'Older A', 'the retry saved A', {
        timeout: 10000,
        interval: 100,
      });
      await type(el, c.label, 'Newer B');
      await waitUntil(async () => (await c.stored(clean, formId)) === 'Newer B', 'B was saved', {
        timeout: 10000,
        interval: 100,
      });
      expect(Date.now() - t0, 'B was saved before the late copy of A landed').to.be.below(LATENCY_MS);
      // The late copy of A lands (at LATENCY_MS), then the settle delay ends and the element re-sends.
      await sleep(TIMEOUT_MS * (1 + SETTLE_FACTOR) + 1500 - (Date.now() - t0));
      const order = await written(s, c.method, c.logPath, c.pick);
      console.log(`write-once-late: ${c.name}: writes processed in order ${JSON.stringify(order)}`);
      const lastB = order.lastIndexOf('Newer B');
      const lateA = order.lastIndexOf('Older A');
      expect(order.indexOf('Newer B'), 'the late copy of A was processed after B').to.be.below(lateA);
      expect(lastB, 'B was sent again after the late copy').to.be.above(lateA);
      expect(await c.stored(clean, formId), 'the service holds the newest input').to.equal('Newer B');
      const status = root(el).querySelector('[part~="save-status"]');
      expect(status?.className, 'the status shows saved').to.match(/\bsaved\b/);
    });

    it(`${c.name}: no extra write when no attempt was unclear`, async () => {
      const { s, el, clean, formId } = await open(c.step, c.label);
      await type(el, c.label, 'Only A');
      await waitUntil(async () => (await c.stored(clean, formId)) === 'Only A', 'A was saved', {
        timeout: 10000,
        interval: 100,
      });
      await type(el, c.label, 'Only B');
      await waitUntil(async () => (await c.stored(clean, formId)) === 'Only B', 'B was saved', {
        timeout: 10000,
        interval: 100,
      });
      await sleep(TIMEOUT_MS * SETTLE_FACTOR + 800);
      expect(await written(s, c.method, c.logPath, c.pick)).to.deep.equal(['Only A', 'Only B']);
    });
  }
  it('company: a submit after the late copy landed, before the settle delay ended, sends the newest value first', async () => {
    // A long settle delay: the submit happens inside it, so only the flush can repair the late copy.
    LateWrites.settleMs = (t) => 20 * t;
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
        questionnaires: [],
      },
    });
    const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
    const formId = (await clean.createForm({ companyName: 'Late Ltd', country: 'LT' })).id;
    const el = await mount(s.token);
    await ready(el);
    const stored = async () => (await clean.getForm(formId)).company?.companyName;
    await s.mine.setFaults({ latencyMs: LATENCY_MS, paths: '^/kyb/forms/*/$', methods: ['PATCH'], times: 1 });
    await type(el, 'Company name', 'Older A');
    await waitUntil(async () => (await stored()) === 'Older A', 'the retry saved A', {
      timeout: 10000,
      interval: 100,
    });
    await type(el, 'Company name', 'Newer B');
    await waitUntil(async () => (await stored()) === 'Newer B', 'B was saved', {
      timeout: 10000,
      interval: 100,
    });
    await waitUntil(async () => (await stored()) === 'Older A', 'the late copy of A landed', {
      timeout: 10000,
      interval: 100,
    });
    button(el, 'Continue').click();
    await waitUntil(
      () => /review/i.test(root(el).querySelector('#kyb-step-heading')?.textContent ?? ''),
      'on review',
    );
    const submitted = oneEvent(el, 'kyb-submitted');
    button(el, 'Submit').click();
    await submitted;
    expect(await stored(), 'the submitted form holds the newest input').to.equal('Newer B');
    const order = (await requests(s)).filter((r) => r.method === 'PATCH' || r.path.endsWith('/submit/'));
    const last = order.at(-1);
    expect(last?.path, 'the submit came last').to.match(/\/submit\/$/);
    expect(nameOf(order.at(-2)?.body), 'B was sent again just before the submit').to.equal('Newer B');
  });
});
