/**
 * `npm run bench`: builds the package, then measures and prints a table (not part of `npm test`; the
 * goals are rows of the table, not assertions). `npm run bench -- --cdn <dir>` measures another CDN build
 * (no build), `--save before` also writes bench/results/before.json, whose figures later runs print beside
 * their own.
 *   - from outside, as a person meets the elements (bench/outside.ts): a partner page with the classic
 *     script tag; gzip of every script that arrived before each element's first control could be used,
 *     the longest chain of sequential requests, and a cold start on a slow network beside its floor; the
 *     same for a partner as most are (the service sets a theme and German; a German browser);
 *   - sizes of the on-demand chunks and of each locale;
 *   - in headless Chromium against the sandbox: a generated questionnaire at 250, 1,000 and 4,000 questions
 *     in <kyb-form> and in SurveyJS, desktop and a 4x-CPU phone (first layout, first paint, long tasks while
 *     the rest mounts, an answer's main-thread time), start-up of both elements on the phone with the slow
 *     network (bench/phone.ts), Lighthouse's mobile preset when `lighthouse` is there; selfie payload size;
 *   - conditions in Node: evaluations per second, the slowest of a set of adversarial inputs.
 * Results go to bench/results/latest.json, bench/results/latest.md and the README's table.
 * `--outside` measures only from outside (and the composition) and writes nothing: a quick check of sizes.
 * `--questionnaire-only`, `--startup-only`, `--lighthouse-only` run one part (bench/results/<part>.md);
 * `--runs N` (default 3), `--sizes 250,1000`, `--profiles mobile` narrow them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions, startPageServer } from '../test/support/page-server.ts';
import { composition } from './composition.ts';
import { median, outside, SLOW, type OutsideRun, type Target } from './outside.ts';
import { adversarialWorstMs } from './adversarial.ts';
import { generatedQuestionnaire, PROFILES, SIZES } from './questionnaire.ts';
import { lighthouseBin, lighthouseRows, questionnaireRows, startupRows } from './phone.ts';
import { PartnerClient } from '../src/server/index.ts';
import { SandboxControl } from '../src/sandbox/control-client.ts';
import { compileCondition, createVisibilityIndex } from '../src/conditions/index.ts';
import { ageRequest } from '../test/support/age-request.ts';

const ROOT = resolve(import.meta.dirname, '..');
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const CDN = resolve(arg('cdn') ?? join(ROOT, 'dist/cdn'));
const SAVE_AS = arg('save');
/** `--outside`: only the measurements from outside and the composition (no questionnaire, no Node rows); nothing written. */
const OUTSIDE_ONLY = process.argv.includes('--outside');
/**
 * One part alone (phone.ts), written to bench/results/<part>.md and .json, never to the README:
 * `--questionnaire-only` (with `--sizes 250,1000`, `--profiles mobile`), `--startup-only`, `--lighthouse-only`.
 * `--runs N`: runs of each (alternating), default 3. `--no-lighthouse`: a full run without Lighthouse.
 */
const PART = (['questionnaire', 'startup', 'lighthouse'] as const).find((p) =>
  process.argv.includes(`--${p}-only`),
);
const RUNS = Number(arg('runs') ?? 3);
const PART_SIZES = arg('sizes')?.split(',').map(Number) ?? SIZES;
const PART_PROFILES =
  arg('profiles')
    ?.split(',')
    .map((n) => PROFILES.find((p) => p.name === n)!) ?? PROFILES;
const log = (line: string) => console.log(line);
const KB = 1024;
const BEFORE_FILE = join(ROOT, 'bench/results/before.json');
const before: Record<string, number> = existsSync(BEFORE_FILE)
  ? (JSON.parse(readFileSync(BEFORE_FILE, 'utf8')) as { results: Record<string, number> }).results
  : {};
type Row = { metric: string; value: string; before: string; budget: string; ok: boolean | null };
const rows: Row[] = [];
const results: Record<string, number> = {};
const units: Record<string, string> = {};
const fmt = (value: number, unit: string) =>
  `${value.toLocaleString('en', { maximumFractionDigits: 2 })} ${unit}`.trim();
