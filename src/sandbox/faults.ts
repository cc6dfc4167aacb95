/**
 * Fault mode of an account (set with `PUT /_sandbox/faults`).
 *
 * - `latencyMs`: every affected request waits this long first.
 * - `failRate` (0..1): answer 503 `INTERNAL_ERROR`; `dropRate`: reject `sandbox.fetch` with a
 *   {@link SandboxDrop} so the adapter resets the connection; `rateLimitRate`: 429 with `Retry-After: 1`.
 *   These run BEFORE the handler (the state does not change) unless `afterCommit` is true, in which
 *   case the handler runs first and its answer is replaced (the change is saved, the answer is lost).
 * - `malformed: {rate, kind}`: the handler runs, then its answer is corrupted (see {@link MalformedKind}).
 * - `paths`: a regular expression source (at most 200 characters) matched against the path relative to
 *   the base path; only matching requests are affected.
 * - `methods`: HTTP methods (`["PATCH", "PUT"]`); only requests with one of them are affected (with
 *   `paths`, both must match). Absent or empty: every method.
 * - `seed`: seeds the deterministic PRNG (mulberry32) that draws every rate.
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

export const FaultConfigSchema = z.object({
  latencyMs: z.optional(z.int().check(z.gte(0), z.lte(60000))),
  failRate: z.optional(Rate),
  dropRate: z.optional(Rate),
  rateLimitRate: z.optional(Rate),
  malformed: z.optional(z.nullable(z.object({ rate: Rate, kind: z.enum(MALFORMED_KINDS) }))),
  paths: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  methods: z.optional(
    z.nullable(z.array(z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])).check(z.maxLength(6))),
  ),
  seed: z.optional(z.int()),
  afterCommit: z.optional(z.boolean()),
});

/** Compiles `paths` safely: null when absent; throws a message when invalid. */
export function compilePaths(src: string | null | undefined): RegExp | null {
  if (!src) return null;
  if (src.length > 200) throw new Error('paths is longer than 200 characters');
  return new RegExp(src);
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
