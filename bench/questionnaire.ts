/**
 * A generated questionnaire (50 questions a section, every other question conditional: 250, 1,000 or
 * 4,000 questions) in `<kyb-form>` and, as the peer, the same questionnaire in SurveyJS (survey-core +
 * survey-js-ui, framework-free), measured in the same run on fresh pages of headless Chromium, on desktop
 * and on a phone profile (the CPU slowed 4x with `Emulation.setCPUThrottlingRate`, a 412 px viewport).
 * From a performance trace of each page (trace.ts):
 *   - first layout: from the click on the step (SurveyJS: building the model and rendering it) until its
 *     first screenful is in the DOM and laid out;
 *   - first paint: until the end of the first paint after that; the goal is that it follows the first
 *     layout within a frame (16 ms): no other work runs before the browser paints;
 *   - all rendered: until every question is in the DOM and laid out; the long tasks (over 50 ms) while the
 *     rest mounts, after the first paint: the page's own, and apart from them Chromium's autofill form
 *     scans (tasks posted by components/autofill, told by the trace's `src_file`: 100 ms after form controls
 *     are added, the renderer's autofill agent walks every form control of the document, shadow roots
 *     included, so each scan costs in proportion to what is mounted; no page code runs in them);
 *   - an answer's main-thread cost: every task from the input event's to the end of its frame's paint
 *     (idle time not counted), for a text answer that no condition reads and for an answer that shows or
 *     hides 13 conditional questions; the goal is that it does not grow with the questionnaire (4,000
 *     within 1.5x of 250).
 */
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { KybClient } from '../src/api/kyb-client.ts';
import type { QuestionnaireDefinition } from '../src/api/kyb.ts';
import { SandboxControl } from '../src/sandbox/control-client.ts';
import { PartnerClient } from '../src/server/index.ts';
import { TASK, cpu, traced, type InputCost, type TraceEvent } from './trace.ts';

type Definition = QuestionnaireDefinition;
type DefQuestion = Definition['sections'][number]['questions'][number];
const TYPES = ['TEXT', 'INTEGER', 'SELECT', 'CHECKBOX', 'TEXT', 'DATE', 'RADIO', 'TEXT_AREA'] as const;
const PER_SECTION = 50;

/** `questions` questions in sections of 50; every other question has a condition (half of them in all). */
export function generatedQuestionnaire(questions = 1000): Definition {
  const choices = [
    { key: 'yes', title: 'Yes' },
    { key: 'no', title: 'No' },
  ];
  const sections: Definition['sections'] = [];
  for (let s = 0; s < questions / PER_SECTION; s++) {
    const qs: DefQuestion[] = [];
    for (let q = 0; q < PER_SECTION; q++) {
      const type = TYPES[(s * PER_SECTION + q) % TYPES.length]!;
      const question: DefQuestion = {
        key: `q${q}`,
        title: `Question ${s + 1}.${q + 1}`,
        type,
        ...(type === 'SELECT' || type === 'RADIO' ? { choices } : {}),
      };
      // Every other question depends on an earlier answer of its section: q1, q5, ... (13) on q0.
      if (q % 2 === 1)
        question.condition = q % 4 === 1 ? `s${s}.q0 != "hide"` : `!(q${q - 1} == "hide") || s${s}.q0`;
      qs.push(question);
    }
    sections.push({ key: `s${s}`, title: `Section ${s + 1}`, questions: qs });
  }
  return { key: 'bench', name: 'Bench', title: 'Generated questionnaire', type: 'KYB', sections };
}