const record = (metric: string, value: number, unit: string, budget?: { max: number; label: string }) => {
  results[metric] = value;
  units[metric] = unit;
  const was = before[metric];
  rows.push({
    metric,
    value: fmt(value, unit),
    before: was === undefined || SAVE_AS ? '' : fmt(was, unit),
    budget: budget?.label ?? '',
    ok: budget ? value <= budget.max : null,
  });
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const loadAtStart = load();

/* ------------------------------------------------------------------ build and sizes */

if (!arg('cdn')) {
  console.log('Building…');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}
const gz = (file: string) => gzipSync(readFileSync(join(CDN, file)), { level: 9 }).length;
const files = readdirSync(CDN, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.js'))
  .sort();
/** The translation chunks (`chunks/<locale>-<hash>.js`) of every shipped locale (lit-localize.json). */
const TARGET_LOCALES = (
  JSON.parse(readFileSync(join(ROOT, 'lit-localize.json'), 'utf8')) as { targetLocales: string[] }
).targetLocales;
const LOCALE_CHUNK = new RegExp(`chunks/(${TARGET_LOCALES.join('|')})-[\\w-]+\\.js$`);
/** Loaded only on demand: the camera, the QR code, a partner's texts (their checks and the message catalogue). */
const ON_DEMAND = /chunks\/(camera|capture|qr|texts)-/;
const sumGz = (fs: string[]) => fs.reduce((n, f) => n + gz(f), 0) / KB;

if (PART) {
  const notes: string[] = [];
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    if (PART === 'questionnaire')
      notes.push(
        ...(await questionnaireRows(browser, CDN, record, {
          runs: RUNS,
          sizes: PART_SIZES,
          profiles: PART_PROFILES,
          log,
        })),
      );
    if (PART === 'startup') await startupRows(browser, CDN, record, { runs: RUNS, log });
  } finally {
    await browser.close();
  }
  if (PART === 'lighthouse') {
    const bin = lighthouseBin(ROOT);
    if (!bin)
      throw new Error(
        'no lighthouse: npm install --no-save lighthouse@12.8, or LIGHTHOUSE=/path/to/lighthouse',
      );
    notes.push(...(await lighthouseRows(bin, CDN, record, { runs: RUNS, log })));
  }
  const md = [
    `# Benchmark results: ${PART} (${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, load average ${loadAtStart} at the start and ${load()} at the end; medians of alternating runs, task times as thread time)`,
    '',
    '| metric | value | goal | status |',
    '|---|---|---|---|',
    ...rows.map(
      (r) => `| ${r.metric} | ${r.value} | ${r.budget} | ${r.ok === null ? '' : r.ok ? 'ok' : '**miss**'} |`,
    ),
    '',
    ...notes,
    '',
  ].join('\n');
  console.log(`\n${md}`);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, `bench/results/${PART}.md`), md);
  writeFileSync(
    join(ROOT, `bench/results/${PART}.json`),
    JSON.stringify(
      { when: new Date().toISOString(), load: { start: loadAtStart, end: load() }, results, units },
      null,
      2,
    ) + '\n',
  );
  console.log(`Written: bench/results/${PART}.md, bench/results/${PART}.json`);
  process.exit(0);
}

/* ------------------------------------------------------------------ conditions (Node) */

const questionnaire = generatedQuestionnaire();
const nodeRows: [string, number, string][] = [];
if (!OUTSIDE_ONLY) {
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
  nodeRows.push([
    'Condition evaluations per second (Node)',
    Math.round(n / ((performance.now() - start) / 1000)),
    '/s',
  ]);
  const builds: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    createVisibilityIndex(questionnaire.sections, () => undefined);
    builds.push(performance.now() - t0);
  }
  nodeRows.push(['Visibility index build, 1,000 questions (Node), median of 5', median(builds), 'ms']);
  const index = createVisibilityIndex(questionnaire.sections, () => undefined);
  const was = index.evaluations;
  index.update('s3', 'q0');
  nodeRows.push(['Conditions re-evaluated per answer change', index.evaluations - was, 'evaluations']);
  const worst = adversarialWorstMs();
  nodeRows.push([
    `Slowest adversarial condition, compile + 3 evaluations (of ${worst.cases})`,
    worst.ms,
    'ms',
  ]);
}

