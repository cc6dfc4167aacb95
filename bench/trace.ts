/**
 * The machine the bench runs on may be shared: a task's wall time then includes the time the thread waited
 * for a core. So task lengths and costs are read as thread time (`tdur`, the time the main thread ran),
 * which is what the task would take on an idle machine of the same speed; wall times (first layout, first
 * paint) are as measured.
 *
 * Reading a Chromium performance trace (the `devtools.timeline` category, as DevTools' Performance panel
 * records it) for the bench: the page marks moments with `console.timeStamp(name)`, and the figures come from
 * the renderer's main thread between marks: when the first paint after a mark ended, which tasks were long,
 * how much main-thread time an input cost until its frame was painted, and on what (script, style, layout,
 * pre-paint, paint).
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  /** Microseconds. */
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, microseconds: what it took while the thread ran. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    data?: { message?: string; type?: string; name?: string; url?: string; functionName?: string };
    name?: string;
  };
}

/**
 * Categories recorded: the timeline (style, layout, paint, marks, events) and the scheduler's top-level
 * tasks (`toplevel`: `ThreadControllerImpl::RunTask`, with where each task was posted). Not DevTools'
 * `disabled-by-default-devtools.timeline`: with it on, Chromium walks the whole DOM (shadow roots
 * included) at every lifecycle update to trace its size (`DOMStats`), work no user's page does, inside the
 * frames measured: 0.5 ms a frame for a plain page of 4,000 inputs, 1.5 ms for the 4,000-question step on
 * desktop and 6-8 ms on the 4x-CPU profile, as much as an answer's own frame.
 * `TRACE_EXTRA=cat1,cat2` records more categories (to look into a cost); `TRACE_DUMP=prefix` writes each
 * trace to `prefix-<time>.json` (for DevTools' Performance panel).
 */
export const TRACE_CATEGORIES = ['devtools.timeline', 'toplevel'];
/** A top-level task of the main thread. */
export const TASK = 'ThreadControllerImpl::RunTask';

/** Records a trace of `page` around `body`; returns the main thread's events (found by the page's marks). */
export async function traced<T>(
  browser: Browser,
  page: Page,
  body: () => Promise<T>,
): Promise<{ value: T; trace: MainThread }> {
  const extra = process.env.TRACE_EXTRA?.split(',') ?? [];
  await browser.startTracing(page, { categories: [...TRACE_CATEGORIES, ...extra], screenshots: false });
  let value: T;
  try {
    value = await body();
  } catch (err) {
    await browser.stopTracing();
    throw err;
  }
  const buffer = await browser.stopTracing();
  if (process.env.TRACE_DUMP) writeFileSync(`${process.env.TRACE_DUMP}-${Date.now()}.json`, buffer);
  const raw = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  return { value, trace: new MainThread(events) };
}

/** The events of the renderer main thread that recorded the page's `console.timeStamp` marks. */
export class MainThread {
  readonly events: TraceEvent[];
  /** The outermost tasks, in order (a nested run loop runs tasks inside a task). */
  readonly #tasks: TraceEvent[] = [];
  constructor(all: TraceEvent[]) {
    const mark = all.find((e) => e.name === 'TimeStamp' && e.args?.data?.message?.startsWith('bench:'));
    if (!mark) throw new Error('no bench mark in the trace (console.timeStamp)');
    this.events = all
      .filter(
        (e) => e.pid === mark.pid && e.tid === mark.tid && (e.ph === 'X' || e.ph === 'I' || e.ph === 'R'),
      )
      .sort((a, b) => a.ts - b.ts);
    let end = -Infinity;
    for (const e of this.events)
      if (e.name === TASK && e.dur !== undefined && e.ts >= end) {
        this.#tasks.push(e);
        end = e.ts + e.dur;
      }
  }

  /** The timestamps (µs) of the marks named `name`, in order. */
  marks(name: string): number[] {
    return this.events
      .filter((e) => e.name === 'TimeStamp' && e.args?.data?.message === name)
      .map((e) => e.ts);
  }

  mark(name: string, nth = 0): number {
    const ts = this.marks(name)[nth];
    if (ts === undefined) throw new Error(`no mark ${name} #${nth} in the trace`);
    return ts;
  }

  /** The end (µs) of the first main-thread paint that starts after `after`. */
  paintEndAfter(after: number): number {
    const paint = this.events.find((e) => e.name === 'Paint' && e.ts >= after && e.dur !== undefined);
    if (!paint) throw new Error('no paint after the mark');
    return paint.ts + paint.dur!;
  }