/** The same questionnaire as a SurveyJS survey (one page, a panel a section). */
export function surveyJson(def: Definition): object {
  const name = (s: string, q: string) => `${s}_${q}`;
  const cond = (s: string, c: string) =>
    c
      .replace(/!\((q\d+) == "hide"\)/, (_, q: string) => `{${name(s, q)}} != 'hide'`)
      .replace(/(s\d+)\.(q\d+) != "hide"/, (_, ss: string, q: string) => `{${name(ss, q)}} != 'hide'`)
      .replace(/\|\| (s\d+)\.(q\d+)$/, (_, ss: string, q: string) => `or {${name(ss, q)}} notempty`);
  const element = (s: string, q: DefQuestion): Record<string, unknown> => {
    const base = {
      name: name(s, q.key),
      title: q.title,
      ...(q.condition ? { visibleIf: cond(s, q.condition) } : {}),
    };
    switch (q.type) {
      case 'INTEGER':
        return { ...base, type: 'text', inputType: 'number' };
      case 'DATE':
        return { ...base, type: 'text', inputType: 'date' };
      case 'SELECT':
        return {
          ...base,
          type: 'dropdown',
          choices: q.choices?.map((c) => ({ value: c.key, text: c.title })),
        };
      case 'RADIO':
        return {
          ...base,
          type: 'radiogroup',
          choices: q.choices?.map((c) => ({ value: c.key, text: c.title })),
        };
      case 'CHECKBOX':
        return { ...base, type: 'boolean', renderAs: 'checkbox' };
      case 'TEXT_AREA':
        return { ...base, type: 'comment' };
      default:
        return { ...base, type: 'text' };
    }
  };
  return {
    title: def.title,
    textUpdateMode: 'onTyping', // an answer updates the model (and the conditions) as it is typed, as ours
    pages: [
      {
        name: 'p',
        elements: def.sections.map((s) => ({
          type: 'panel',
          name: s.key,
          title: s.title,
          elements: s.questions.map((q) => element(s.key, q)),
        })),
      },
    ],
  };
}

export type Engine = 'kyb-form' | 'SurveyJS';
export const ENGINES: Engine[] = ['kyb-form', 'SurveyJS'];
export interface Profile {
  name: 'desktop' | 'mobile';
  /** CPU slowdown (Emulation.setCPUThrottlingRate). */
  cpu: number;
  viewport: { width: number; height: number };
}
export const PROFILES: Profile[] = [
  { name: 'desktop', cpu: 1, viewport: { width: 1280, height: 900 } },
  { name: 'mobile', cpu: 4, viewport: { width: 412, height: 823 } },
];
export const SIZES = [250, 1000, 4000];

export interface QuestionnaireRun {
  engine: Engine;
  size: number;
  profile: Profile['name'];
  /** ms from the click to the laid-out first screenful. */
  firstLayout: number;
  /** ms from the click to the end of the first paint after it. */
  firstPaint: number;
  /** Main-thread time between the first layout and the end of the first paint (the rest: waiting). */
  workBeforePaint: number;
  /** Questions in the DOM at the first layout. */
  firstQuestions: number;
  /** ms from the click until every question is in the DOM and laid out. */
  allRendered: number;
  /** The longest task until the first paint (ms). */
  firstTask: number;
  /** Main-thread time from the click until all is rendered (ms). */
  mountCpu: number;
  /** Whether the task times are thread times (else wall times). */
  threadTime: boolean;
  /** What each of those ran (trace.ts `describe`). */
  mountLongWork: string[][];
  /** The page's tasks over 50 ms after the first paint until all is rendered (ms each). */
  mountLongTasks: number[];
  /** Chromium's autofill form scans over 50 ms in the same time (ms each): see the top of this file. */
  mountAutofillTasks: number[];
  /** What the tasks between the first layout and the end of the first paint ran (trace.ts `describe`). */
  firstPaintWork: string[][];
  /** Per answer (text answers, then toggles): what each of its tasks ran, who posted it (trace.ts `describe`). */
  answerWork: string[][][];
  answers: InputCost[];
  toggles: InputCost[];
}