/* ------------------------------------------------------------------ Chromium */

const browser = await chromium.launch(chromiumLaunchOptions());
let parts: ReturnType<typeof composition> = [];
let bothScripts: string[] = [];
let questionnaireMd: string[] = [];
let lighthouseMd: string[] = [];
try {
  // From outside: a partner page with the classic script tag.
  const o = await outside(browser, CDN);
  const fast: Record<Target, OutsideRun[]> = { 'kyb-form': [], 'age-check': [], both: [] };
  for (let i = 0; i < 3; i++)
    for (const t of ['kyb-form', 'age-check', 'both'] as const) fast[t].push(await o.run(t, false));
  const slow: Record<'kyb-form' | 'age-check', OutsideRun[]> = { 'kyb-form': [], 'age-check': [] };
  for (let i = 0; i < 5; i++)
    for (const t of ['kyb-form', 'age-check'] as const) slow[t].push(await o.run(t, true));
  // A partner as most are: the service sets a theme and German; the visitor's browser is German.
  const partnerRuns: Record<'kyb-form' | 'age-check', OutsideRun[]> = { 'kyb-form': [], 'age-check': [] };
  for (let i = 0; i < 5; i++)
    for (const t of ['kyb-form', 'age-check'] as const)
      partnerRuns[t].push(await o.run(t, true, 'themed-de'));
  await o.close();
  const bytes = (t: Target) => median(fast[t].map((r) => r.gzip)) / KB;
  const scripts = (t: Target) => fast[t].at(-1)!.scripts.length;
  // The script count goes with the value: the metric's name stays the same across builds (the before column).
  record('JS before both elements are interactive, gzip', bytes('both'), `kB in ${scripts('both')} scripts`, {
    max: 30,
    label: '≤ 30 kB',
  });
  record(
    'JS before <kyb-form> is interactive, gzip',
    bytes('kyb-form'),
    `kB in ${scripts('kyb-form')} scripts`,
  );
  record(
    'JS before <age-check> is interactive, gzip',
    bytes('age-check'),
    `kB in ${scripts('age-check')} scripts`,
    {
      max: 20,
      label: '≤ 20 kB',
    },
  );
  for (const t of ['kyb-form', 'age-check'] as const)
    record(
      `Sequential requests before <${t}> is interactive (longest of ${fast[t].length + slow[t].length} runs)`,
      Math.max(...fast[t].map((r) => r.chain), ...slow[t].map((r) => r.chain)),
      'requests',
      { max: 2, label: '≤ 2' },
    );
  /** Median time to interactive and median floor of some slow-network runs. */
  const coldStart = (runs: OutsideRun[]) => ({
    ready: median(runs.map((r) => r.readyMs)),
    floor: median(runs.map((r) => r.floorMs ?? NaN)),
  });
  for (const t of ['kyb-form', 'age-check'] as const) {
    const { ready, floor } = coldStart(slow[t]);
    record(`Cold start, slow network, <${t}> interactive (median of ${slow[t].length})`, ready, 'ms');
    record(`Floor for that network and those bytes, <${t}>`, floor, 'ms');
    record(`Cold start / floor, <${t}>`, ready / floor, '×', { max: 1.15, label: '≤ 1.15×' });
  }
  for (const t of ['kyb-form', 'age-check'] as const) {
    const who = t === 'kyb-form' ? 'a themed German <kyb-form>' : 'an <age-check> in a German browser';
    const runs = partnerRuns[t];
    record(
      `Sequential requests before ${who} is interactive (longest of ${runs.length})`,
      Math.max(...runs.map((r) => r.chain)),
      'requests',
    );
    const { ready, floor } = coldStart(runs);
    record(`Cold start, slow network, ${who} (median of ${runs.length})`, ready, 'ms');
    record(`Cold start / floor, ${who}`, ready / floor, '×', { max: 1.15, label: '≤ 1.15×' });
  }
  bothScripts = fast.both.at(-1)!.scripts.map((s) => s.path.replace(/^\/cdn\//, ''));
  parts = composition(bothScripts.map((f) => join(CDN, f)));

  // The questionnaire beside SurveyJS, desktop and phone; start-up on the phone; the selfie's size.
  if (!OUTSIDE_ONLY) {
    questionnaireMd = await questionnaireRows(browser, CDN, record, { runs: RUNS, log });
    await startupRows(browser, CDN, record, { runs: RUNS, log });
    await insideRows();
  }
} finally {
  await browser.close();
}

async function insideRows(): Promise<void> {
  const server = await startPageServer({
    mounts: { '/cdn/': CDN },
    pages: {
      '/bench.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/cdn/verify-elements.js"></script></head><body><main id="host"></main></body></html>`,
    },
  });
  try {
    // Selfie payload: one capture with Chromium's fake camera.
    const account = await new SandboxControl({ baseUrl: `${server.origin}/sandbox` }).createAccount({});
    const partner = new PartnerClient({ baseUrl: `${server.origin}/sandbox`, ...account });
    const age = await partner.createAgeToken(ageRequest());
    const agePage = await browser.newPage();
    await agePage.goto(`${server.origin}/bench.html`);
    await agePage.evaluate((t) => {
      const el = document.createElement('age-check');
      el.setAttribute('api-base', '/sandbox');
      el.setAttribute('token', t);
      document.querySelector('#host')!.append(el);
    }, age.token);
    const sizes: number[] = [];
    agePage.on('request', (r) => {
      if (r.url().endsWith('/age-estimation/session/selfie/')) {
        const body = JSON.parse(r.postData() ?? '{}') as { image?: string };
        if (body.image) sizes.push(Buffer.from(body.image, 'base64').length);
      }
    });
    await agePage.getByRole('button', { name: /agree and start/i }).click();
    await agePage.getByRole('button', { name: /^take photo$/i }).click();
    await agePage.getByRole('button', { name: /^use this photo$/i }).click();
    await agePage.getByRole('heading', { name: 'Age confirmed' }).waitFor({ timeout: 20000 });
    record('Selfie payload (JPEG, decoded)', (sizes[0] ?? NaN) / KB, 'kB', { max: 100, label: '≤ 100 kB' });
    await agePage.close();
  } finally {
    await server.close();
  }
}

const lighthouse = OUTSIDE_ONLY || process.argv.includes('--no-lighthouse') ? null : lighthouseBin(ROOT);
if (lighthouse) lighthouseMd = await lighthouseRows(lighthouse, CDN, record, { runs: RUNS, log });
else if (!OUTSIDE_ONLY)
  console.log('Lighthouse not found (LIGHTHOUSE=... or node_modules/.bin/lighthouse): no Lighthouse rows.');

for (const [metric, value, unit] of nodeRows) record(metric, value, unit);

// Sizes of what loads later or on demand.
record('Classic-script entry (verify-elements.iife.js) gzip', gz('verify-elements.iife.js') / KB, 'kB');
const everything = files.filter(
  (f) => !LOCALE_CHUNK.test(f) && !ON_DEMAND.test(f) && !f.endsWith('.iife.js'),
);
record('Both elements with every step (English), gzip', sumGz(everything), 'kB');
record(
  'Camera + capture chunks gzip (on demand)',
  sumGz(files.filter((f) => /chunks\/(camera|capture)-/.test(f))),
  'kB',
);
record('QR code chunk gzip (on demand)', sumGz(files.filter((f) => /chunks\/qr-/.test(f))), 'kB');
const locales = files.filter((f) => LOCALE_CHUNK.test(f));
record('Largest locale chunk gzip', Math.max(...locales.map((f) => gz(f) / KB)), 'kB', {
  max: 4,
  label: '≤ 4 kB each',
});
const perLocale = new Map<string, number>();
for (const f of locales) {
  const code = LOCALE_CHUNK.exec(f)![1]!;
  perLocale.set(code, (perLocale.get(code) ?? 0) + gz(f) / KB);
}
record('One locale, both elements and every step, gzip (largest)', Math.max(...perLocale.values()), 'kB');

/* ------------------------------------------------------------------ report */

const loadAtEnd = load();
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - s.length));
const hasBefore = rows.some((r) => r.before);
const w = [Math.max(...rows.map((r) => r.metric.length)), 14, 14, 10];
const line = (a: string, b: string, c: string, d: string, e: string) =>
  `${pad(a, w[0]!)}  ${hasBefore ? `${pad(b, w[1]!)}  ` : ''}${pad(c, w[2]!)}  ${pad(d, w[3]!)}  ${e}`;
