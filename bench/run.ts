/**
 * `npm run bench`: builds the package, then measures and prints a table (not part of `npm test`).
 *   - raw and gzip size of each built CDN file, and of what a page downloads for each element (English):
 *     before the first request (the entry and the elements' shells; budget 30 kB gzip for both), in
 *     parallel with it (schemas, zod, first screens), and with every step; each locale chunk <= 4 kB gzip;
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
import { ageRequest } from '../test/support/age-request.ts';

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

const files = readdirSync(CDN, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.js'))
  .sort();
const LOCALE_CHUNK = /chunks\/(bg|cs|de|es|et|fr|hu|it|ja|lt|lv|nl|pl|pt|ro|ru)-[\w-]+\.js$/;

/** The built file that holds `source` (a path under src/), found through the source maps. */
function chunkOf(source: string): string {
  const file = files.find((f) => {
    try {
      const map = JSON.parse(readFileSync(join(CDN, `${f}.map`), 'utf8')) as { sources: string[] };
      return map.sources.some((s) => s.endsWith(source));
    } catch {
      return false;
    }
  });
  if (!file) throw new Error(`no built file holds ${source}`);
  return file;
}
const union = (...sets: Iterable<string>[]) => new Set(sets.flatMap((s) => [...s]));
const minus = (a: Iterable<string>, b: Set<string>) => new Set([...a].filter((f) => !b.has(f)));
const closures = (...sources: string[]) => union(...sources.map((s) => closure(chunkOf(s))));

