/**
 * `npm run bench`: builds the package, then measures and prints a table (not part of `npm test`).
 *   - raw and gzip size of each built CDN file, and of what a page downloads for each element (English),
 *     against the budgets: both elements <= 30 kB gzip, each locale chunk <= 4 kB gzip;
 *   - in headless Chromium against the sandbox: sequential round trips before <kyb-form> is interactive,
 *     first render and answer-to-paint of a generated questionnaire (1,000 questions, 500 conditions),
 *     selfie payload size;
 *   - condition evaluations per second (Node).
 * Results go to bench/results/latest.json and bench/results/latest.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions, startPageServer } from '../test/support/page-server.ts';
import { composition } from './composition.ts';
import { PartnerClient } from '../src/server/index.ts';
import { SandboxControl } from '../src/sandbox/control-client.ts';
import { KybClient } from '../src/api/kyb-client.ts';
import { compileCondition, createVisibilityIndex } from '../src/conditions/index.ts';
import type { QuestionnaireDefinition } from '../src/api/kyb.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CDN = join(ROOT, 'dist/cdn');
const KB = 1024;
type Row = { metric: string; value: string; budget: string; ok: boolean | null };
const rows: Row[] = [];
const results: Record<string, number> = {};
const record = (metric: string, value: number, unit: string, budget?: { max: number; label: string }) => {
  results[metric] = value;
  rows.push({
    metric,
    value: `${value.toLocaleString('en', { maximumFractionDigits: 2 })} ${unit}`,
    budget: budget?.label ?? '',
    ok: budget ? value <= budget.max : null,
  });
};

/* ------------------------------------------------------------------ build and sizes */

console.log('Building…');
execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const raw = (file: string) => readFileSync(file).length;