/** In-page drivers (plain JavaScript: no compiler helper leaks into the page). */
const DRIVERS: Record<Engine, string> = {
  'kyb-form': `(() => {
  const el = () => document.querySelector('kyb-form');
  const root = () => el().shadowRoot;
  const stepButton = () => [...(root()?.querySelectorAll('nav button, [part~="progress"] button') ?? [])]
    .find((b) => /questionnaire/i.test(b.textContent ?? ''));
  window.__bench = {
    watch: () => root(),
    ready: () => !!stepButton() && performance.getEntriesByType('resource').some((e) =>
      /\\/answers\\/$/.test(new URL(e.name).pathname) && e.responseEnd > 0),
    start: async () => {
      if (window.__benchCss) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(window.__benchCss);
        root().adoptedStyleSheets = [...root().adoptedStyleSheets, sheet];
      }
      stepButton().click();
      await el().updateComplete;
    },
    count: () => root().querySelectorAll('[part~="question"]').length,
    has: (s, q) => !!root().getElementById('q-0-s' + s + '-q' + q),
    input: (s, q) => root().getElementById('q-0-s' + s + '-q' + q),
  };
})()`,
  SurveyJS: `(() => {
  const host = document.querySelector('#host');
  const q = (s, k) => host.querySelector('[data-name="s' + s + '_q' + k + '"]');
  window.__bench = {
    watch: () => host,
    ready: () => typeof Survey !== 'undefined' && typeof SurveyUI !== 'undefined',
    start: async () => { SurveyUI.renderSurvey(new Survey.Model(window.__survey), host); },
    count: () => host.querySelectorAll('.sd-question').length,
    has: (s, k) => !!q(s, k),
    input: (s, k) => q(s, k)?.querySelector('input, textarea'),
  };
})()`,
};

/** Runs in the page: opens the questionnaire and waits until all of it is rendered. */
const MOUNT = `async ([lastSection, lastQuestion]) => {
  const b = window.__bench;
  console.timeStamp('bench:start');
  const t0 = performance.now();
  // The first layout is taken in the task that put the first screenful in the DOM (a mutation observer's
  // callback runs in it, before any frame): polling from later tasks let a frame paint it unseen first,
  // so "first paint" was the paint after the next chunk.
  let firstLayout = 0;
  const layOut = () => {
    if (firstLayout || b.count() < 10) return;
    document.body.getBoundingClientRect(); // style and layout done
    firstLayout = performance.now() - t0;
    console.timeStamp('bench:laid-out');
  };
  const observer = new MutationObserver(layOut);
  observer.observe(b.watch(), { childList: true, subtree: true });
  await b.start();
  layOut();
  while (!firstLayout) {
    if (performance.now() - t0 > 60000) throw new Error('no first screenful');
    await new Promise((r) => setTimeout(r, 0));
  }
  observer.disconnect();
  const firstQuestions = b.count();
  while (!b.has(lastSection, lastQuestion)) {
    if (performance.now() - t0 > 120000) throw new Error('not all rendered after 120 s');
    await new Promise((r) => setTimeout(r, 16));
  }
  b.input(lastSection, lastQuestion)?.getBoundingClientRect();
  const allRendered = performance.now() - t0;
  console.timeStamp('bench:all');
  return { firstLayout, firstQuestions, allRendered, count: b.count() };
}`;

/** The source location that posted a top-level task (`ThreadControllerImpl::RunTask`'s args, `toplevel`). */
function postedBy(task: TraceEvent): string {
  const args = task.args as { src_file?: string; src_func?: string } | undefined;
  return `${args?.src_file ?? ''} ${args?.src_func ?? ''}`;
}

/** Whether a task is one of Chromium's autofill form scans (posted by components/autofill). */
const isAutofill = (task: TraceEvent) => postedBy(task).includes('components/autofill/');

/** Waits for `n` frames and a task after the last (plain JavaScript: tsx would name a helper function). */
const frames = (page: Page, n = 2) =>
  page.evaluate(`new Promise((done) => {
    let i = ${n};
    const step = () => (i-- === 0 ? setTimeout(done, 0) : requestAnimationFrame(step));
    step();
  })`);

