/**
 * The elements measured from outside, as a person meets them: a partner page that loads the CDN build with
 * the classic script tag (`<script src=".../verify-elements.iife.js">`) and holds the elements in its
 * HTML, token in the attribute. An element is interactive once its first control can be used: for
 * `<kyb-form>` the company-name field of the first step, for `<age-check>` the consent button (rendered,
 * visible, enabled, not inside a busy region), checked on every frame inside the page.
 *
 * From the page's resource timing: every script that had arrived by then (its gzip size, level 9, from the
 * built file), and the longest chain of requests (code and API) in which each started only after the one
 * before it had ended (the page itself not counted; the page declares its icon inline, so the browser's
 * own favicon request, which is not the elements', does not join the chain). On an emulated slow
 * network, the time from navigation to interactive, beside the floor for that network: the page, then the
 * entry, then the element's code and its first API calls in parallel, each hop one round trip plus its
 * bytes at the link's rate.
 *
 * `node --import tsx bench/outside.ts [cdn-dir]` prints the figures for one build (the bench runs it too).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions, startPageServer, type PageServer } from '../test/support/page-server.ts';
import { PartnerClient } from '../src/server/index.ts';
import { SandboxControl } from '../src/sandbox/control-client.ts';
import { ageRequest } from '../test/support/age-request.ts';
import { cpu, traced } from './trace.ts';

export type Target = 'kyb-form' | 'age-check' | 'both';
/** The partner: `plain` (no theme, English), or `themed-de` (the service sets a theme and German). */
export type Partner = 'plain' | 'themed-de';
/**
 * Per partner: the visitor's browser language, and the accessible name of each element's first control
 * in it (anchored: no English in German).
 */
const PARTNER: Record<Partner, { browser: string; firstControl: Record<'kyb-form' | 'age-check', string> }> =
  {
    plain: {
      browser: 'en-US',
      firstControl: { 'kyb-form': '^\\s*company name\\b', 'age-check': '^\\s*agree and start\\s*$' },
    },
    'themed-de': {
      browser: 'de-DE',
      firstControl: {
        'kyb-form': '^\\s*name des unternehmens\\b',
        'age-check': '^\\s*zustimmen und starten\\s*$',
      },
    },
  };
/** The slow network of the bench: 150 ms round trip, 1.6 Mbit/s down. */
export const SLOW = { rttMs: 150, downBytesPerS: 1.6e6 / 8, upBytesPerS: 750e3 / 8 };

export interface OutsideRun {
  /** ms from navigation until every element of the page was interactive. */
  readyMs: number;
  /** Scripts that had arrived by then: URL path and gzip size of the built file. */
  scripts: { path: string; gzip: number }[];
  gzip: number;
  /** Longest chain of requests each of which started after the previous one ended. */
  chain: number;
  /** The floor for the emulated network (null when not throttled). */
  floorMs: number | null;
  /** The protocol the scripts came over (`h2`). */
  protocol: string;
  /**
   * With `trace`: the main thread's tasks over 50 ms (thread time, ms) before the element was interactive,
   * the browser's commit of the page's navigation apart (`commitTasks`).
   */
  longTasks?: number[];
  /** With `trace`: the tasks over 50 ms in which the browser committed the page's navigation (trace.ts `isCommit`). */
  commitTasks?: number[];
  /** With `trace`: the main thread's time (ms) before the element was interactive. */
  cpuBefore?: number;
  /** With `trace`: what each long task ran (trace.ts `describe`). */
  longTaskWork?: string[][];
}

/** More of a run: a slower CPU, HTML added to the page's head, a performance trace for its long tasks. */
export interface RunOptions {
  /** CPU slowdown (`Emulation.setCPUThrottlingRate`): 4 for the bench's phone. */
  cpu?: number;
  /**
   * Added to the page's head before the entry's script (the release's head snippet: preload and preconnect
   * hints). `{{api-base}}` / `%API_BASE%` in it become the API's origin, `{{cdn-base}}` / `%CDN_BASE%` the CDN's.
   */
  head?: string;
  trace?: boolean;
}

interface Timing {
  name: string;
  startTime: number;
  responseEnd: number;
  transferSize: number;
}

/**
 * Runs in the page (plain JavaScript, so no compiler helper leaks into it): resolves with the time at which
 * each element's first control can be used.
 */
