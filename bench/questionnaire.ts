/**
 * A generated questionnaire (1,000 questions in 20 sections, 500 conditions) in `<kyb-form>`, timed in
 * headless Chromium: the first render of its step (click to the laid-out first screenful, which the step
 * renders with it) and the time until all 1,000 questions are in the DOM and laid out (the step renders the
 * rest in following tasks), an answer that changes no visibility, and an answer that toggles the visibility
 * of questions (a section's first answer set to "hide" and back).
 */
import type { Browser, Page } from 'playwright-core';
import { KybClient } from '../src/api/kyb-client.ts';
import type { QuestionnaireDefinition } from '../src/api/kyb.ts';
import { SandboxControl } from '../src/sandbox/control-client.ts';
import { PartnerClient } from '../src/server/index.ts';

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

/** Questions of `generatedQuestionnaire()` visible before any answer (all of them). */
export const QUESTIONS = 1000;

export interface QuestionnaireTimes {
  /** Click on the step to the laid-out step with its first screenful of questions. */
  firstRender: number;
  /** Click on the step until all questions are in the DOM and laid out. */
  allRendered: number;
  /** Questions in the DOM at `firstRender` (a screenful or more). */
  firstQuestions: number;
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
  const first = await page.evaluate(async (total) => {
    const el = document.querySelector('kyb-form') as HTMLElement & { updateComplete: Promise<boolean> };
    const root = el.shadowRoot!;
    const button = [
      ...root.querySelectorAll<HTMLButtonElement>('nav button, [part~="progress"] button'),
    ].find((b) => /questionnaire/i.test(b.textContent ?? ''))!;
    const t0 = performance.now();
    button.click();
    await el.updateComplete;
    root.querySelector('[part~="questionnaires"]')?.getBoundingClientRect(); // style and layout done
    const ms = performance.now() - t0;
    const firstQuestions = root.querySelectorAll('[part~="question"]').length;
    // The rest arrives in following tasks: wait for every question, then lay out the last one (sections
    // out of view are skipped by `content-visibility: auto`, as a browser does when painting).
    for (;;) {
      const all = root.querySelectorAll('[part~="question"]'); // (no helper function: tsx would name it)
      if (all.length >= total) {
        all[all.length - 1]!.getBoundingClientRect();
        break;
      }
      if (performance.now() - t0 > 30000)
        throw new Error(`only ${all.length} of ${total} questions rendered`);
      await new Promise((r) => setTimeout(r, 0));
    }
    const allMs = performance.now() - t0;
    return { ms, allMs, firstQuestions, controls: root.querySelectorAll('input, select, textarea').length };
  }, QUESTIONS);
  if (first.controls < QUESTIONS)
    throw new Error(`first render measured ${first.controls} controls, not the questionnaire`);
  if (first.firstQuestions < 10)
    throw new Error(`the first render showed ${first.firstQuestions} questions, not a screenful`);

  const later = (await page.evaluate(TIME_ANSWERS)) as { answers: number[]; toggles: number[] };
  return {
    firstRender: first.ms,
    allRendered: first.allMs,
    firstQuestions: first.firstQuestions,
    controls: first.controls,
    ...later,
  };
}

/**
 * Times `runs` fresh pages of `origin/bench.html` (a page that loads the CDN bundle and has `#host`), each
 * with a `<kyb-form>` on a new sandbox account holding the generated questionnaire (one form, created first).
 */
export async function measureQuestionnaire(
  browser: Browser,
  origin: string,
  runs: number,
  onRun?: (q: QuestionnaireTimes, run: number) => void,
): Promise<QuestionnaireTimes[]> {
  const control = new SandboxControl({ baseUrl: `${origin}/sandbox` });
  const account = await control.createAccount({
    kyb: { info: { locale: 'en', theme: null, flow: null }, questionnaires: [generatedQuestionnaire()] },
  });
  const partner = new PartnerClient({ baseUrl: `${origin}/sandbox`, ...account });
  const token = (await partner.createKybToken({ clientId: `bench-${Date.now()}`, lifetime: 3600 }))
    .tokenString;
  await new KybClient({ baseUrl: `${origin}/sandbox`, token }).createForm({
    companyName: 'Bench Ltd',
    country: 'LT',
  });
  const all: QuestionnaireTimes[] = [];
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/bench.html`);
    await page.evaluate((t) => {
      const el = document.createElement('kyb-form');
      el.setAttribute('api-base', '/sandbox');
      el.setAttribute('token', t);
      document.querySelector('#host')!.append(el);
    }, token);
    const q = await timeQuestionnaire(page);
    onRun?.(q, i);
    all.push(q);
    await page.close();
  }
  return all;
}

/**
 * `node --import tsx bench/questionnaire.ts [runs] [cdn-dir]`: only this part of the bench (builds the CDN
 * bundle into a temporary directory unless given one, serves it with the sandbox, times `runs` fresh pages,
 * prints the medians).
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import('playwright-core');
  const { buildCdn, chromiumLaunchOptions, startPageServer } = await import('../test/support/page-server.ts');
  const { median } = await import('./outside.ts');
  const runs = Number(process.argv[2] ?? 5);
  const cdn = process.argv[3] ?? (await buildCdn()); // a built CDN directory, to compare builds
  const server = await startPageServer({
    mounts: { '/cdn/': cdn },
    pages: {
      '/bench.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/cdn/verify-elements.js"></script></head><body><main id="host"></main></body></html>`,
    },
  });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const all = await measureQuestionnaire(browser, server.origin, runs, (q, i) =>
      console.log(
        `run ${i + 1}: first ${q.firstRender.toFixed(1)} ms (${q.firstQuestions} questions), all ${q.allRendered.toFixed(1)} ms, answers ${median(q.answers).toFixed(2)} ms, toggles ${median(q.toggles).toFixed(2)} ms`,
      ),
    );
    const m = (f: (q: QuestionnaireTimes) => number[]) => median(all.flatMap(f)).toFixed(2);
    console.log(`first render, first screenful (median of ${all.length}): ${m((q) => [q.firstRender])} ms`);
    console.log(`first render, all ${QUESTIONS} questions laid out: ${m((q) => [q.allRendered])} ms`);
    console.log(`toggle visibility, input to layout: ${m((q) => q.toggles)} ms`);
    console.log(`no visibility change, input to layout: ${m((q) => q.answers)} ms`);
  } finally {
    await browser.close();
    await server.close();
  }
}
