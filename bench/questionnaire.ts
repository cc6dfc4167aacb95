/**
 * A generated questionnaire (1,000 questions in 20 sections, 500 conditions) in `<kyb-form>`, timed in
 * headless Chromium: the first render of its step, an answer that changes no visibility, and an answer that
 * toggles the visibility of questions (a section's first answer set to "hide" and back).
 */
import type { Page } from 'playwright-core';
import type { QuestionnaireDefinition } from '../src/api/kyb.ts';

export function generatedQuestionnaire(): QuestionnaireDefinition {
  const types = ['TEXT', 'INTEGER', 'SELECT', 'CHECKBOX', 'TEXT', 'DATE', 'RADIO', 'TEXT_AREA'] as const;
  const choices = [
    { key: 'yes', title: 'Yes' },
    { key: 'no', title: 'No' },
  ];
  const sections: QuestionnaireDefinition['sections'] = [];
  let conditions = 0;
  for (let s = 0; s < 20; s++) {
    const questions: QuestionnaireDefinition['sections'][number]['questions'] = [];
    for (let q = 0; q < 50; q++) {
      const type = types[(s * 50 + q) % types.length]!;
      const question: QuestionnaireDefinition['sections'][number]['questions'][number] = {
        key: `q${q}`,
        title: `Question ${s + 1}.${q + 1}`,
        type,
        ...(type === 'SELECT' || type === 'RADIO' ? { choices } : {}),
      };
      // Every other question depends on an earlier answer of its section (500 conditions in all).
      if (q % 2 === 1) {
        question.condition = q % 4 === 1 ? `s${s}.q0 != "hide"` : `!(q${q - 1} == "hide") || s${s}.q0`;
        conditions++;
      }
      questions.push(question);
    }
    sections.push({ key: `s${s}`, title: `Section ${s + 1}`, questions });
  }
  if (conditions !== 500) throw new Error(`expected 500 conditions, got ${conditions}`);
  return { key: 'bench', name: 'Bench', title: 'Generated questionnaire', type: 'KYB', sections };
}

/**
 * Runs in the page (plain JavaScript, so no compiler helper leaks into it): answers, each timed from the
 * input event to the re-rendered layout, after the previous frame settled.
 */
const TIME_ANSWERS = `(async () => {
  const el = document.querySelector('kyb-form');
  const root = el.shadowRoot;
  const settle = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const time = async (input, value) => {
    await settle();
    const t0 = performance.now();
    input.value = value;
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await el.updateComplete;
    input.getBoundingClientRect();
    return performance.now() - t0;
  };
  const count = () => root.querySelectorAll('[part~="question"]').length;
  // Answers to questions no condition reads (text questions late in each section).
  const answers = [];
  const plain = [...root.querySelectorAll('input[type="text"]')].filter((i) => /-q4[4-9]$/.test(i.id));
  for (const [i, input] of plain.slice(0, 25).entries()) answers.push(await time(input, 'answer ' + i));
  // The first answer of a section, which 25 conditions read: "hide" hides questions, "" shows them again.
  const toggles = [];
  for (let s = 0; s < 20; s += 2) {
    const gate = root.querySelector('input[id$="-s' + s + '-q0"]');
    if (!gate) throw new Error('no text input for s' + s + '.q0');
    const shown = count();
    toggles.push(await time(gate, 'hide'));
    if (count() >= shown) throw new Error('"hide" in s' + s + '.q0 hid nothing');
    toggles.push(await time(gate, ''));
    if (count() !== shown) throw new Error('clearing s' + s + '.q0 did not show the questions again');
  }
  if (answers.length < 10) throw new Error('only ' + answers.length + ' plain answers timed');
  return { answers, toggles };
})()`;

export interface QuestionnaireTimes {
  firstRender: number;
  controls: number;
  /** Input to re-rendered layout, an answer that changes no visibility (each sample). */
  answers: number[];
  /** Input to re-rendered layout, an answer that hides or shows questions (each sample). */
  toggles: number[];
}

/** On a page whose `<kyb-form>` has loaded the questionnaire's data: opens its step, then answers. */
export async function timeQuestionnaire(page: Page): Promise<QuestionnaireTimes> {
  await page.waitForFunction(() => {
    const root = document.querySelector('kyb-form')?.shadowRoot;
    return [...(root?.querySelectorAll('button') ?? [])].some((b) =>
      /questionnaire/i.test(b.textContent ?? ''),
    );
  });
  // The answers have arrived (the step's data and code are in), so the click renders the questions,
  // not a loading placeholder.
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some(
        (e) =>
          /\/answers\/$/.test(new URL(e.name).pathname) && (e as PerformanceResourceTiming).responseEnd > 0,
      ),
  );
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  const first = await page.evaluate(async () => {
    const el = document.querySelector('kyb-form') as HTMLElement & { updateComplete: Promise<boolean> };
    const root = el.shadowRoot!;
    const button = [
      ...root.querySelectorAll<HTMLButtonElement>('nav button, [part~="progress"] button'),
    ].find((b) => /questionnaire/i.test(b.textContent ?? ''))!;
    const t0 = performance.now();
    button.click();
    await el.updateComplete;
    root.querySelector('[part~="questionnaires"]')?.getBoundingClientRect(); // style and layout done
    return { ms: performance.now() - t0, controls: root.querySelectorAll('input, select, textarea').length };
  });
  if (first.controls < 1000)
    throw new Error(`first render measured ${first.controls} controls, not the questionnaire`);

  const later = (await page.evaluate(TIME_ANSWERS)) as { answers: number[]; toggles: number[] };
  return { firstRender: first.ms, controls: first.controls, ...later };
}