const WATCH_INTERACTIVE = `(tags, names) => {
  const usable = (el) => {
    if (!el || el.disabled) return false;
    if (el.closest('[aria-busy="true"], [inert]')) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const first = {
    'kyb-form': (root) => [...root.querySelectorAll('input')].find((i) =>
      [...(i.labels || [])].some((l) => new RegExp(names['kyb-form'], 'i').test(l.textContent || ''))),
    'age-check': (root) => [...root.querySelectorAll('button')].find((b) =>
      new RegExp(names['age-check'], 'i').test(b.textContent || '')),
  };
  return new Promise((done) => {
    const check = () => {
      const ok = tags.every((tag) => {
        const root = document.querySelector(tag) && document.querySelector(tag).shadowRoot;
        return root ? usable(first[tag](root)) : false;
      });
      if (ok) {
        console.timeStamp('bench:ready');
        done(performance.now());
      }
      else requestAnimationFrame(check);
    };
    check();
  });
}`;

/** The longest chain of requests in which each started after the previous one ended. */
export function longestChain(reqs: { start: number; end: number }[]): number {
  const sorted = [...reqs].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  sorted.forEach((r, i) => {
    let best = 0;
    for (let j = 0; j < i; j++) if (sorted[j]!.end <= r.start) best = Math.max(best, depth[j]!);
    depth.push(best + 1);
  });
  return Math.max(0, ...depth);
}

/**
 * An HTTPS front with HTTP/2, as a CDN and an API serve (one connection, no limit of six requests at a
 * time, which over HTTP/1.1 would queue requests behind each other and lengthen the chains): a
 * self-signed certificate (the bench's browser contexts ignore certificate errors), every request passed
 * on to the plain page server.
 */
async function http2Front(target: string): Promise<{ origin: string; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'verify-elements-h2-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
     '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], // prettier-ignore
    { stdio: 'ignore' },
  );
  const upstream = new URL(target);
  const server = createSecureServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')), allowHTTP1: true },
    (req: Http2ServerRequest, res: Http2ServerResponse) => {
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (!k.startsWith(':') && v !== undefined && !/^(connection|keep-alive|host)$/i.test(k))
          headers[k] = v;
      headers.host = upstream.host;
      const up = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
        (r) => {
          const out: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(r.headers))
            if (v !== undefined && !/^(connection|keep-alive|transfer-encoding)$/i.test(k)) out[k] = v;
          res.writeHead(r.statusCode ?? 502, out);
          r.pipe(res);
        },
      );
      up.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      req.pipe(up);
    },
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface Outside {
  run(target: Target, throttled: boolean, partner?: Partner, options?: RunOptions): Promise<OutsideRun>;
  close(): Promise<void>;
}