const entry = 'verify-elements.js';
const kybChunk = dynamicTarget(entry, /customElements\.define\(["'`]kyb-form/);
const ageChunk = dynamicTarget(entry, /customElements\.define\(["'`]age-check/);
const entrySet = closure(entry);
// Before the first request: the entry and each element's static imports (the shell that renders the
// loading state and sends the first request).
const kybSet = union(entrySet, closure(kybChunk));
const ageSet = union(entrySet, closure(ageChunk));
const bothSet = union(kybSet, ageSet);
// Fetched in parallel with the first request: the schemas (with zod) and the first screens.
const kybParallel = minus(
  closures(
    'src/api/kyb.ts',
    'src/kyb-form/company/controller.ts',
    'src/kyb-form/review/review.ts',
    'src/theme/index.ts',
    'src/kyb-form/form-styles.ts',
  ),
  kybSet,
);
const ageParallel = minus(closures('src/api/age.ts', 'src/age-check/screens.ts'), ageSet);
const interactiveSet = union(bothSet, kybParallel, ageParallel);
// <kyb-form>'s other steps load with their data, after the form's info.
const kybSteps = minus(
  closures(
    'src/kyb-form/beneficiaries/controller.ts',
    'src/kyb-form/documents/controller.ts',
    'src/kyb-form/questionnaire/controller.ts',
  ),
  union(kybSet, kybParallel),
);

record('CDN entry (autoloader) gzip', sum(entrySet, gz) / KB, 'kB');
record(
  'Before the first request, both elements (entry + shells, English) gzip',
  sum(bothSet, gz) / KB,
  'kB',
  {
    max: 30,
    label: '≤ 30 kB',
  },
);
record('Before the first request, both elements, raw', sum(bothSet, raw) / KB, 'kB');
record('Before the first request, <kyb-form> only, gzip', sum(kybSet, gz) / KB, 'kB');
record('Before the first request, <age-check> only, gzip', sum(ageSet, gz) / KB, 'kB');
record(
  'In parallel with the first request (schemas + zod, first screens), both, gzip',
  sum(union(kybParallel, ageParallel), gz) / KB,
  'kB',
);
record('Before both elements are interactive (English) gzip', sum(interactiveSet, gz) / KB, 'kB');
record(
  '<kyb-form> steps (people, documents, questionnaires), loaded with their data, gzip',
  sum(kybSteps, gz) / KB,
  'kB',
);
record(
  'All of <kyb-form> and <age-check> with every step (English) gzip',
  sum(union(interactiveSet, kybSteps), gz) / KB,
  'kB',
);

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

// What each download is made of (source maps of the built files).
const partsTableOf = (set: Set<string>) => [
  '| part | raw | gzip alone |',
  '|---|---|---|',
  ...composition([...set].map((f) => join(CDN, f))).map(
    (p) => `| ${p.group} | ${(p.raw / KB).toFixed(2)} kB | ${(p.gzip / KB).toFixed(2)} kB |`,
  ),
];
const partsTable = partsTableOf(bothSet);
const parallelTable = partsTableOf(union(kybParallel, ageParallel));

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

/** The longest chain of requests started by `until` in which each began after the previous ended. */
function longestChain(reqs: { start: number; end: number }[], until: number): number {
  const before = reqs.filter((r) => r.start <= until).sort((a, b) => a.start - b.start);
  const depth = new Map<(typeof before)[number], number>();
  for (const r of before) {
    const prior = before.filter((q) => q.end <= r.start).map((q) => depth.get(q) ?? 1);
    depth.set(r, 1 + Math.max(0, ...prior));
  }
  return Math.max(0, ...depth.values());
}

const server = await startPageServer({
  mounts: { '/cdn/': CDN },
  pages: {
    '/bench.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/cdn/verify-elements.js"></script></head><body><main id="host"></main></body></html>`,
    // Cold start: the element is in the HTML; the token comes from the URL's fragment.
    ...Object.fromEntries(
      (
        [
          ['kyb-form', 'kyb-ready'],
          ['age-check', 'age-check-ready'],
        ] as const
      ).map(([tag, event]) => [
        `/cold-${tag}.html`,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>cold start</title>
<script type="module" src="/cdn/verify-elements.js"></script></head><body><main>
<${tag} api-base="/sandbox"></${tag}>
<script>
  const el = document.querySelector('${tag}');
  el.setAttribute('token', decodeURIComponent(location.hash.slice(1)));
  el.addEventListener('${event}', () => (window.readyAt = performance.now()), { once: true });
</script></main></body></html>`,
      ]),
    ),
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
  record(
    'Sequential round trips before <kyb-form> is interactive',
    longestChain(api, readyAt),
    'round trips',
    {
      max: 2,
      label: '≤ 2',
    },
  );

  /**
   * A cold start on a slow network (150 ms latency, 1.6 Mbit/s down, cache empty): the time from
   * navigation to the element's ready event, and the longest chain of requests (code and API) in which
   * each started after the previous one ended.
   */
  async function coldStart(tag: 'kyb-form' | 'age-check', token: string) {
    const context = await browser.newContext();
    try {
      const p = await context.newPage();
      const cdp = await context.newCDPSession(p);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      const reqs: { start: number; end: number }[] = [];
      const began = new Map<object, number>();
      p.on('request', (r) => {
        if (r.resourceType() !== 'document') began.set(r, Date.now());
      });
      p.on('requestfinished', (r) => {
        const start = began.get(r);
        if (start !== undefined) reqs.push({ start, end: Date.now() });
      });
      await p.goto(`${server.origin}/cold-${tag}.html#${encodeURIComponent(token)}`);
      const handle = await p.waitForFunction(() => (window as { readyAt?: number }).readyAt, undefined, {
        timeout: 60_000,
      });
      const readyMs = (await handle.jsonValue()) as number;
      return { readyMs, chain: longestChain(reqs, Date.now()) };
    } finally {
      await context.close();
    }
  }
  const coldToken = (await partner.createKybToken({ clientId: `${clientId}-cold`, lifetime: 3600 }))
    .tokenString;
  const coldKyb = await coldStart('kyb-form', coldToken);
  const coldAge = await coldStart('age-check', (await partner.createAgeToken(ageRequest())).token);
  record('Cold start on a slow network, <kyb-form> ready (first screen interactive)', coldKyb.readyMs, 'ms');
  record('Cold start on a slow network, <age-check> ready (consent shown)', coldAge.readyMs, 'ms');
  record('Sequential requests (code and API) before <kyb-form> is ready', coldKyb.chain, 'requests');
  record('Sequential requests (code and API) before <age-check> is ready', coldAge.chain, 'requests');

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
  const age = await partner.createAgeToken(ageRequest());
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
console.log(`Before the first request, both elements, by part:\n${partsTable.join('\n')}\n`);
console.log(`In parallel with the first request, by part:\n${parallelTable.join('\n')}\n`);

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
  '## What both elements download before their first request',
  '',
  ...partsTable,
  '',
  '## What they download in parallel with the first request',
  '',
  ...parallelTable,
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
    'Before the first request, both elements, by part (gzip of each part alone):',
    '',
    ...partsTable,
    '',
    'In parallel with the first request, by part:',
    '',
    ...parallelTable,
    '',
    `Measured ${when.slice(0, 10)}.`,
    '',
  ].join('\n');
  writeFileSync(readmePath, readme.slice(0, a) + section + readme.slice(b));
}
console.log('Written: bench/results/latest.json, bench/results/latest.md, README.md (benchmark table)');