/** The static-import closure of a built chunk (what must download before it runs). */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(CDN, file), 'utf8');
  for (const m of code.matchAll(
    /(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g,
  )) {
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    const target = join(dir, m[1]!).replace(/^\.\//, '');
    closure(target, seen);
  }
  return seen;
}
/** Every chunk a built file loads with `import()`. */
function dynamicTargets(file: string): string[] {
  const code = readFileSync(join(CDN, file), 'utf8');
  const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  return [...code.matchAll(/import\(["'`](\.{1,2}\/[^"'`]+)["'`]\)/g)].map((m) => join(dir, m[1]!));
}
/** The chunk a dynamic `import("./x.js")` inside `file` loads whose code matches `fragment`. */
function dynamicTarget(file: string, fragment: RegExp): string {
  const target = dynamicTargets(file).find((t) => fragment.test(readFileSync(join(CDN, t), 'utf8')));
  if (!target) throw new Error(`no dynamic import matching ${fragment} in ${file}`);
  return target;
}
const sum = (files: Iterable<string>, f: (p: string) => number) =>
  [...files].reduce((n, file) => n + f(join(CDN, file)), 0);

const entry = 'verify-elements.js';
const kybChunk = dynamicTarget(entry, /customElements\.define\(["'`]kyb-form/);
const ageChunk = dynamicTarget(entry, /customElements\.define\(["'`]age-check/);
const entrySet = closure(entry);
const kybSet = new Set([...entrySet, ...closure(kybChunk)]);
const ageSet = new Set([...entrySet, ...closure(ageChunk)]);
const bothSet = new Set([...kybSet, ...ageSet]);

record('CDN entry (autoloader) gzip', sum(entrySet, gz) / KB, 'kB');
record('First load, <kyb-form> only (English) gzip', sum(kybSet, gz) / KB, 'kB');
record('First load, <age-check> only (English) gzip', sum(ageSet, gz) / KB, 'kB');
record('First load, both elements (English) gzip', sum(bothSet, gz) / KB, 'kB', {
  max: 30,
  label: '≤ 30 kB',
});
record('First load, both elements (English) raw', sum(bothSet, raw) / KB, 'kB');

const LOCALE_CHUNK = /chunks\/(bg|cs|de|es|et|fr|hu|it|ja|lt|lv|nl|pl|pt|ro|ru)-[\w-]+\.js$/;
// <kyb-form>'s other steps load while the form's objects load (after the first screen is interactive).
const kybSteps = new Set(
  [...kybSet]
    .filter((f) => !entrySet.has(f))
    .flatMap(dynamicTargets)
    .filter((f) => !LOCALE_CHUNK.test(f) && !/chunks\/(camera|capture|qr)-/.test(f))
    .flatMap((f) => [...closure(f)])
    .filter((f) => !kybSet.has(f)),
);
record(
  '<kyb-form> steps (people, documents, questionnaires), loaded with its data, gzip',
  sum(kybSteps, gz) / KB,
  'kB',
);
record(
  'All of <kyb-form> and <age-check> with every step (English) gzip',
  sum(new Set([...bothSet, ...kybSteps]), gz) / KB,
  'kB',
);

const files = readdirSync(CDN, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.js'))
  .sort();
const locales = files.filter((f) => LOCALE_CHUNK.test(f));
const localeGz = locales.map((f) => gz(join(CDN, f)) / KB);
record('Largest locale chunk gzip', Math.max(...localeGz), 'kB', { max: 4, label: '≤ 4 kB each' });
// What one locale costs a page that uses everything: the chunks of every group of that locale.
const perLocale = new Map<string, number>();
for (const [i, f] of locales.entries()) {
  const code = /chunks\/([a-z]{2})-/.exec(f)![1]!;
  perLocale.set(code, (perLocale.get(code) ?? 0) + localeGz[i]!);
}
record('One locale, both elements and every step, gzip (largest)', Math.max(...perLocale.values()), 'kB');
const lazy = (re: RegExp) => files.filter((f) => re.test(f)).reduce((n, f) => n + gz(join(CDN, f)) / KB, 0);
record('Camera + capture chunks gzip (on demand)', lazy(/chunks\/(camera|capture)-/), 'kB');
record('QR code chunk gzip (on demand)', lazy(/chunks\/qr-/), 'kB');

// What the first load of both elements is made of (source maps of the built files).
const parts = composition([...bothSet].map((f) => join(CDN, f)));
const partsTable = [
  '| part | raw | gzip alone |',
  '|---|---|---|',
  ...parts.map((p) => `| ${p.group} | ${(p.raw / KB).toFixed(2)} kB | ${(p.gzip / KB).toFixed(2)} kB |`),
];

const fileTable = files.map((f) => ({ file: f, raw: raw(join(CDN, f)), gzip: gz(join(CDN, f)) }));

/* ------------------------------------------------------------------ conditions (Node) */

function generatedQuestionnaire(): QuestionnaireDefinition {
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

const questionnaire = generatedQuestionnaire();
{
  const compiled = questionnaire.sections.flatMap((s) =>
    s.questions.filter((q) => q.condition).map((q) => compileCondition(q.condition)),
  );
  const answers = new Map<string, unknown>([['q0', 'x']]);
  const resolveRef = (ref: { section: string | null; question: string }) => answers.get(ref.question) ?? null;
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < 1000) {
    for (const c of compiled) c.evaluate(resolveRef);
    n += compiled.length;
  }
  record(
    'Condition evaluations per second (Node)',
    Math.round(n / ((performance.now() - start) / 1000)),
    '/s',
  );
  const t0 = performance.now();
  const index = createVisibilityIndex(questionnaire.sections, () => undefined);
  record('Visibility index build, 1,000 questions (Node)', performance.now() - t0, 'ms');
  const before = index.evaluations;
  index.update('s3', 'q0');
  record('Conditions re-evaluated per answer change', index.evaluations - before, 'evaluations');
}

/* ------------------------------------------------------------------ Chromium */

const server = await startPageServer({
  mounts: { '/cdn/': CDN },
  pages: {
    '/bench.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/cdn/verify-elements.js"></script></head><body><main id="host"></main></body></html>`,
  },
});
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const control = new SandboxControl({ baseUrl: `${server.origin}/sandbox` });
  const account = await control.createAccount({
    kyb: { info: { locale: 'en', theme: null, flow: null }, questionnaires: [questionnaire] },
  });
  const partner = new PartnerClient({ baseUrl: `${server.origin}/sandbox`, ...account });
  const clientId = `bench-${Date.now()}`;
  const token = (await partner.createKybToken({ clientId, lifetime: 3600 })).tokenString;
  await new KybClient({ baseUrl: `${server.origin}/sandbox`, token }).createForm({
    companyName: 'Bench Ltd',
    country: 'LT',
  });

  const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const api: { url: string; start: number; end: number }[] = [];
  const starts = new Map<object, number>();
  page.on('request', (r) => {
    if (r.url().includes('/sandbox/kyb/')) starts.set(r, Date.now());
  });
  page.on('requestfinished', (r) => {
    const start = starts.get(r);
    if (start !== undefined) api.push({ url: r.url(), start, end: Date.now() });
  });
  await page.goto(`${server.origin}/bench.html`);
  const readyAt = await page.evaluate(
    ({ token }) =>
      new Promise<number>((resolveReady) => {
        const el = document.createElement('kyb-form');
        el.setAttribute('api-base', '/sandbox');
        el.setAttribute('token', token);
        el.addEventListener('kyb-ready', () => resolveReady(Date.now()), { once: true });
        document.querySelector('#host')!.append(el);
      }),
    { token },
  );
  // Sequential round trips: the longest chain of requests where each started after the previous ended.
  const before = api.filter((r) => r.start <= readyAt).sort((a, b) => a.start - b.start);
  const depth = new Map<(typeof before)[number], number>();
  for (const r of before) {
    const prior = before.filter((q) => q.end <= r.start).map((q) => depth.get(q) ?? 1);
    depth.set(r, 1 + Math.max(0, ...prior));
  }
  record(
    'Sequential round trips before <kyb-form> is interactive',
    Math.max(0, ...depth.values()),
    'round trips',
    {
      max: 2,
      label: '≤ 2',
    },
  );

  // Questionnaire: open its step, measure first render, then answer-to-paint.
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
  await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
  const firstRender = await page.evaluate(async () => {
    const el = document.querySelector('kyb-form') as HTMLElement & { updateComplete: Promise<boolean> };
    const root = el.shadowRoot!;
    const button = [
      ...root.querySelectorAll<HTMLButtonElement>('nav button, [part~="progress"] button'),
    ].find((b) => /questionnaire/i.test(b.textContent ?? ''))!;
    const t0 = performance.now();
    button.click();
    await el.updateComplete;
    root.querySelector('[part~="questionnaires"]')?.getBoundingClientRect(); // style and layout done
    const t1 = performance.now();
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    const t2 = performance.now();
    return { ms: t1 - t0, framed: t2 - t0, inputs: root.querySelectorAll('input, select, textarea').length };
  });
  record('Questionnaire first render (1,000 questions, 500 conditions)', firstRender.ms, 'ms', {
    max: 150,
    label: '≤ 150 ms',
  });
  record('Questionnaire first render, to the next frame', firstRender.framed, 'ms');
  results['Questionnaire controls rendered'] = firstRender.inputs;
  if (firstRender.inputs < 1000)
    throw new Error(`first render measured ${firstRender.inputs} controls, not the questionnaire`);

  const answer = await page.evaluate(async () => {
    const el = document.querySelector('kyb-form') as HTMLElement & { updateComplete: Promise<boolean> };
    const root = el.shadowRoot!;
    const inputs = [...root.querySelectorAll<HTMLInputElement>('input[type="text"]')].slice(0, 25);
    const work: number[] = [];
    const framed: number[] = [];
    for (const [i, input] of inputs.entries()) {
      // Let the previous frame settle, then time input -> re-render -> style and layout.
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const t0 = performance.now();
      input.value = i % 3 === 0 ? 'hide' : `answer ${i}`;
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      await el.updateComplete;
      input.getBoundingClientRect();
      work.push(performance.now() - t0);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      framed.push(performance.now() - t0);
    }
    work.sort((x, y) => x - y);
    framed.sort((x, y) => x - y);
    return {
      median: work[Math.floor(work.length / 2)] ?? NaN,
      p95: work[Math.min(work.length - 1, Math.floor(work.length * 0.95))] ?? NaN,
      framed: framed[Math.floor(framed.length / 2)] ?? NaN,
    };
  });
  record('Answer-to-paint (input to re-rendered layout), median', answer.median, 'ms', {
    max: 16,
    label: '≤ 16 ms',
  });
  record('Answer-to-paint, 95th percentile', answer.p95, 'ms');
  record('Answer-to-paint, to the next frame (median)', answer.framed, 'ms');
  await page.close();

  // Selfie payload: one capture with Chromium's fake camera.
  const age = await partner.createAgeToken({});
  const agePage = await browser.newPage();
  await agePage.goto(`${server.origin}/bench.html`);
  await agePage.evaluate(
    ({ token }) => {
      const el = document.createElement('age-check');
      el.setAttribute('api-base', '/sandbox');
      el.setAttribute('token', token);
      document.querySelector('#host')!.append(el);
    },
    { token: age.token },
  );
  const sizes: number[] = [];
  agePage.on('request', (r) => {
    if (r.url().endsWith('/age-estimation/session/selfie/')) {
      const body = JSON.parse(r.postData() ?? '{}') as { image?: string };
      if (body.image) sizes.push(Buffer.from(body.image, 'base64').length);
    }
  });
  await agePage.getByRole('button', { name: /agree and start/i }).click();
  await agePage.getByRole('button', { name: /^take photo$/i }).click();
  await agePage.getByRole('heading', { name: 'Age confirmed' }).waitFor({ timeout: 20000 });
  record('Selfie payload (JPEG, decoded)', (sizes[0] ?? NaN) / KB, 'kB', { max: 100, label: '≤ 100 kB' });
  await agePage.close();
} finally {
  await browser.close();
  await server.close();
}

/* ------------------------------------------------------------------ report */

const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - s.length));
const w = [Math.max(...rows.map((r) => r.metric.length)), 18, 12];
const line = (a: string, b: string, c: string, d: string) =>
  `${pad(a, w[0]!)}  ${pad(b, w[1]!)}  ${pad(c, w[2]!)}  ${d}`;
const table = [
  line('metric', 'value', 'budget', 'status'),
  line('-'.repeat(w[0]!), '-'.repeat(w[1]!), '-'.repeat(w[2]!), '------'),
  ...rows.map((r) => line(r.metric, r.value, r.budget, r.ok === null ? '' : r.ok ? 'ok' : 'MISS')),
].join('\n');
console.log(`\n${table}\n`);
console.log(`First load of both elements, by part:\n${partsTable.join('\n')}\n`);

mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const when = new Date().toISOString();
writeFileSync(
  join(ROOT, 'bench/results/latest.json'),
  JSON.stringify({ when, node: process.version, results, files: fileTable }, null, 2) + '\n',
);
const md = [
  `# Benchmark results (${when}, Node ${process.version}, headless Chromium, 2-core machine)`,
  '',
  '| metric | value | budget | status |',
  '|---|---|---|---|',
  ...rows.map(
    (r) => `| ${r.metric} | ${r.value} | ${r.budget} | ${r.ok === null ? '' : r.ok ? 'ok' : '**miss**'} |`,
  ),
  '',
  '## What the first load of both elements is made of',
  '',
  ...partsTable,
  '',
  '## Built CDN files',
  '',
  '| file | raw | gzip |',
  '|---|---|---|',
  ...fileTable.map((f) => `| ${f.file} | ${(f.raw / KB).toFixed(2)} kB | ${(f.gzip / KB).toFixed(2)} kB |`),
  '',
].join('\n');
writeFileSync(join(ROOT, 'bench/results/latest.md'), md);

// The README quotes the table (between the bench markers).
const readmePath = join(ROOT, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const a = readme.indexOf('<!-- bench:start -->');
const b = readme.indexOf('<!-- bench:end -->');
if (a >= 0 && b > a) {
  const section = [
    '<!-- bench:start -->',
    `| metric | value | budget | status |`,
    '|---|---|---|---|',
    ...rows.map(
      (r) => `| ${r.metric} | ${r.value} | ${r.budget} | ${r.ok === null ? '' : r.ok ? 'ok' : '**miss**'} |`,
    ),
    '',
    'The first load of both elements, by part (gzip of each part alone):',
    '',
    ...partsTable,
    '',
    `Measured ${when.slice(0, 10)}.`,
    '',
  ].join('\n');
  writeFileSync(readmePath, readme.slice(0, a) + section + readme.slice(b));
}
console.log('Written: bench/results/latest.json, bench/results/latest.md, README.md (benchmark table)');