/** Serves `cdnDir` and the sandbox; each run gets fresh tokens and a fresh browser context. */
export async function outside(browser: Browser, cdnDir: string): Promise<Outside> {
  const pages: Record<string, string> = {};
  const server: PageServer = await startPageServer({ mounts: { '/cdn/': cdnDir }, pages });
  const front = await http2Front(server.origin);
  const control = new SandboxControl({ baseUrl: `${server.origin}/sandbox` });
  const account = await control.createAccount({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
  const partners: Record<Partner, PartnerClient> = {
    plain: new PartnerClient({ baseUrl: `${server.origin}/sandbox`, ...account }),
    // A partner as most are: the service sets its theme (colours and name: no font or logo, which would
    // add requests of their own) and its locale; the visitor's browser is German too.
    'themed-de': new PartnerClient({
      baseUrl: `${server.origin}/sandbox`,
      ...(await control.createAccount({
        kyb: {
          info: {
            locale: 'de',
            theme: { companyName: 'Partner GmbH', colors: { primary: '#0b57d0', secondary: '#5f6368' } },
            flow: null,
          },
        },
      })),
    }),
  };
  let n = 0;
  const gz = new Map<string, number>();
  const gzipOf = (path: string) => {
    let size = gz.get(path);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(cdnDir, path.replace(/^\/cdn\//, ''))), { level: 9 }).length;
      gz.set(path, size);
    }
    return size;
  };

  async function run(
    target: Target,
    throttled: boolean,
    kind: Partner = 'plain',
    options: RunOptions = {},
  ): Promise<OutsideRun> {
    const partner = partners[kind];
    const tags = target === 'both' ? ['kyb-form', 'age-check'] : [target];
    const attrs: Record<string, string> = {};
    if (tags.includes('kyb-form'))
      attrs['kyb-form'] = (
        await partner.createKybToken({ clientId: `outside-${Date.now()}-${n}` })
      ).tokenString;
    if (tags.includes('age-check')) attrs['age-check'] = (await partner.createAgeToken(ageRequest())).token;
    const path = `/partner-${n++}.html`;
    const head = (options.head ?? '')
      .replace(/\{\{\s*api-base\s*\}\}|%API_BASE%/g, `${front.origin}/sandbox`)
      .replace(/\{\{\s*cdn-base\s*\}\}|%CDN_BASE%/g, `${front.origin}/cdn/`);
    pages[path] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<link rel="icon" href="data:,">${head}${/verify-elements\.js"/.test(head) ? '' : '<script src="/cdn/verify-elements.iife.js"></script>'}</head><body><main><h1>Partner page</h1>
${tags.map((t) => `<${t} api-base="/sandbox" token="${attrs[t]}"></${t}>`).join('\n')}
</main></body></html>`;
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      locale: PARTNER[kind].browser,
    });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (options.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu });
      if (throttled) {
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: SLOW.rttMs,
          downloadThroughput: SLOW.downBytesPerS,
          uploadThroughput: SLOW.upBytesPerS,
        });
      }
      const failed: string[] = [];
      page.on('requestfailed', (r) => failed.push(`${new URL(r.url()).pathname} ${r.failure()?.errorText}`));
      page.on('console', (m) => {
        // Errors, and the elements' own warnings (a chunk that failed to load or run, with its cause).
        if (m.type() === 'error' || (m.type() === 'warning' && m.text().startsWith('verify-elements:')))
          failed.push(`console: ${m.text().slice(0, 300)}`);
      });
      page.on('pageerror', (e) => failed.push(`page error: ${e.message.slice(0, 300)}`));
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${new URL(r.url()).pathname} ${r.status()}`);
      });
      await page.addInitScript(
        `window.__veErrors = []; for (const n of ['kyb-error', 'age-check-error']) addEventListener(n, (e) => window.__veErrors.push(n + ' ' + JSON.stringify(e.detail)));`,
      );
      await page.addInitScript(
        `window.__veReady = (${WATCH_INTERACTIVE})(${JSON.stringify(tags)}, ${JSON.stringify(PARTNER[kind].firstControl)});`,
      );
      const load = async () => {
        await page.goto(`${front.origin}${path}`, { waitUntil: 'commit' });
        // Never waits forever: after 30 s the run fails with what the elements show.
        const readyMs = await page
          .evaluate(
            (tagList) =>
              Promise.race([
                (window as unknown as { __veReady: Promise<number> }).__veReady,
                new Promise<number>((_, reject) =>
                  setTimeout(() => {
                    const shown = tagList.map(
                      (t) =>
                        `${t}: ${document.querySelector(t)?.shadowRoot?.textContent?.slice(0, 300) ?? '(none)'}`,
                    );
                    const events = (window as unknown as { __veErrors?: string[] }).__veErrors ?? [];
                    reject(
                      new Error(
                        `not interactive after 30 s; ${shown.join(' | ')}; events: ${events.join(', ')}`,
                      ),
                    );
                  }, 30000),
                ),
              ]),
            tags,
          )
          .catch((err: unknown) => {
            throw new Error(`${String(err)}; failed requests: ${failed.join(', ') || 'none'}`);
          });
        return readyMs;
      };
      // OUTSIDE_PROFILE=1: V8's sampling profile of the run, its functions by self time (printed after it).
      const profiling = !!process.env.OUTSIDE_PROFILE;
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      let readyMs: number;
      let longTasks: number[] | undefined;
      let cpuBefore: number | undefined;
      let longTaskWork: string[][] | undefined;
      let commitTasks: number[] | undefined;
      if (options.trace) {
        const { value, trace } = await traced(browser, page, load);
        readyMs = value;
        const ready = trace.mark('bench:ready');
        const tasks = trace.tasks(0, ready);
        const long = tasks.filter((t) => cpu(t) > 50);
        const commits = long.filter((t) => trace.isCommit(t));
        const own = long.filter((t) => !commits.includes(t));
        longTasks = own.map(cpu);
        commitTasks = commits.map(cpu);
        longTaskWork = own.map((t) => trace.describe(t));
        cpuBefore = tasks.reduce((sum, t) => sum + cpu(t), 0);
        // OUTSIDE_TIMELINE=1: every task of 5 ms or more before the element was interactive, with when it
        // started (ms after the first task) and what it ran, to see what stands between the bytes and the screen.
        if (process.env.OUTSIDE_TIMELINE && tasks.length) {
          const t0 = tasks[0]!.ts;
          for (const t of tasks.filter((x) => (x.tdur ?? x.dur ?? 0) / 1000 >= 5)) {
            console.log(
              `  ${((t.ts - t0) / 1000).toFixed(0).padStart(6)} ms  ${((t.tdur ?? t.dur ?? 0) / 1000).toFixed(1).padStart(6)}  ${trace.describe(t, 5).join(', ')}`,
            );
            if ((t.tdur ?? t.dur ?? 0) / 1000 < 40) continue;
            // Every kind of event in a long task (nested ones too), by its total time.
            const kinds = new Map<string, number>();
            for (const e of trace.events)
              if (e !== t && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && e.dur !== undefined) {
                const url = e.args?.data?.url?.split('/').pop() ?? e.args?.data?.functionName ?? '';
                const k = `${e.name}${url ? ` ${url}` : ''}`;
                kinds.set(k, (kinds.get(k) ?? 0) + (e.tdur ?? e.dur) / 1000);
              }
            console.log(
              `           all: ${[...kinds]
                .sort((a, b) => b[1] - a[1])
                .slice(0, 12)
                .map(([k, v]) => `${k} ${v.toFixed(1)}`)
                .join(', ')}`,
            );
          }
          console.log(`  ${((ready - t0) / 1000).toFixed(0).padStart(6)} ms  ready`);
        }
      } else readyMs = await load();
      if (profiling) await printProfile((await cdp.send('Profiler.stop')).profile, cdnDir);
      const entries = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return {
          nav: {
            responseEnd: nav.responseEnd,
            transferSize: nav.transferSize,
            protocol: nav.nextHopProtocol,
          },
          res: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
            name: new URL(e.name).pathname,
            startTime: e.startTime,
            responseEnd: e.responseEnd,
            transferSize: e.transferSize,
          })),
        };
      });
      const before: Timing[] = entries.res.filter((e) => e.startTime <= readyMs && e.responseEnd > 0);
      if (process.env.OUTSIDE_WATERFALL)
        for (const e of entries.res)
          console.log(
            `   ${e.startTime.toFixed(0).padStart(5)} -> ${e.responseEnd.toFixed(0).padStart(5)}  ${e.name}`,
          );
      const scripts = before
        .filter((e) => e.name.startsWith('/cdn/') && e.name.endsWith('.js') && e.responseEnd <= readyMs)
        .map((e) => ({ path: e.name, gzip: gzipOf(e.name) }));
      const chain = longestChain(before.map((e) => ({ start: e.startTime, end: e.responseEnd })));
      let floorMs: number | null = null;
      if (throttled) {
        // The page, then the entry (the classic script), then everything else in parallel.
        const entry = before.find((e) => e.name === '/cdn/verify-elements.iife.js');
        const rest = before.filter((e) => e !== entry && e.responseEnd <= readyMs);
        const bytes = (xs: Timing[]) => xs.reduce((s, e) => s + e.transferSize, 0);
        const hop = (b: number) => SLOW.rttMs + (b / SLOW.downBytesPerS) * 1000;
        floorMs = entries.nav.responseEnd + hop(entry?.transferSize ?? 0) + hop(bytes(rest));
      }
      return {
        readyMs,
        scripts,
        gzip: scripts.reduce((s, e) => s + e.gzip, 0),
        chain,
        floorMs,
        protocol: entries.nav.protocol,
        ...(longTasks ? { longTasks, commitTasks, cpuBefore, longTaskWork } : {}),
      };
    } finally {
      await context.close();
    }
  }
  return { run, close: () => front.close().then(() => server.close()) };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const cdnDir = resolve(process.argv[2] ?? join(import.meta.dirname, '../dist/cdn'));
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const o = await outside(browser, cdnDir);
    for (const target of ['kyb-form', 'age-check', 'both'] as const) {
      const r = await o.run(target, false);
      console.log(
        `${target}: ${(r.gzip / 1024).toFixed(2)} kB gzip in ${r.scripts.length} scripts, chain ${r.chain}, ${r.protocol}`,
      );
      for (const s of r.scripts) console.log(`   ${(s.gzip / 1024).toFixed(2).padStart(6)} ${s.path}`);
    }
    if (process.env.THROTTLED) {
      for (let i = 0; i < Number(process.env.THROTTLED); i++)
        for (const target of ['kyb-form', 'age-check'] as const) {
          const r = await o.run(target, true);
          console.log(
            `${target} slow: ${r.readyMs.toFixed(0)} ms, floor ${r.floorMs?.toFixed(0)} ms, chain ${r.chain}`,
          );
        }
    }
    await o.close();
  } finally {
    await browser.close();
  }
}

