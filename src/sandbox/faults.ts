/**
 * Fault mode of an account (set with `PUT /_sandbox/faults`).
 *
 * - `latencyMs`: every affected request waits this long first.
 * - `failRate` (0..1): answer 503 `INTERNAL_ERROR`; `dropRate`: reject `sandbox.fetch` with a
 *   {@link SandboxDrop} so the adapter resets the connection; `rateLimitRate`: 429 with `Retry-After: 1`.
 *   These run BEFORE the handler (the state does not change) unless `afterCommit` is true, in which
 *   case the handler runs first and its answer is replaced (the change is saved, the answer is lost).
 * - `malformed: {rate, kind}`: the handler runs, then its answer is corrupted (see {@link MalformedKind}).
 * - `paths`: a path pattern or a list of them (see {@link compilePaths}), matched against the path
 *   relative to the base path; only matching requests are affected. No regular expressions: a pattern is
 *   matched in time linear in the path's length, so no rule can stall the sandbox.
 * - `methods`: HTTP methods (`["PATCH", "PUT"]`); only requests with one of them are affected (with
 *   `paths`, both must match). Absent or empty: every method.
 * - `seed`: seeds the deterministic PRNG (mulberry32) that draws every rate.
 * - `repeat` (0..10): the handler runs 1 + `repeat` times with the same request (body and
 *   `Idempotency-Key`), as when a browser re-sends a write on a reused connection whose answer it lost;
 *   the last run's answer is sent (or replaced by an `afterCommit` fault: "commit twice, then drop"). Without
 *   a key every run makes a record; with one the repeats replay the first answer.
 * - `times` (1..1000): only the first `times` affected requests get the faults (latency included); later
 *   ones pass untouched (e.g. `{latencyMs, times: 1}`: only the first write is slow).
 *
 * Faults apply to requests authenticated as the account (Basic or its bearer tokens); control
 * endpoints are exempt.
 */
import * as z from 'zod/mini';
import { MALFORMED_KINDS, type FaultConfig, type MalformedKind } from './state.ts';
import { isRecord } from './util.ts';

/** Thrown by `sandbox.fetch` to ask the adapter to destroy the connection without an answer. */
export class SandboxDrop extends Error {
  override readonly name = 'SandboxDrop';
  constructor() {
    super('sandbox fault: connection dropped');
  }
}

const Rate = z.number().check(z.gte(0), z.lte(1));
const MAX_PATTERN_LENGTH = 200;
const MAX_PATTERNS = 20;
/** Bounds the work per request: path length x this, whatever the patterns. */
const MAX_TOTAL_LENGTH = 400;
const PathPattern = z.string().check(z.minLength(1), z.maxLength(MAX_PATTERN_LENGTH));

export const FaultConfigSchema = z.object({
  latencyMs: z.optional(z.int().check(z.gte(0), z.lte(60000))),
  failRate: z.optional(Rate),
  dropRate: z.optional(Rate),
  rateLimitRate: z.optional(Rate),
  malformed: z.optional(z.nullable(z.object({ rate: Rate, kind: z.enum(MALFORMED_KINDS) }))),
  paths: z.optional(
    z.nullable(z.union([PathPattern, z.array(PathPattern).check(z.minLength(1), z.maxLength(MAX_PATTERNS))])),
  ),
  methods: z.optional(
    z.nullable(z.array(z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])).check(z.maxLength(6))),
  ),
  seed: z.optional(z.int()),
  afterCommit: z.optional(z.boolean()),
  repeat: z.optional(z.int().check(z.gte(0), z.lte(10))),
  times: z.optional(z.int().check(z.gte(1), z.lte(1000))),
});

/** A compiled `paths` rule: whether a path (relative to the base path) is affected. */
export type PathMatcher = (path: string) => boolean;

/** `*` (one path segment: anything but `/`) and `**` (anything) in a compiled pattern. */
const SEGMENT = 1;
const ANYTHING = 2;
type Token = string | typeof SEGMENT | typeof ANYTHING;

/** Characters of regular expressions that a path pattern refuses, so an old regex fails loudly. */
const REGEX_ONLY = /[()[\]{}+?|\\]/;

function tokenize(pattern: string): Token[] {
  if (REGEX_ONLY.test(pattern)) {
    throw new Error(
      `"${pattern.slice(0, 40)}" is not a path pattern: paths are not regular expressions ` +
        '(use * for one segment, ** for anything, ^ and $ to anchor)',
    );
  }
  let body = pattern;
  const start = body.startsWith('^');
  if (start) body = body.slice(1);
  const end = body.endsWith('$');
  if (end) body = body.slice(0, -1);
  if (body.includes('^') || body.includes('$')) {
    throw new Error(`"${pattern.slice(0, 40)}": ^ and $ may only open and close a pattern`);
  }
  const tokens: Token[] = start ? [] : [ANYTHING];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] ?? '';
    if (ch !== '*') tokens.push(ch);
    else if (body[i + 1] === '*') {
      tokens.push(ANYTHING);
      while (body[i + 1] === '*') i++;
    } else tokens.push(SEGMENT);
  }
  if (!end) tokens.push(ANYTHING);
  return tokens;
}

/**
 * Runs the pattern as a set of positions over the path (a Thompson-style simulation): each character
 * of the path is looked at once against at most every position of the pattern, so the time is
 * O(path length x pattern length) whatever the pattern; there is no backtracking to blow up.
 */
