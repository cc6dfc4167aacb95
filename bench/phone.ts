/**
 * The bench's rows for a mid-range phone, beside the desktop ones (run.ts calls these; each also runs
 * alone with a flag of `npm run bench`):
 *   - the questionnaire at 250, 1,000 and 4,000 questions in `<kyb-form>` and in SurveyJS, desktop and the
 *     4x-CPU profile (questionnaire.ts), alternating run by run;
 *   - start-up on the 4x-CPU profile with the slow network (150 ms RTT, 1.6 Mbit/s): the first usable
 *     control of each element beside the network's limit for its bytes (outside.ts), and the long tasks
 *     before it; with the release's head snippet (`head-snippet.html` in the CDN directory: preload and
 *     preconnect hints for a partner page's head) when there is one, and without;
 *   - Lighthouse's mobile preset (simulated 4x CPU and slow 4G) for a partner page of each element, when
 *     the `lighthouse` command is there (`LIGHTHOUSE=/path/to/lighthouse`, or node_modules/.bin).
 * Times on a shared machine are noisy: every figure is a median of alternating runs, task lengths are
 * thread times (trace.ts), and the machine's load is printed with the results.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import {
  ENGINES,
  median,
  PROFILES,
  questionnaireBench,
  questionnaireTable,
  SIZES,
  summarize,
  type Profile,
  type QuestionnaireRun,
} from './questionnaire.ts';
import { outside, type OutsideRun } from './outside.ts';
import { startPageServer } from '../test/support/page-server.ts';
import { PartnerClient } from '../src/server/index.ts';
import { SandboxControl } from '../src/sandbox/control-client.ts';
import { ageRequest } from '../test/support/age-request.ts';

export type Record = (
  metric: string,
  value: number,
  unit: string,
  budget?: { max: number; label: string },
) => void;

/** The questionnaire rows: goal rows through `record`, and the full table (markdown lines). */
export async function questionnaireRows(
  browser: Browser,
  cdn: string,
  record: Record,
  opts: { runs: number; sizes?: number[]; profiles?: Profile[]; log?: (line: string) => void },
): Promise<string[]> {
  const sizes = opts.sizes ?? SIZES;
  const profiles = opts.profiles ?? PROFILES;
  const bench = await questionnaireBench(browser, cdn, sizes);
  const runs: QuestionnaireRun[] = [];
  try {
    for (let i = 0; i < opts.runs; i++)
      for (const profile of profiles)
        for (const size of sizes)
          for (const engine of ENGINES) {
            const r = await bench.run(engine, size, profile);
            runs.push(r);
            opts.log?.(
              `questionnaire run ${i + 1} ${profile.name} ${size} ${engine}: layout ${r.firstLayout.toFixed(1)}, paint ${r.firstPaint.toFixed(1)} ms (work before it ${r.workBeforePaint.toFixed(1)}), long tasks mounting ${r.mountLongTasks.length} (Chromium autofill scans over 50 ms ${r.mountAutofillTasks.length}), answer ${median(r.answers.map((c) => c.total)).toFixed(1)}, toggle ${median(r.toggles.map((c) => c.total)).toFixed(1)} ms`,
            );
          }
  } finally {
    await bench.close();
  }
  const sums = summarize(runs);
  const kyb = (size: number, profile: string) =>
    sums.find((s) => s.engine === 'kyb-form' && s.size === size && s.profile === profile);
  for (const p of profiles) {
    for (const size of sizes.filter((n) => n >= 1000)) {
      const s = kyb(size, p.name);
      if (!s) continue;
      const at = `${size.toLocaleString('en')} questions, ${p.name}`;
      record(
        `Questionnaire ${at}: first paint after first layout (median of ${s.runs})`,
        s.paintAfterLayout,
        'ms',
        {
          max: 16,
          label: '≤ 16 ms',
        },
      );
    }
    for (const size of sizes) {
      const s = kyb(size, p.name);
      if (!s) continue;
      record(
        `Questionnaire ${size.toLocaleString('en')} questions, ${p.name}: long tasks while the rest mounts (most in a run of ${s.runs})`,
        s.mountLongTasks,
        'tasks',
        { max: 0, label: '0' },
      );
      // Not the page's tasks (bench/questionnaire.ts): shown beside the goal row, without a goal.
      record(
        `Questionnaire ${size.toLocaleString('en')} questions, ${p.name}: Chromium autofill form scans over 50 ms while the rest mounts (most in a run of ${s.runs}; longest ${s.mountAutofillLongest.toFixed(0)} ms)`,
        s.mountAutofillTasks,
        'tasks',
      );
    }
    const small = kyb(Math.min(...sizes), p.name);
    const large = kyb(Math.max(...sizes), p.name);
    if (small && large && small !== large)
      for (const kind of ['answer', 'toggle'] as const)
        record(
          `Questionnaire ${p.name}: ${kind === 'answer' ? 'a text answer' : 'an answer toggling 13 questions'}, main-thread time at ${large.size.toLocaleString('en')} / at ${small.size.toLocaleString('en')} questions (${large[kind].total.toFixed(1)} / ${small[kind].total.toFixed(1)} ms; Chromium's autofill apart: ${large[kind].apart.toFixed(1)} / ${small[kind].apart.toFixed(1)} ms)`,
          large[kind].total / small[kind].total,
          '×',
          { max: 1.5, label: '≤ 1.5×' },
        );
  }
  return questionnaireTable(sums);
}