/**
 * OUTSIDE_PROFILE: a V8 CPU profile's files and functions by self time, positions in the release's chunks
 * mapped back to their sources through the source maps (@jridgewell/trace-mapping, a dependency of the
 * build tools, loaded only here).
 */
async function printProfile(
  profile: {
    nodes: {
      id: number;
      children?: number[];
      callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    }[];
    samples?: number[];
    timeDeltas?: number[];
  },
  cdn: string,
): Promise<void> {
  const { TraceMap, originalPositionFor } = await import('@jridgewell/trace-mapping');
  const maps = new Map<string, InstanceType<typeof TraceMap> | null>();
  const mapFor = (url: string) => {
    const rel = url.includes('/cdn/') ? url.slice(url.indexOf('/cdn/') + 5) : '';
    if (!rel) return null;
    if (!maps.has(rel)) {
      try {
        maps.set(rel, new TraceMap(readFileSync(join(cdn, `${rel}.map`), 'utf8')));
      } catch {
        maps.set(rel, null);
      }
    }
    return maps.get(rel) ?? null;
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const files = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const named = new Map<number, { key: string; file: string }>();
  const nameOf = (id: number) => {
    let v = named.get(id);
    if (!v) {
      const f = byId.get(id)!.callFrame;
      const map = mapFor(f.url);
      const pos = map ? originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber }) : null;
      const file = pos?.source
        ? pos.source.replace(/^.*?(node_modules|src)\//, '$1/')
        : f.url.split('/').pop() || '(native)';
      v = {
        key: `${pos?.name ?? f.functionName ?? '(anonymous)'} ${file}:${pos?.line ?? f.lineNumber + 1}`,
        file,
      };
      named.set(id, v);
    }
    return v;
  };
  const total = new Map<string, number>();
  for (let i = 0; i < samples.length; i++) {
    if (!byId.has(samples[i]!)) continue;
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const { key, file } = nameOf(samples[i]!);
    self.set(key, (self.get(key) ?? 0) + ms);
    files.set(file, (files.get(file) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = samples[i]; id !== undefined; id = parent.get(id)) {
      const k = nameOf(id).key;
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  }
  for (const k of [...total.keys()]) if (!/ (src|node_modules)\//.test(k)) total.delete(k);
  // OUTSIDE_PROFILE=<name>: the self time of what ran under the functions whose key contains <name>.
  const under = process.env.OUTSIDE_PROFILE;
  const within = new Map<string, number>();
  if (under && under !== '1')
    for (let i = 0; i < samples.length; i++) {
      let inside = false;
      for (let id = parent.get(samples[i]!); id !== undefined && !inside; id = parent.get(id))
        inside = nameOf(id).key.includes(under);
      if (!inside) continue;
      const k = nameOf(samples[i]!).key;
      within.set(k, (within.get(k) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
    }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  console.log(
    [
      '  profile, files by self time:',
      ...top(files, 25),
      '  functions:',
      ...top(self, 40),
      '  by total time:',
      ...top(total, 60),
      `  self time under ${under}:`,
      ...top(within, 40),
    ].join('\n'),
  );
}