const table = [
  line('metric', 'before', 'value', 'goal', 'status'),
  line('-'.repeat(w[0]!), '-'.repeat(w[1]!), '-'.repeat(w[2]!), '-'.repeat(w[3]!), '------'),
  ...rows.map((r) => line(r.metric, r.before, r.value, r.budget, r.ok === null ? '' : r.ok ? 'ok' : 'MISS')),
].join('\n');
const partsTable = [
  '| part | raw | gzip alone |',
  '|---|---|---|',
  ...parts.map((p) => `| ${p.group} | ${(p.raw / KB).toFixed(2)} kB | ${(p.gzip / KB).toFixed(2)} kB |`),
];
const when = new Date().toISOString();
const machine = `${when.slice(0, 16)}Z, Node ${process.version}, headless Chromium, load average ${loadAtStart} at the start and ${loadAtEnd} at the end`;
console.log(`\n${table}\n`);
console.log(`Scripts before both elements are interactive: ${bothScripts.join(', ')}`);
console.log(`By part:\n${partsTable.join('\n')}\n`);
console.log(
  `Slow network: ${SLOW.rttMs} ms round trip, ${(SLOW.downBytesPerS * 8) / 1e6} Mbit/s down. ${machine}`,
);

if (OUTSIDE_ONLY) {
  console.log('--outside: nothing written.');
  process.exit(0);
}
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const fileTable = files.map((f) => ({ file: f, raw: readFileSync(join(CDN, f)).length, gzip: gz(f) }));
const json =
  JSON.stringify(
    {
      when,
      node: process.version,
      load: { start: loadAtStart, end: loadAtEnd },
      cdn: CDN,
      results,
      units,
      files: fileTable,
    },
    null,
    2,
  ) + '\n';
