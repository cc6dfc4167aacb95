import { expect, html, waitUntil } from '@open-wc/testing';
import { LitElement } from 'lit';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { Questionnaire, QuestionnaireDefinition, QuestionType } from '../../src/api/kyb.ts';
import { button, mount, ready, root, setup } from './kyb-form-helpers.ts';
import type { KybContext } from '../../src/kyb-form/context.ts';
import { QuestionnairesStep } from '../../src/kyb-form/questionnaire/controller.ts';
import { FIRST_QUESTIONS, styleAdded } from '../../src/kyb-form/questionnaire/progressive.ts';
import { stepStyles } from '../../src/kyb-form/step-styles.ts';

class PerfHost extends LitElement {
  step: QuestionnairesStep | null = null;
  ctx: KybContext | null = null;
  /** False: another step is on screen (the questionnaires' DOM is gone). */
  shown = true;
  override render() {
    return this.step && this.ctx && this.shown ? this.step.render(this.ctx) : html`<p>Another step</p>`;
  }
}
if (!customElements.get('questionnaire-perf-host'))
  customElements.define('questionnaire-perf-host', PerfHost);

const TYPES: QuestionType[] = [
  'TEXT',
  'INTEGER',
  'SELECT',
  'CHECKBOX',
  'EMAIL',
  'RADIO',
  'DATE',
  'TEXT_AREA',
];
const CHOICES = [
  { key: 'yes', title: 'Yes' },
  { key: 'no', title: 'No' },
];

/** 1,000 questions in 20 sections, 500 conditions (question and section level). */
function bigQuestionnaire(): Questionnaire {
  const sections: Questionnaire['sections'] = [];
  let conditions = 0;
  for (let s = 0; s < 20; s++) {
    const questions: Questionnaire['sections'][number]['questions'] = [];
    for (let i = 0; i < 50; i++) {
      const type = TYPES[i % TYPES.length]!;
      const withCond = i % 2 === 1 && conditions < 490;
      if (withCond) conditions++;
      questions.push({
        key: `q${i}`,
        title: `Question ${s}.${i}`,
        description: i % 5 === 0 ? 'Some help text' : '',
        type,
        choices: type === 'SELECT' || type === 'RADIO' ? CHOICES : [],
        required: i % 3 === 0,
        // odd questions depend on the previous one (mostly visible: a condition that holds by default)
        ...(withCond ? { condition: `q${i - 1} != "hide"` } : {}),
      });
    }
    sections.push({
      key: `s${s}`,
      title: `Section ${s}`,
      description: '',
      questions,
      ...(s > 0 && s <= 10 ? { condition: `s0.q0 != "hide-section-${s}"` } : {}),
    });
  }
  return {
    id: 'perf',
    key: 'perf',
    name: 'Perf',
    title: 'Large questionnaire',
    description: '',
    type: null,
    sections,
  };
}

/** The step's context in a test host: no service behind it (nothing is saved). */
const perfContext = (host: LitElement): KybContext => ({
  client: new KybClient({ baseUrl: '/sandbox', token: 'not-used', retries: 0 }),
  formId: 'perf',
  info: {},
  flow: null,
  readOnly: false,
  locale: 'en',
  stepChecked: false,
  report: () => undefined,
  requestUpdate: () => host.requestUpdate(),
});