/** Types `value` into the question's input (replacing its text; '' clears it): one input event. */
async function answer(page: Page, s: number, q: number, value: string): Promise<void> {
  await page.evaluate(
    ([ss, qq]) => {
      const input = (
        window as unknown as { __bench: { input(s: number, q: number): HTMLInputElement | null } }
      ).__bench.input(ss!, qq!);
      if (!input) throw new Error(`no input for s${ss}.q${qq}`);
      input.focus();
      input.select();
    },
    [s, q],
  );
  await frames(page);
  await page.evaluate(() => console.timeStamp('bench:answer'));
  if (value === '') await page.keyboard.press('Backspace');
  else await page.keyboard.insertText(value);
  await frames(page);
  // the debounced save (700 ms) and its response land before the next answer, not inside it
  await page.waitForTimeout(1100);
}

/** Sections whose questions are answered: the first, one in the middle, the last (even ones: q0 is TEXT). */
const sectionsFor = (size: number) => {
  const n = size / PER_SECTION;
  return [...new Set([0, 2 * Math.floor(n / 4), 2 * Math.floor((n - 1) / 2)])];
};
/** A text question late in section `s` that no condition reads (q ≡ 0 mod 4 from q40, or an odd one). */
const plainText = (def: Definition, s: number) => {
  const q = def.sections[s]!.questions.findIndex(
    (x, i) => i >= 40 && x.type === 'TEXT' && i % 4 !== 2 && !x.condition,
  );
  if (q < 0) throw new Error(`no plain text question in s${s}`);
  return q;
};

export interface QuestionnaireBench {
  run(engine: Engine, size: number, profile: Profile): Promise<QuestionnaireRun>;
  close(): Promise<void>;
}

/**
 * Serves the CDN build, SurveyJS and the sandbox (a sandbox account per size, holding the generated
 * questionnaire, a form already created); each run is a fresh page.
 */