/** The release's head snippet in `cdn` (written by the build), if there is one. */
export const headSnippet = (cdn: string): string | null => {
  const file = join(cdn, 'head-snippet.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
};

/** The snippet as a page with only `tag` keeps it (docs/release.md): without the other element's section. */
export const snippetFor = (snippet: string, tag: 'kyb-form' | 'age-check'): string => {
  const other = tag === 'kyb-form' ? 'age-check' : 'kyb-form';
  return snippet.replace(
    new RegExp(`<!-- <${other}>: first screen -->[\\s\\S]*?<!-- /<${other}> -->\\n?`),
    '',
  );
};

/** Start-up rows on the 4x-CPU profile with the slow network, for both elements, with and without the snippet. */
export async function startupRows(
  browser: Browser,
  cdn: string,
  record: Record,
  opts: { runs: number; log?: (line: string) => void },
): Promise<void> {
  const snippet = headSnippet(cdn);
  const heads: [string, string | undefined][] = [['', undefined]];
  if (snippet) heads.push([' with the head snippet', snippet]);
  const o = await outside(browser, cdn);
  const results = new Map<string, OutsideRun[]>();
  try {
    for (let i = 0; i < opts.runs; i++)
      for (const t of ['kyb-form', 'age-check'] as const)
        for (const [label, head] of heads) {
          const r = await o.run(t, true, 'plain', {
            cpu: 4,
            trace: true,
            ...(head ? { head: snippetFor(head, t) } : {}),
          });
          const key = `<${t}>${label}`;
          results.set(key, [...(results.get(key) ?? []), r]);
          opts.log?.(
            `start-up run ${i + 1} ${key}: ${r.readyMs.toFixed(0)} ms, floor ${r.floorMs?.toFixed(0)} ms, long tasks ${r.longTasks?.map((x) => x.toFixed(0)).join(' ') || 'none'} (navigation commit ${r.commitTasks?.map((x) => x.toFixed(0)).join(' ') || 'short'}), main thread ${r.cpuBefore?.toFixed(0)} ms${(r.longTaskWork ?? []).map((w, k) => `\n    long task ${k + 1}: ${w.join(', ')}`).join('')}`,
          );
        }
  } finally {
    await o.close();
  }
  for (const [key, runs] of results) {
    const ready = median(runs.map((r) => r.readyMs));
    const floor = median(runs.map((r) => r.floorMs ?? NaN));
    const n = runs.length;
    record(
      `Start-up, phone (4x CPU, slow network), ${key}: first usable control (median of ${n})`,
      ready,
      'ms',
    );
    record(`Start-up, phone, ${key}: network limit for its bytes`, floor, 'ms');
    record(`Start-up, phone, ${key}: first usable control / network limit`, ready / floor, '×', {
      max: 1.25,
      label: '≤ 1.25×',
    });
    record(
      `Start-up, phone, ${key}: long tasks of the page before the first usable control (most in a run of ${n})`,
      Math.max(...runs.map((r) => r.longTasks?.length ?? NaN)),
      'tasks',
      { max: 0, label: '0' },
    );
    record(
      `Start-up, phone, ${key}: the browser's navigation commit over 50 ms, not counted above (most in a run of ${n}; longest ${Math.max(0, ...runs.flatMap((r) => r.commitTasks ?? [])).toFixed(0)} ms)`,
      Math.max(...runs.map((r) => r.commitTasks?.length ?? NaN)),
      'tasks',
    );
    record(
      `Start-up, phone, ${key}: main-thread time before the first usable control (median)`,
      median(runs.map((r) => r.cpuBefore ?? NaN)),
      'ms',
    );
  }
}

/** The `lighthouse` command, if there is one. */
export function lighthouseBin(root: string): string | null {
  const candidates = [process.env.LIGHTHOUSE, join(root, 'node_modules/.bin/lighthouse')];
  return candidates.find((c): c is string => !!c && existsSync(c)) ?? null;
}

/**
 * Lighthouse's mobile preset (its default: simulated 4x CPU, 150 ms RTT, 1.6 Mbit/s) on a partner page of
 * each element (classic script, the element in the HTML): performance score and total blocking time,
 * medians of `runs`. Returns markdown lines for the results' notes.
 */
export async function lighthouseRows(
  bin: string,
  cdn: string,
  record: Record,
  opts: { runs: number; log?: (line: string) => void },
): Promise<string[]> {
  const pages: { [path: string]: string } = {};
  const server = await startPageServer({ mounts: { '/cdn/': cdn }, pages });
  const lines: string[] = [];
  try {
    const control = new SandboxControl({ baseUrl: `${server.origin}/sandbox` });
    const partner = new PartnerClient({
      baseUrl: `${server.origin}/sandbox`,
      ...(await control.createAccount({ kyb: { info: { locale: 'en', theme: null, flow: null } } })),
    });
    const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
    const scores = new Map<string, { perf: number; tbt: number; index: number; long: string[] }[]>();
    for (let i = 0; i < opts.runs; i++)
      for (const tag of ['kyb-form', 'age-check'] as const) {
        const token =
          tag === 'kyb-form'
            ? (await partner.createKybToken({ clientId: `lighthouse-${Date.now()}` })).tokenString
            : (await partner.createAgeToken(ageRequest())).token;
        const path = `/lighthouse-${tag}-${i}.html`;
        pages[path] =
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner</title>
<link rel="icon" href="data:,"><script src="/cdn/verify-elements.iife.js"></script></head><body><main><h1>Partner page</h1>
<${tag} api-base="/sandbox" token="${token}"></${tag}></main></body></html>`;
        let out: string;
        try {
          // Asynchronous: the page server and the sandbox answer from this process while Lighthouse runs.
          out = (
            await promisify(execFile)(
              bin,
              [
                `${server.origin}${path}`,
                '--only-categories=performance',
                '--output=json',
                '--output-path=stdout',
                '--quiet',
                '--max-wait-for-load=45000',
                `--chrome-path=${chrome}`,
                '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
              ],
              // SIGINT: Lighthouse closes the Chromium it started
              {
                maxBuffer: 64 * 1024 * 1024,
                env: { ...process.env, CHROME_PATH: chrome },
                timeout: 240000,
                killSignal: 'SIGINT',
              },
            )
          ).stdout;
        } catch (err) {
          // a run that fails or takes over 4 minutes is left out (the runs used to hang: a synchronous
          // execFile blocked this process, whose server the page needs)
          opts.log?.(
            `lighthouse run ${i + 1} <${tag}>: no report (${(err as Error).message.split('\n')[0]})`,
          );
          continue;
        }
        const report = JSON.parse(out) as {
          categories: { performance: { score: number } };
          audits: {
            [id: string]: {
              numericValue?: number;
              details?: { items?: { url?: string; duration?: number }[] };
            };
          };
          environment?: { benchmarkIndex?: number };
        };
        const s = {
          perf: Math.round(report.categories.performance.score * 100),
          tbt: report.audits['total-blocking-time']?.numericValue ?? NaN,
          // Lighthouse's measure of this machine's CPU (a recent laptop scores about 1,500-2,500): its 4x
          // slow-down is simulated on top of what it observes, so a slow machine counts its tasks longer.
          index: report.environment?.benchmarkIndex ?? NaN,
          long: (report.audits['long-tasks']?.details?.items ?? [])
            .map((t) => `${(t.url ?? '').split('/').pop()} ${Math.round(t.duration ?? 0)}`)
            .slice(0, 5),
        };
        scores.set(tag, [...(scores.get(tag) ?? []), s]);
        opts.log?.(
          `lighthouse run ${i + 1} <${tag}>: performance ${s.perf}, TBT ${s.tbt.toFixed(0)} ms, benchmark index ${s.index}, long tasks (ms) ${s.long.join(', ') || 'none'}`,
        );
      }
    for (const [tag, runs] of scores) {
      const perf = median(runs.map((r) => r.perf));
      const tbt = median(runs.map((r) => r.tbt));
      record(`Lighthouse mobile, <${tag}>: performance (median of ${runs.length}; goal 100)`, perf, '');
      record(`Lighthouse mobile, <${tag}>: total blocking time (median)`, tbt, 'ms', {
        max: 50,
        label: '< 50 ms',
      });
      lines.push(
        `- \`<${tag}>\`: performance ${runs.map((r) => r.perf).join(', ')} (median ${perf}); total blocking time ${runs.map((r) => r.tbt.toFixed(0)).join(', ')} ms (median ${tbt.toFixed(0)} ms); Lighthouse's benchmark index of this machine ${runs.map((r) => r.index.toFixed(0)).join(', ')}; long tasks of the first run (simulated ms): ${runs[0]?.long.join(', ') || 'none'}`,
      );
    }
  } finally {
    await server.close();
  }
  return lines;
}