writeFileSync(join(ROOT, 'bench/results/latest.json'), json);
if (SAVE_AS) writeFileSync(join(ROOT, `bench/results/${SAVE_AS}.json`), json);
const mdRows = [
  `| metric |${hasBefore ? ' before |' : ''} value | goal | status |`,
  `|---|${hasBefore ? '---|' : ''}---|---|---|`,
  ...rows.map(
    (r) =>
      `| ${r.metric} |${hasBefore ? ` ${r.before} |` : ''} ${r.value} | ${r.budget} | ${r.ok === null ? '' : r.ok ? 'ok' : '**miss**'} |`,
  ),
];
const md = [
  `# Benchmark results (${machine})`,
  '',
  ...mdRows,
  '',
  '## The questionnaire beside SurveyJS (ms; answers: main-thread time from the input to its paint)',
  '',
  ...questionnaireMd,
  '',
  ...(lighthouseMd.length ? ['## Lighthouse, mobile preset', '', ...lighthouseMd, ''] : []),
  '## What both elements download before they are interactive (partner page, classic script)',
  '',
  bothScripts.map((f) => `\`${f}\``).join(', '),
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

// The README quotes the table (between the bench markers), unless this run measured another build.
const readmePath = join(ROOT, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const a = readme.indexOf('<!-- bench:start -->');
const b = readme.indexOf('<!-- bench:end -->');
if (!arg('cdn') && a >= 0 && b > a) {
  const section = [
    '<!-- bench:start -->',
    ...mdRows,
    '',
    'Before both elements are interactive, by part (gzip of each part alone):',
    '',
    ...partsTable,
    '',
    `Measured ${machine}.${hasBefore ? ` "before": ${String((JSON.parse(readFileSync(BEFORE_FILE, 'utf8')) as { when: string }).when).slice(0, 16)}Z.` : ''}`,
    '',
  ].join('\n');
  writeFileSync(readmePath, readme.slice(0, a) + section + readme.slice(b));
}
console.log(
  'Written: bench/results/latest.json, bench/results/latest.md' +
    (arg('cdn') ? '' : ', README.md (benchmark table)'),
);