/** Waits (task by task) until `count()` reaches `n`; fails after `ms`. */
async function until(count: () => number, n: number, ms = 60000): Promise<void> {
  const t0 = performance.now();
  while (count() < n) {
    if (performance.now() - t0 > ms) throw new Error(`only ${count()} of ${n} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 0));
  }
}

describe('kyb-form questionnaires step, large questionnaire (timings: npm run bench)', function () {
  this.timeout(180000);

  it('renders 1,000 questions with 500 conditions, re-renders answers and hides a section by its condition', async () => {
    const q = bigQuestionnaire();
    const host = document.createElement('questionnaire-perf-host') as PerfHost;
    const ctx = perfContext(host);
    const wrapper = document.createElement('div');
    document.body.append(wrapper);
    // warm up the template cache on a small questionnaire of the same shape
    const warm = new QuestionnairesStep({
      questionnaires: [{ ...q, sections: q.sections.slice(0, 1) }],
      answers: new Map(),
    });
    host.step = warm;
    host.ctx = ctx;
    wrapper.append(host);
    await host.updateComplete;
    host.remove();

    const step = new QuestionnairesStep({ questionnaires: [q], answers: new Map() });
    const fresh = document.createElement('questionnaire-perf-host') as PerfHost;
    fresh.step = step;
    fresh.ctx = perfContext(fresh);
    wrapper.append(fresh);
    await fresh.updateComplete;
    const root = fresh.shadowRoot!;
    const questions = () => root.querySelectorAll('[part~="question"]').length;
    // the first screenful renders with the step, the rest in following tasks
    expect(questions()).to.equal(FIRST_QUESTIONS);
    await until(questions, 1000);
    expect(questions()).to.equal(1000);

    // one keystroke: change a question that 1 condition depends on
    const input = root.getElementById('q-0-s3-q0') as HTMLInputElement;
    for (let k = 0; k < 20; k++) {
      input.value = `value ${k}`;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await fresh.updateComplete;
      expect(input.value).to.equal(`value ${k}`);
    }
    expect(root.querySelectorAll('[part~="question"]').length).to.equal(1000);

    // a visibility flip: hide a whole section through s0.q0
    const gate = root.getElementById('q-0-s0-q0') as HTMLInputElement;
    gate.value = 'hide-section-4';
    gate.dispatchEvent(new Event('input', { bubbles: true }));
    await fresh.updateComplete;
    expect(root.querySelectorAll('[part~="question"]').length).to.equal(950);
    expect(root.getElementById('q-0-s4-q0')).to.equal(null);
    // and back
    gate.value = '';
    gate.dispatchEvent(new Event('input', { bubbles: true }));
    await fresh.updateComplete;
    expect(root.querySelectorAll('[part~="question"]').length).to.equal(1000);
    wrapper.remove();
  });

  it('renders progressively: a screenful first and painted, the rest in chunks after it; judging or reopening the step', async () => {
    const q = bigQuestionnaire();
    q.sections = q.sections.map((s) => ({
      ...s,
      questions: s.questions.map((x) => ({ ...x, required: true })),
    }));
    const host = document.createElement('questionnaire-perf-host') as PerfHost;
    const step = new QuestionnairesStep({ questionnaires: [q], answers: new Map() });
    const ctx = perfContext(host);
    host.step = step;
    host.ctx = ctx;
    document.body.append(host);
    const root = host.shadowRoot!;
    const questions = () => root.querySelectorAll('[part~="question"]').length;
    const nextTask = async () => {
      await new Promise((r) => setTimeout(r, 0));
      await host.updateComplete;
    };
    /** Questions in the DOM during the next frame's callbacks (before its paint) and after it. */
    const aroundNextFrame = async () => {
      const during = await new Promise<number>((r) => requestAnimationFrame(() => r(questions())));
      await nextTask();
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      await host.updateComplete;
      return { during, after: questions() };
    };
    try {
      await host.updateComplete;
      expect(questions()).to.equal(FIRST_QUESTIONS);
      // in document order: the first section is complete before the second starts
      expect(FIRST_QUESTIONS).to.be.lessThan(50); // all in the first section
      const shown = [...root.querySelectorAll('[part~="question"] [part~="field-label"]')].map((l) =>
        l.textContent!.trim(),
      );
      expect(shown.at(0)).to.contain('Question 0.0');
      expect(shown.at(-1)).to.contain(`Question 0.${FIRST_QUESTIONS - 1}`);
      // nothing more before the first screenful is painted; then the rest in chunks, frame by frame
      const first = await aroundNextFrame();
      expect(first.during).to.equal(FIRST_QUESTIONS);
      expect(first.after).to.be.greaterThan(FIRST_QUESTIONS);
      expect(first.after).to.be.lessThan(1000);
      await until(questions, 1000);
      // the section the step opened with is drawn at once; the later ones skip their rendering off screen
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, stepStyles.styleSheet!];
      const sections = [...root.querySelectorAll<HTMLElement>('[part~="section"]')];
      expect(sections.length).to.be.greaterThan(2);
      const visibility = (el: HTMLElement) => getComputedStyle(el).getPropertyValue('content-visibility');
      expect(visibility(sections[0]!)).to.equal('visible');
      expect(sections.slice(1).map(visibility)).to.deep.equal(sections.slice(1).map(() => 'auto'));

      // another step replaces it; back on it, it renders progressively again
      host.shown = false;
      host.requestUpdate();
      await host.updateComplete;
      expect(questions()).to.equal(0);
      await nextTask(); // a pending chunk does not bring anything back
      expect(questions()).to.equal(0);
      host.shown = true;
      host.requestUpdate();
      await host.updateComplete;
      expect(questions()).to.equal(FIRST_QUESTIONS);

      // judging the step (Continue, the review, submit) renders every question at the next render,
      // so each issue's link finds its control
      const issues = step.validate(ctx);
      expect(issues.length).to.be.greaterThan(900);
      host.requestUpdate();
      await host.updateComplete;
      expect(questions()).to.equal(1000);
      for (const issue of issues) expect(root.getElementById(issue.id), issue.id).to.not.equal(null);

      // leave and come back: partial again; an answer while partial hides and shows consistently
      host.shown = false;
      host.requestUpdate();
      await host.updateComplete;
      host.shown = true;
      host.requestUpdate();
      await host.updateComplete;
      expect(questions()).to.equal(FIRST_QUESTIONS);
      const answer = async (id: string, value: string) => {
        const input = root.getElementById(id) as HTMLInputElement;
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await host.updateComplete;
      };
      // an answer that changes no visibility while partial: the rest still arrives after it
      await answer('q-0-s0-q16', 'typed'); // a TEXT question in the first screenful
      expect(questions()).to.equal(FIRST_QUESTIONS);
      // an answer that hides a question while partial: the rendered part is the questions up to the
      // same place (no rendered question moves out of it, where it might have had the focus), one fewer
      await answer('q-0-s0-q0', 'hide');
      expect(root.getElementById('q-0-s0-q1')).to.equal(null);
      expect(questions()).to.equal(FIRST_QUESTIONS - 1);
      // (`data-q`: the question's uid, its place in the questionnaire; a radio group has no control of that id)
      expect(root.querySelector(`[data-q="${FIRST_QUESTIONS - 1}"]`)).to.not.equal(null);
      expect(root.querySelector(`[data-q="${FIRST_QUESTIONS}"]`)).to.equal(null);
      // and showing it again puts it back in place; the rest still arrives
      await answer('q-0-s0-q0', '');
      expect(root.getElementById('q-0-s0-q1')).to.not.equal(null);
      expect(questions()).to.equal(FIRST_QUESTIONS);
      await until(questions, 1000);
      // once complete, a hidden question that an answer shows renders at once
      await answer('q-0-s0-q0', 'hide');
      expect(questions()).to.equal(999);
      await answer('q-0-s0-q0', '');
      expect(root.getElementById('q-0-s0-q1')).to.not.equal(null);
      expect(questions()).to.equal(1000);
    } finally {
      host.remove();
    }
  });

  it('styles the questions a chunk added in sections skipped off screen, and only those', () => {
    // the step's DOM: questionnaires of sections of questions (`data-q`: uid, in document order)
    const q = (uid: number) => `<div class="field" part="field question" data-q="${uid}">Q${uid}</div>`;
    const section = (uids: number[], eager = false) =>
      `<section class="section${eager ? ' eager' : ''}" part="section"><h5>S</h5>${uids.map(q).join('')}</section>`;
    const container = document.createElement('div');
    container.innerHTML =
      '<p class="step-description">Intro</p>' +
      `<section class="questionnaire"><h4>A</h4>${section([0, 1, 2], true)}${section([3, 4, 5])}${section([6, 7])}</section>` +
      `<section class="questionnaire"><h4>B</h4>${section([8, 9])}</section>` +
      '<section class="questionnaire"><h4>C, nothing rendered yet</h4></section>';
    document.body.append(container);
    const styled: string[] = [];
    const original = window.getComputedStyle;
    window.getComputedStyle = ((el: Element, pseudo?: string | null) => {
      styled.push((el as HTMLElement).dataset.q ?? el.tagName);
      return original.call(window, el, pseudo);
    }) as typeof window.getComputedStyle;
    const after = (from: number) => {
      styled.length = 0;
      styleAdded(container, from);
      return [...styled];
    };
    try {
      // a chunk that added 5 to 9: the sections holding them, by their last question
      expect(after(5)).to.deep.equal(['7', '5', '9']);
      expect(after(7)).to.deep.equal(['7', '9']);
      expect(after(9)).to.deep.equal(['9']);
      expect(after(10)).to.deep.equal([]);
      // the sections drawn with the step's first screen are styled anyway
      expect(after(0)).to.deep.equal(['7', '5', '9']);
    } finally {
      window.getComputedStyle = original;
      container.remove();
    }
  });

  it('in <kyb-form>: Continue pressed while the rest is arriving judges every question; each summary link focuses its field', async () => {
    const def: QuestionnaireDefinition = {
      key: 'long',
      name: 'Long',
      title: 'Long questionnaire',
      type: 'KYB',
      sections: [0, 1, 2].map((s) => ({
        key: `s${s}`,
        title: `Part ${s + 1}`,
        questions: Array.from({ length: 200 }, (_, i) => ({
          key: `q${i}`,
          title: `Question ${s + 1}.${i + 1}`,
          type: 'TEXT' as const,
          required: true,
        })),
      })),
    };
    const s = await setup({
      kyb: { info: { locale: 'en', theme: null, flow: null }, questionnaires: [def] },
    });
    await new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 }).createForm({
      companyName: 'Acme Ltd',
      country: 'LT',
    });
    const el = await mount(s.token);
    await ready(el);
    const r = root(el);
    const questions = () => r.querySelectorAll('[part~="question"]').length;
    await waitUntil(
      () =>
        [...r.querySelectorAll('nav button, [part~="progress"] button')].some((b) =>
          /questionnaire/i.test(b.textContent ?? ''),
        ),
      'no questionnaire step',
      { timeout: 10000 },
    );
    const open = async () => {
      const step = [...r.querySelectorAll<HTMLButtonElement>('nav button, [part~="progress"] button')].find(
        (b) => /questionnaire/i.test(b.textContent ?? ''),
      )!;
      step.click();
      await waitUntil(() => questions() > 0, 'the questionnaire did not render', { timeout: 10000 });
    };
    await open();
    if (questions() < 600) {
      // still arriving (usually: the rest comes in a following task)
      expect(questions()).to.be.at.least(FIRST_QUESTIONS);
    }
    button(el, 'Continue').click();
    await waitUntil(() => r.querySelector('[part~="error-summary"]'), 'no error summary', { timeout: 10000 });
    await el.updateComplete;
    expect(questions()).to.equal(600);
    const links = [...r.querySelectorAll<HTMLAnchorElement>('[part~="error-summary"] a')];
    expect(links.length).to.equal(600);
    for (const i of [0, FIRST_QUESTIONS, 599]) {
      links[i]!.click();
      await el.updateComplete;
      const id = decodeURIComponent(links[i]!.hash.slice(1));
      expect(r.activeElement, id).to.equal(r.getElementById(id));
    }
  });
});
