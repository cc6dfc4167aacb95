/**
 * Property test "no dead end on any data" (issue 16 item 1): for each seed, a random valid configuration
 * (test/fixtures/random-kyb.ts) goes into a fresh sandbox account with a form, a beneficiary with a
 * document, a company document and answers; then EVERY JSON response the element reads under `/kyb/`
 * (`/kyb/info/` with theme, flow and locale; forms; company; beneficiaries; documents; questionnaires with
 * question types, choices and conditions; answers; the answers to writes and errors) has its string
 * members replaced at random by arbitrary strings and unknown enum values (test/fixtures/mutate-json.ts,
 * which walks the JSON generically, so members added later are covered too). The element must walk
 * every step to Review, its Submit button must be enabled, and clicking it must send the submit request or
 * show what to fix (error summary, submit error): no uncaught error, no unhandled rejection, no
 * console.error.
 *
 * The responses are mutated in the page (a wrapper around `fetch`, active only while the element runs),
 * so the sandbox stays valid and the element reads exactly what a misbehaving service could send.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/kyb-form/define.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { mutateJson, newStats, type MutationStats } from '../fixtures/mutate-json.ts';
import { randomKyb } from '../fixtures/random-kyb.ts';
import { root, setup } from './kyb-form-helpers.ts';

/**
 * Runs: seed (a different configuration and different mutations each) and the share of string members
 * replaced in each response. At the higher rate the form id itself is sometimes replaced by an empty
 * string: the published schema types `id` as any string, but an empty one cannot name the form in a path,
 * so the form cannot be used at all. The element then ends on an honest error screen that says so, with no
 * "Try again" (which could never succeed); the outcome is counted, and a separate case below makes it
 * happen on purpose.
 */
const RUNS = [
  ...Array.from({ length: 32 }, (_, i) => ({ seed: 1000 + i, rate: 0.3 })),
  ...Array.from({ length: 16 }, (_, i) => ({ seed: 2000 + i, rate: 0.7 })),
];

const PDF = btoa('%PDF-1.4\n%mutated data test\n');

/* ------------------------------------------------------------------ errors */

const errors: string[] = [];
const onError = (e: ErrorEvent) => errors.push(`error: ${e.message}`);
const onRejection = (e: PromiseRejectionEvent) => {
  const r: unknown = e.reason;
  errors.push(`unhandled rejection: ${r instanceof Error ? `${r.name}: ${r.message}` : String(r)}`);
};
const realConsoleError = console.error.bind(console);

/* ------------------------------------------------------------------ the response mutator */

const realFetch = window.fetch.bind(window);
let active: { seed: number; rate: number; stats: MutationStats; sent: string[] } | null = null;

async function mutatingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await realFetch(input, init);
  const run = active;
  if (!run) return res;
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(raw, location.href);
  if (!url.pathname.startsWith('/sandbox/kyb/')) return res;
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  run.sent.push(`${method} ${url.pathname}`);
  if (!(res.headers.get('content-type') ?? '').includes('json')) return res;
  const text = await res.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  }
  const body = JSON.stringify(mutateJson(data, run.seed, `${method} ${url.pathname}`, run.stats, run.rate));
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/* ------------------------------------------------------------------ seeding */

/** A form with a beneficiary and its document, a company document and an answer (what the flow allows). */
async function seedObjects(token: string, company: Record<string, unknown>) {
  const client = new KybClient({ baseUrl: '/sandbox', token, retries: 0 });
  const form = await client.createForm(company as Parameters<KybClient['createForm']>[0]);
  const quiet = <T>(p: Promise<T>) => p.catch(() => null);
  const b = await quiet(
    client.createBeneficiary(form.id, {
      info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace', dateOfBirth: '1990-12-10' },
      beneficiaryTypes: ['UBO'],
      ownershipPercentage: 30,
    }),
  );
  if (b)
    await quiet(
      client.uploadBeneficiaryDocument(form.id, b.id, {
        type: 'IDENTITY_DOCUMENT',
        filename: 'passport.pdf',
        file: PDF,
      }),
    );
  await quiet(
    client.uploadCompanyDocument(form.id, { type: 'INCORPORATION_CERT', filename: 'cert.pdf', file: PDF }),
  );
  for (const q of (await quiet(client.listQuestionnaires(form.id))) ?? []) {
    const section = q.sections[0];
    const question = section?.questions.find((x) => x.type === 'TEXT' || x.type === 'TEXT_AREA');
    if (section && question)
      await quiet(
        client.putAnswers(form.id, q.id, {
          sections: { [section.key]: { [question.key]: { value: 'An answer' } } },
        }),
      );
  }
}