function matcher(tokens: readonly Token[]): PathMatcher {
  const m = tokens.length;
  const close = (set: Uint8Array) => {
    // A star may match nothing: reaching it also reaches the position after it.
    for (let i = 0; i < m; i++) if (set[i] && typeof tokens[i] === 'number') set[i + 1] = 1;
  };
  return (path) => {
    let cur = new Uint8Array(m + 1);
    let next = new Uint8Array(m + 1);
    cur[0] = 1;
    close(cur);
    for (let p = 0; p < path.length; p++) {
      const ch = path[p];
      next.fill(0);
      let alive = false;
      for (let i = 0; i < m; i++) {
        if (!cur[i]) continue;
        const t = tokens[i];
        if (t === ANYTHING || (t === SEGMENT && ch !== '/')) next[i] = 1;
        else if (t === ch) next[i + 1] = 1;
        else continue;
        alive = true;
      }
      if (!alive) return false;
      close(next);
      [cur, next] = [next, cur];
    }
    return cur[m] === 1;
  };
}

/**
 * Compiles `paths` (one pattern or a list; a path is affected when any pattern matches): null when
 * absent; throws a message when a pattern is not valid.
 *
 * A pattern is literal text, where `*` matches any run of characters inside one path segment (not `/`)
 * and `**` any run at all. It matches anywhere in the path unless `^` opens it (then it matches from the
 * start) or `$` closes it (then up to the end): `/submit/` matches `/kyb/forms/1/submit/`,
 * `^/kyb/forms/*\/$` only the form itself, `^/age-estimation/**` everything under it. Characters only
 * regular expressions use (`( ) [ ] { } + ? | \`) are refused, so an old regular expression fails loudly.
 */
export function compilePaths(src: string | readonly string[] | null | undefined): PathMatcher | null {
  if (src === null || src === undefined) return null;
  const list = typeof src === 'string' ? [src] : src;
  if (list.length === 0) return null;
  if (list.length > MAX_PATTERNS) throw new Error(`at most ${MAX_PATTERNS} patterns`);
  if (list.reduce((n, p) => n + p.length, 0) > MAX_TOTAL_LENGTH) {
    throw new Error(`at most ${MAX_TOTAL_LENGTH} characters in all patterns together`);
  }
  const matchers = list.map((p) => {
    if (p.length === 0 || p.length > MAX_PATTERN_LENGTH) {
      throw new Error(`each pattern has 1 to ${MAX_PATTERN_LENGTH} characters`);
    }
    return matcher(tokenize(p));
  });
  return (path) => matchers.some((match) => match(path));
}

export type FaultDecision = 'fail' | 'drop' | 'rate-limit' | null;

export function drawFault(f: FaultConfig, rng: () => number): FaultDecision {
  if (f.dropRate && rng() < f.dropRate) return 'drop';
  if (f.failRate && rng() < f.failRate) return 'fail';
  if (f.rateLimitRate && rng() < f.rateLimitRate) return 'rate-limit';
  return null;
}

const HUGE_STRING = 'x'.repeat(200_000);

/**
 * `inHuge`: inside an array already grown by `huge-arrays`. Nested arrays are left as they are there:
 * growing every level would multiply (10,000^depth items) and hang the serialisation.
 */
function mutate(v: unknown, kind: MalformedKind, depth = 0, inHuge = false): unknown {
  if (depth > 20) return v;
  if (Array.isArray(v)) {
    if (kind === 'huge-arrays') {
      if (inHuge) return v;
      const item = v.length > 0 ? mutate(v[0], kind, depth + 1, true) : 0;
      return Array.from({ length: 10_000 }, () => item);
    }
    if (kind === 'wrong-types' && depth > 0) return { notAnArray: true };
    return v.map((x) => mutate(x, kind, depth + 1));
  }
  if (isRecord(v)) {
    const out: Record<string, unknown> = {};
    const entries = Object.entries(v);
    entries.forEach(([k, x], i) => {
      if (kind === 'missing-fields' && i % 2 === 0) return;
      out[k] = mutate(x, kind, depth + 1, inHuge);
    });
    if (kind === 'extra-fields') {
      out.__sandboxExtra = { nested: [1, 'two', null], note: 'unexpected field' };
      out.unexpectedNumber = 42;
    }
    return out;
  }
  if (kind === 'wrong-types') {
    if (typeof v === 'string') return 12345;
    if (typeof v === 'number') return String(v);
    if (typeof v === 'boolean') return v ? 'yes' : 0;
    if (v === null) return { null: true };
    return v;
  }
  if (kind === 'huge-strings' && typeof v === 'string') return HUGE_STRING;
  return v;
}

/** Corrupts a real answer as `kind` says. */
export async function malform(res: Response, kind: MalformedKind): Promise<Response> {
  const text = await res.text();
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  if (kind === 'empty-body') {
    return new Response(res.status === 204 ? null : '', { status: res.status, headers });
  }
  if (kind === 'wrong-content-type') {
    headers.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(res.status === 204 ? null : text, { status: res.status, headers });
  }
  if (kind === 'invalid-json') {
    headers.set('Content-Type', 'application/json; charset=utf-8');
    const broken = `{"sandbox": "malformed", ${text.slice(0, Math.max(1, Math.floor(text.length / 2)))}`;
    return new Response(res.status === 204 ? null : broken, {
      status: res.status === 204 ? 204 : res.status,
      headers,
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return new Response(res.status === 204 ? null : text, { status: res.status, headers });
  }
  return new Response(JSON.stringify(mutate(parsed, kind)), { status: res.status, headers });
}