export async function questionnaireBench(
  browser: Browser,
  cdn: string,
  sizes = SIZES,
  /** Extra CSS added to `<kyb-form>`'s shadow root before the step opens (to compare style variants). */
  extraCss?: string,
): Promise<QuestionnaireBench> {
  const { startPageServer } = await import('../test/support/page-server.ts');
  const peer = (pkg: string) => join(resolve(import.meta.dirname, '..'), 'node_modules', pkg);
  const server = await startPageServer({
    mounts: {
      '/cdn/': cdn,
      '/peer/survey-core/': peer('survey-core'),
      '/peer/survey-js-ui/': peer('survey-js-ui'),
    },
    pages: {
      '/kyb.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/cdn/verify-elements.js"></script></head><body><main id="host"></main></body></html>`,
      '/survey.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<link rel="stylesheet" href="/peer/survey-core/survey-core.fontless.min.css">
<script src="/peer/survey-core/survey.core.min.js"></script>
<script src="/peer/survey-js-ui/survey-js-ui.min.js"></script>
<script src="/survey-data.js"></script></head><body><main id="host"></main></body></html>`,
    },
  });
  const origin = server.origin;
  const defs = new Map(sizes.map((n) => [n, generatedQuestionnaire(n)]));
  const tokens = new Map<number, string>();
  const control = new SandboxControl({ baseUrl: `${origin}/sandbox` });
  for (const [n, def] of defs) {
    const account = await control.createAccount({
      kyb: { info: { locale: 'en', theme: null, flow: null }, questionnaires: [def] },
    });
    const partner = new PartnerClient({ baseUrl: `${origin}/sandbox`, ...account });
    const token = (await partner.createKybToken({ clientId: `bench-${n}-${Date.now()}`, lifetime: 7200 }))
      .tokenString;
    await new KybClient({ baseUrl: `${origin}/sandbox`, token }).createForm({
      companyName: 'Bench Ltd',
      country: 'LT',
    });
    tokens.set(n, token);
  }

  async function run(engine: Engine, size: number, profile: Profile): Promise<QuestionnaireRun> {
    const def = defs.get(size)!;
    const page = await browser.newPage({ viewport: profile.viewport });
    try {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
      if (engine === 'SurveyJS') {
        const data = `window.__survey = ${JSON.stringify(surveyJson(def))};`;
        await page.route('**/survey-data.js', (r) =>
          r.fulfill({ contentType: 'text/javascript', body: data }),
        );
        await page.goto(`${origin}/survey.html`);
      } else {
        await page.goto(`${origin}/kyb.html`);
        await page.evaluate((t) => {
          const el = document.createElement('kyb-form');
          el.setAttribute('api-base', '/sandbox');
          el.setAttribute('token', t);
          document.querySelector('#host')!.append(el);
        }, tokens.get(size)!);
      }
      if (extraCss)
        await page.evaluate(
          (css) => ((window as unknown as { __benchCss: string }).__benchCss = css),
          extraCss,
        );
      await page.evaluate(DRIVERS[engine]);
      await page.waitForFunction(
        () => (window as unknown as { __bench: { ready(): boolean } }).__bench.ready(),
        undefined,
        { timeout: 120000 },
      );
      await page.waitForTimeout(300);
      // SurveyJS takes seconds an answer at 1,000 questions and more: one section's answers there
      const sections =
        engine === 'SurveyJS' && size >= 1000 ? sectionsFor(size).slice(1, 2) : sectionsFor(size);
      const lastSection = def.sections.length - 1;
      const { value, trace } = await traced(browser, page, async () => {
        const mounted = (await page.evaluate(`(${MOUNT})([${lastSection}, ${PER_SECTION - 1}])`)) as {
          firstLayout: number;
          firstQuestions: number;
          allRendered: number;
          count: number;
        };
        if (mounted.count < size)
          throw new Error(`${engine}: ${mounted.count} of ${size} questions rendered`);
        await frames(page, 3);
        for (const s of sections) await answer(page, s, plainText(def, s), `answer ${s}`);
        for (const s of sections) {
          await answer(page, s, 0, 'hide');
          await answer(page, s, 0, '');
        }
        return mounted;
      });
      const start = trace.mark('bench:start');
      const laidOut = trace.mark('bench:laid-out');
      const all = trace.mark('bench:all');
      const paintEnd = trace.paintEndAfter(laidOut);
      const marks = trace.marks('bench:answer');
      // Chromium's autofill reacting to a changed control (FormControlDidChange) is the browser's, counted apart.
      const costs = marks.map((m) => trace.inputCost(m, 'input', isAutofill));
      const n = sections.length;
      const mountLong = trace.tasks(paintEnd, all).filter((t) => t.ts >= paintEnd && cpu(t) > 50);
      return {
        engine,
        size,
        profile: profile.name,
        firstLayout: (laidOut - start) / 1000,
        firstPaint: (paintEnd - start) / 1000,
        firstQuestions: value.firstQuestions,
        allRendered: value.allRendered,
        firstTask: Math.max(0, ...trace.tasks(start, paintEnd).map(cpu)),
        workBeforePaint: trace.tasks(laidOut, paintEnd).reduce((n, t) => {
          const part = (Math.min(t.ts + t.dur!, paintEnd) - Math.max(t.ts, laidOut)) / Math.max(t.dur!, 1);
          return n + cpu(t) * part;
        }, 0),
        mountCpu: trace.tasks(start, all).reduce((n, t) => n + cpu(t), 0),
        threadTime: trace.events.some((e) => e.name === TASK && e.tdur !== undefined),
        mountLongTasks: mountLong.filter((t) => !isAutofill(t)).map(cpu),
        mountAutofillTasks: mountLong.filter(isAutofill).map(cpu),
        mountLongWork: mountLong.filter((t) => !isAutofill(t)).map((t) => trace.describe(t, 6)),
        firstPaintWork: trace
          .tasks(laidOut, paintEnd)
          .map((t) => [`${cpu(t).toFixed(1)} ms`, ...trace.describe(t, 6)]),
        answerWork: marks.map((m) => {
          const { from, to } = trace.inputWindow(m);
          return trace
            .tasks(from, to)
            .map((t) => [`${cpu(t).toFixed(1)} ms`, postedBy(t).trim(), ...trace.describe(t, 6)]);
        }),
        answers: costs.slice(0, n),
        toggles: costs.slice(n),
      };
    } finally {
      await page.close();
    }
  }
  return { run, close: () => server.close() };
}

export const median = (xs: number[]): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export interface QuestionnaireSummary {
  engine: Engine;
  size: number;
  profile: Profile['name'];
  runs: number;
  firstLayout: number;
  firstPaint: number;
  /** First paint minus first layout (median of the runs' differences). */
  paintAfterLayout: number;
  /** Main-thread time in between (median). */
  workBeforePaint: number;
  allRendered: number;
  firstTask: number;
  mountCpu: number;
  /** The page's long tasks while the rest mounts: the most in one run, and the longest of all runs. */
  mountLongTasks: number;
  mountLongest: number;
  /** Chromium's autofill form scans over 50 ms while the rest mounts: the most in one run, the longest. */
  mountAutofillTasks: number;
  mountAutofillLongest: number;
  answer: InputCost;
  toggle: InputCost;
}

const medianCost = (cs: InputCost[]): InputCost => ({
  total: median(cs.map((c) => c.total)),
  style: median(cs.map((c) => c.style)),
  layout: median(cs.map((c) => c.layout)),
  prePaint: median(cs.map((c) => c.prePaint)),
  paint: median(cs.map((c) => c.paint)),
  apart: median(cs.map((c) => c.apart)),
  toPaint: median(cs.map((c) => c.toPaint)),
});

/** Medians per engine, size and profile. */
export function summarize(runs: QuestionnaireRun[]): QuestionnaireSummary[] {
  const groups = new Map<string, QuestionnaireRun[]>();
  for (const r of runs) {
    const key = `${r.profile}|${r.size}|${r.engine}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((rs) => ({
    engine: rs[0]!.engine,
    size: rs[0]!.size,
    profile: rs[0]!.profile,
    runs: rs.length,
    firstLayout: median(rs.map((r) => r.firstLayout)),
    firstPaint: median(rs.map((r) => r.firstPaint)),
    paintAfterLayout: median(rs.map((r) => r.firstPaint - r.firstLayout)),
    workBeforePaint: median(rs.map((r) => r.workBeforePaint)),
    allRendered: median(rs.map((r) => r.allRendered)),
    firstTask: median(rs.map((r) => r.firstTask)),
    mountCpu: median(rs.map((r) => r.mountCpu)),
    mountLongTasks: Math.max(...rs.map((r) => r.mountLongTasks.length)),
    mountLongest: Math.max(0, ...rs.flatMap((r) => r.mountLongTasks)),
    mountAutofillTasks: Math.max(...rs.map((r) => r.mountAutofillTasks.length)),
    mountAutofillLongest: Math.max(0, ...rs.flatMap((r) => r.mountAutofillTasks)),
    answer: medianCost(rs.flatMap((r) => r.answers)),
    toggle: medianCost(rs.flatMap((r) => r.toggles)),
  }));
}

/** A markdown table of the summaries (ms). */
export function questionnaireTable(sums: QuestionnaireSummary[]): string[] {
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
  const cost = (c: InputCost) =>
    `${f(c.total)} (style ${f(c.style)}, layout ${f(c.layout)}, pre-paint ${f(c.prePaint)}, paint ${f(c.paint)}; Chromium autofill apart ${f(c.apart)})`;
  return [
    '| profile | questions | engine | first layout | first paint | paint − layout (main-thread work in it) | all rendered (main-thread time) | longest task to first paint | long tasks while mounting (longest) | Chromium autofill scans over 50 ms while mounting (longest) | text answer | toggle of 13 |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...[...sums]
      .sort(
        (a, b) => a.profile.localeCompare(b.profile) || a.size - b.size || a.engine.localeCompare(b.engine),
      )
      .map(
        (s) =>
          `| ${s.profile} | ${s.size.toLocaleString('en')} | ${s.engine} | ${f(s.firstLayout)} | ${f(s.firstPaint)} | ${f(s.paintAfterLayout)} (${f(s.workBeforePaint)}) | ${f(s.allRendered)} (${f(s.mountCpu)}) | ${f(s.firstTask)} | ${s.mountLongTasks} (${f(s.mountLongest)}) | ${s.mountAutofillTasks} (${f(s.mountAutofillLongest)}) | ${cost(s.answer)} | ${cost(s.toggle)} |`,
      ),
  ];
}

/**
 * `node --import tsx bench/questionnaire.ts [--runs N] [--cdn DIR] [--sizes 250,1000] [--profiles mobile]
 * [--engines kyb-form]`: only this part of the bench (builds the CDN bundle into a temporary directory
 * unless given one), runs alternating (run by run: each profile, size and engine in turn), prints medians.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import('playwright-core');
  const { buildCdn, chromiumLaunchOptions } = await import('../test/support/page-server.ts');
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const list = <T>(name: string, all: T[], parse: (s: string) => T) =>
    arg(name)?.split(',').map(parse) ?? all;
  const runs = Number(arg('runs') ?? 3);
  const sizes = list('sizes', SIZES, Number);
  const profiles = list('profiles', PROFILES, (n) => PROFILES.find((p) => p.name === n)!);
  const engines = list('engines', ENGINES, (n) => n as Engine);
  const cdn = arg('cdn') ?? (await buildCdn());
  const css = arg('css');
  const browser = await chromium.launch(chromiumLaunchOptions());
  const bench = await questionnaireBench(
    browser,
    cdn,
    sizes,
    css ? (await import('node:fs')).readFileSync(css, 'utf8') : undefined,
  );
  const all: QuestionnaireRun[] = [];
  try {
    for (let i = 0; i < runs; i++)
      for (const profile of profiles)
        for (const size of sizes)
          for (const engine of engines) {
            const r = await bench.run(engine, size, profile);
            all.push(r);
            console.log(
              `run ${i + 1} ${profile.name} ${size} ${engine}: layout ${r.firstLayout.toFixed(1)}, paint ${r.firstPaint.toFixed(1)}, all ${r.allRendered.toFixed(0)} ms (cpu ${r.mountCpu.toFixed(0)}${r.threadTime ? '' : ', wall'}), first task ${r.firstTask.toFixed(1)}, long tasks mounting ${r.mountLongTasks.map((t) => t.toFixed(0)).join(' ') || 'none'}${r.mountLongWork.map((w) => `\n   [${w.join(', ')}]`).join('')}, autofill scans over 50 ms ${r.mountAutofillTasks.length} (longest ${Math.max(0, ...r.mountAutofillTasks).toFixed(0)}), first paint's tasks ${r.firstPaintWork.map((w) => `[${w.join(', ')}]`).join(' ')}, answers ${r.answers.map((c) => c.total.toFixed(1)).join(' ')}, toggles ${r.toggles.map((c) => c.total.toFixed(1)).join(' ')}${process.argv.includes('--answer-work') ? r.answerWork.map((a, j) => `\n   answer ${j + 1}: ${a.map((w) => `[${w.join(', ')}]`).join(' ')}`).join('') : ''}`,
            );
          }
  } finally {
    await bench.close();
    await browser.close();
  }
  console.log(questionnaireTable(summarize(all)).join('\n'));
}