  /** Top-level tasks overlapping [from, to] (µs). */
  tasks(from: number, to: number): TraceEvent[] {
    return this.#tasks.filter((e) => e.ts + e.dur! > from && e.ts < to);
  }

  /**
   * Whether a task is the browser committing the page's navigation (it holds `CommitLoad`: the document is
   * made, before any script of the page runs; every page has one, and the elements cannot shorten it).
   */
  isCommit(task: TraceEvent): boolean {
    const end = task.ts + (task.dur ?? 0);
    return this.events.some((e) => e.name === 'CommitLoad' && e.ts >= task.ts && e.ts < end);
  }

  /**
   * What a task spent its time on: its direct kinds of work (script evaluation and calls by script file,
   * style, layout, paint, parsing), the largest first, as `kind file: ms` (thread time).
   */
  describe(task: TraceEvent, top = 4): string[] {
    const end = task.ts + (task.dur ?? 0);
    const kinds = new Map<string, number>();
    const WORK = [
      'EvaluateScript',
      'v8.evaluateModule',
      'FunctionCall',
      'EventDispatch',
      'TimerFire',
      'FireAnimationFrame',
      'RunMicrotasks',
      'UpdateLayoutTree',
      'Layout',
      'PrePaint',
      'Paint',
      'ParseHTML',
      'ParseAuthorStyleSheet',
      'v8.compile',
      'v8.compileModule',
    ];
    for (const e of this.events) {
      if (e.ts < task.ts || e.ts >= end || e === task || !WORK.includes(e.name) || e.dur === undefined)
        continue;
      const url = e.args?.data?.url?.split('/').pop()?.split('?')[0];
      const key = url ? `${e.name} ${url}` : e.name;
      kinds.set(key, (kinds.get(key) ?? 0) + cpu(e));
    }
    return [...kinds]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, ms]) => `${k}: ${ms.toFixed(0)}`);
  }

  /** From the start of the task that dispatched the first `type` event after `after` to the next paint's end (µs). */
  inputWindow(after: number, type = 'input'): { from: number; to: number } {
    const dispatch = this.events.find(
      (e) => e.name === 'EventDispatch' && e.ts >= after && e.args?.data?.type === type,
    );
    if (!dispatch) throw new Error(`no ${type} event after the mark`);
    const task = this.tasks(dispatch.ts, dispatch.ts + 1).find((t) => t.ts <= dispatch.ts);
    return {
      from: task?.ts ?? dispatch.ts,
      to: this.paintEndAfter(dispatch.ts + (dispatch.dur ?? 0)),
    };
  }

  /**
   * The main-thread cost of the first `type` event (an input) after `after`: from the start of the task
   * that dispatched it to the end of the next paint, the time of every task in between (idle time not
   * counted), and that time by kind. Tasks for which `apart` is true (the browser's own, such as Chromium's
   * autofill reacting to the change) are not in it: their time is `apart`.
   */
  inputCost(after: number, type = 'input', apart?: (task: TraceEvent) => boolean): InputCost {
    const { from, to } = this.inputWindow(after, type);
    const tasks = this.tasks(from, to);
    const aside = apart ? tasks.filter(apart) : [];
    const inAside = (e: TraceEvent) => aside.some((t) => e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0));
    let total = 0;
    for (const t of tasks) if (!aside.includes(t)) total += cpu(t);
    const sum = (names: string[]) =>
      this.events
        .filter(
          (e) => names.includes(e.name) && e.dur !== undefined && e.ts >= from && e.ts < to && !inAside(e),
        )
        .reduce((s, e) => s + cpu(e), 0);
    return {
      total,
      style: sum(['UpdateLayoutTree', 'RecalculateStyles']),
      layout: sum(['Layout']),
      prePaint: sum(['PrePaint']),
      paint: sum(['Paint']),
      apart: aside.reduce((s, t) => s + cpu(t), 0),
      toPaint: (to - from) / 1000,
    };
  }
}

/** Thread time of an event in ms (its wall time where the trace has no thread time). */
export const cpu = (e: TraceEvent): number => (e.tdur ?? e.dur ?? 0) / 1000;

/** Main-thread time (ms) of one input until its frame was painted. */
export interface InputCost {
  total: number;
  style: number;
  layout: number;
  prePaint: number;
  paint: number;
  /** Time of the tasks set apart (not in `total`), such as Chromium's autofill reacting to the change. */
  apart: number;
  /** Wall time from the input's task to the end of the paint. */
  toPaint: number;
}