/* ------------------------------------------------------------------ walking the form */

const progress = (el: KybFormElement) => [
  ...root(el).querySelectorAll<HTMLButtonElement>('.progress button'),
];
const submitButton = (el: KybFormElement) =>
  root(el).querySelector<HTMLButtonElement>('[part~="button-submit"]');

/** Waits until the current step's body is not a loading skeleton (loaded or showing its error). */
async function settled(el: KybFormElement, where: string) {
  await waitUntil(
    () =>
      root(el).querySelector('#kyb-step-heading') &&
      !root(el).querySelector('[part~="step"] [part~="skeleton"]'),
    `${where}: the step did not settle`,
    { timeout: 10000 },
  );
}

const totals = {
  seeds: 0,
  members: 0,
  mutated: 0,
  paths: new Set<string>(),
  mutatedPaths: new Set<string>(),
};
const outcomes: Record<string, number> = {};

describe('<kyb-form> with arbitrary strings in every response member', function () {
  this.timeout(60000);

  before(() => {
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    window.fetch = mutatingFetch;
    console.error = (...args: unknown[]) => {
      errors.push(`console.error: ${args.map(String).join(' ')}`);
      realConsoleError(...args);
    };
  });
  after(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.fetch = realFetch;
    console.error = realConsoleError;
    console.log(
      `mutated-data property test: ${totals.seeds} seeds (32 at rate 0.3, 16 at 0.7); string members read ${totals.members}, ` +
        `replaced ${totals.mutated}; distinct member paths ${totals.paths.size}, replaced at least once ` +
        `${totals.mutatedPaths.size}; outcomes ${JSON.stringify(outcomes)}`,
    );
  });
  beforeEach(() => {
    errors.length = 0;
    delete (window as { __injected?: unknown }).__injected;
  });
  afterEach(() => {
    active = null;
  });

  for (const { seed, rate } of RUNS) {
    it(`seed ${seed} (rate ${rate}): every step, then Submit sends or shows what to fix`, async () => {
      const data = randomKyb(seed);
      const s = await setup({ kyb: { info: data.info, questionnaires: data.questionnaires } });
      await seedObjects(s.token, data.company);
      const run = { seed, rate, stats: newStats(), sent: [] as string[] };
      active = run;
      const el = await fixture<KybFormElement>(
        html`<kyb-form .token=${s.token} api-base="/sandbox"></kyb-form>`,
      );
      const where = `seed ${seed}`;
      await waitUntil(
        () => root(el).querySelector('#kyb-step-heading') || root(el).querySelector('[part~="error"]'),
        `${where}: the form neither loaded nor showed an error`,
        { timeout: 10000 },
      );
      // Let the steps' data arrive (or fail) before walking.
      await new Promise((r) => setTimeout(r, 300));
      if (!root(el).querySelector('#kyb-step-heading')) {
        // The service's answer to the first requests made the form unusable: it must say so, with retry.
        const screen = root(el).querySelector('[part~="error"]');
        expect(screen?.textContent ?? '', `${where}: blank error screen`).to.match(/\S/);
        const noId = /without an identifier/.test(screen?.textContent ?? '');
        if (noId)
          expect(
            screen?.querySelector('[part~="button-retry"]'),
            `${where}: a retry that cannot succeed`,
          ).to.equal(null);
        const outcome = noId ? 'form without an id: honest end' : 'load error screen';
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        console.log(
          `${where}: ${outcome}: ${(screen?.textContent ?? '').replace(/\s+/g, ' ')} after ${run.sent.join(', ')}`,
        );
      } else {
        for (let i = 0; i < progress(el).length; i++) {
          const b = progress(el)[i];
          if (!b || b.disabled) continue;
          b.click();
          await el.updateComplete;
          await settled(el, `${where}, step ${i + 1}`);
          expect(errors, `${where}, step ${i + 1}`).to.deep.equal([]);
        }
        expect(el.step, `${where}: the last step is not the review`).to.equal('review');
        await waitUntil(
          () => !root(el).querySelector('[part~="review"] [part~="skeleton"]'),
          `${where}: review did not load`,
          { timeout: 10000 },
        );
        const review = root(el).querySelector('[part~="review"]')?.textContent ?? '';
        expect(review, `${where}: the review shows an object`).not.to.contain('[object Object]');
        const submit = submitButton(el);
        expect(submit, `${where}: no submit button`).to.exist;
        expect(submit!.disabled, `${where}: submit disabled`).to.equal(false);
        expect(submit!.getAttribute('aria-disabled'), `${where}: submit aria-disabled`).not.to.equal('true');
        const before = run.sent.length;
        submit!.click();
        let outcome = '';
        await waitUntil(
          () => {
            const r = root(el);
            if (run.sent.slice(before).some((x) => x.startsWith('POST') && x.endsWith('/submit/')))
              outcome = 'submit request sent';
            else if (r.querySelector('[part~="error-summary"]')) outcome = 'error summary';
            else if (r.querySelector('[part~="submit-error"]')) outcome = 'submit error';
            return outcome !== '';
          },
          `${where}: Submit neither sent the request nor showed what to fix`,
          { timeout: 10000 },
        );
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(errors, `${where}: errors`).to.deep.equal([]);
      expect(root(el).querySelector('[data-inj]'), `${where}: markup became an element`).to.equal(null);
      expect((window as { __injected?: unknown }).__injected, `${where}: injected script ran`).to.equal(
        undefined,
      );
      active = null;
      el.remove();
      totals.seeds++;
      totals.members += run.stats.members;
      totals.mutated += run.stats.mutated;
      for (const p of run.stats.paths) totals.paths.add(p);
      for (const p of run.stats.mutatedPaths) totals.mutatedPaths.add(p);
    });
  }

  it('a form whose id is "" ends on a clear, non-retryable message (no "Try again")', async () => {
    const data = randomKyb(1000);
    const s = await setup({ kyb: { info: data.info, questionnaires: data.questionnaires } });
    await seedObjects(s.token, data.company);
    const inner = window.fetch;
    // Only the form list's id is replaced (the rest of every answer is the sandbox's own).
    window.fetch = async (input, init) => {
      const res = await inner(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!new URL(url, location.href).pathname.endsWith('/kyb/forms/') || (init?.method ?? 'GET') !== 'GET')
        return res;
      const list = (await res.json()) as { id: string }[];
      return new Response(JSON.stringify(list.map((f) => ({ ...f, id: '' }))), {
        status: res.status,
        headers: res.headers,
      });
    };
    try {
      const el = await fixture<KybFormElement>(
        html`<kyb-form .token=${s.token} api-base="/sandbox"></kyb-form>`,
      );
      await waitUntil(() => root(el).querySelector('[part~="error"]'), 'the error screen', {
        timeout: 10000,
      });
      const screen = root(el).querySelector('[part~="error"]')!;
      expect(screen.textContent).to.match(/without an identifier, so it cannot be opened/);
      expect(screen.querySelector('button'), 'no "Try again" that cannot succeed').to.equal(null);
      expect(root(el).querySelector('#kyb-step-heading')).to.equal(null);
      expect(errors).to.deep.equal([]);
      el.remove();
    } finally {
      window.fetch = inner;
    }
  });
});
