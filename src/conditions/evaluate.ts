/**
 * Compiles condition ASTs to closure trees, memoises compiled conditions by source and
 * implements the value semantics (truthiness, equality, ordering, `in`, `contains`).
 */
import { ConditionSyntaxError } from './lexer.ts';
import { parse, type AstNode, type CompareOp, type Literal, type Ref } from './parser.ts';

export type ConditionValue = unknown;
export type { Ref } from './parser.ts';

export interface CompiledCondition {
  readonly source: string;
  readonly ok: boolean;
  readonly error?: string;
  readonly refs: readonly Ref[];
  evaluate(resolve: (ref: Ref) => ConditionValue): boolean;
}

type Resolver = (ref: Ref) => ConditionValue;
type Fn = (resolve: Resolver) => unknown;

/**
 * Truthiness of a value used as a boolean: true when it is answered (not null/undefined)
 * and not `false`, `""` or `[]`. Note that `0` counts as answered and is therefore truthy.
 */
export function truthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === '') return false;
  if (Array.isArray(v) && v.length === 0) return false;
  return true;
}

/** `==`: strict equality, except that two arrays are compared element-wise (shallow, strict). */
export function looseEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = a.length;
    if (n !== b.length) return false;
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  return false;
}

function isScalar(v: unknown): v is string | number | boolean {
  const t = typeof v;
  return t === 'string' || t === 'number' || t === 'boolean';
}

/** `contains`: the left side must be an array; the right side a string, number or boolean. */
export function arrayContains(list: unknown, item: unknown): boolean {
  if (!Array.isArray(list) || !isScalar(item)) return false;
  const n = list.length;
  for (let i = 0; i < n; i++) if (list[i] === item) return true;
  return false;
}

function readRef(resolve: Resolver, ref: Ref): unknown {
  try {
    const v = resolve(ref);
    return v === undefined ? null : v;
  } catch {
    return null;
  }
}

function compileNode(node: AstNode): Fn {
  switch (node.kind) {
    case 'literal': {
      const value = node.value;
      return () => value;
    }
    case 'ref': {
      const ref = node.ref;
      return (r) => readRef(r, ref);
    }
    case 'not': {
      const f = compileNode(node.operand);
      return (r) => !truthy(f(r));
    }
    case 'and': {
      const fs = node.operands.map(compileNode);
      const n = fs.length;
      return (r) => {
        for (let i = 0; i < n; i++) if (!truthy(fs[i]!(r))) return false;
        return true;
      };
    }
    case 'or': {
      const fs = node.operands.map(compileNode);
      const n = fs.length;
      return (r) => {
        for (let i = 0; i < n; i++) if (truthy(fs[i]!(r))) return true;
        return false;
      };
    }
    case 'compare':
      return compileCompare(node.op, compileNode(node.left), compileNode(node.right));
    case 'in': {
      const f = compileNode(node.operand);
      const values = node.values;
      if (values.length > 8) {
        // Set#has uses SameValueZero, which only differs from === for NaN (never a literal)
        const set = new Set<Literal>(values);
        return (r) => set.has(f(r) as Literal);
      }
      const n = values.length;
      return (r) => {
        const v = f(r);
        for (let i = 0; i < n; i++) if (values[i] === v) return true;
        return false;
      };
    }
    case 'contains': {
      const l = compileNode(node.left);
      const rt = compileNode(node.right);
      return (r) => arrayContains(l(r), rt(r));
    }
  }
}

function compileCompare(op: CompareOp, l: Fn, rt: Fn): Fn {
  switch (op) {
    case '==':
      return (r) => looseEquals(l(r), rt(r));
    case '!=':
      return (r) => !looseEquals(l(r), rt(r));
    case '<':
      return (r) => {
        const a = l(r);
        const b = rt(r);
        return (
          typeof a === typeof b &&
          (typeof a === 'number' || typeof a === 'string') &&
          (a as number) < (b as number)
        );
      };
    case '<=':
      return (r) => {
        const a = l(r);
        const b = rt(r);
        return (
          typeof a === typeof b &&
          (typeof a === 'number' || typeof a === 'string') &&
          (a as number) <= (b as number)
        );
      };
    case '>':
      return (r) => {
        const a = l(r);
        const b = rt(r);
        return (
          typeof a === typeof b &&
          (typeof a === 'number' || typeof a === 'string') &&
          (a as number) > (b as number)
        );
      };
    case '>=':
      return (r) => {
        const a = l(r);
        const b = rt(r);
        return (
          typeof a === typeof b &&
          (typeof a === 'number' || typeof a === 'string') &&
          (a as number) >= (b as number)
        );
      };
  }
}

const NO_REFS: readonly Ref[] = Object.freeze([]);
const alwaysTrue = (): boolean => true;

function makeCompiled(
  source: string,
  ok: boolean,
  error: string | undefined,
  refs: readonly Ref[],
  fn: Fn | null,
): CompiledCondition {
  const evaluate =
    fn === null
      ? alwaysTrue
      : (resolve: Resolver): boolean => {
          try {
            return truthy(fn(resolve));
          } catch {
            // unreachable in practice (resolve errors are caught per ref); fail open like a parse error
            return true;
          }
        };
  const compiled: CompiledCondition =
    error === undefined ? { source, ok, refs, evaluate } : { source, ok, error, refs, evaluate };
  return Object.freeze(compiled);
}

/** Maximum number of memoised compiled conditions (oldest are evicted first). */
const CACHE_LIMIT = 10_000;
/** Maximum number of remembered warned sources (oldest are forgotten first). */
const WARNED_LIMIT = 10_000;
const cache = new Map<string, CompiledCondition>();
const warned = new Set<string>();

function warnOnce(source: string, error: string): void {
  if (warned.has(source)) return;
  if (warned.size >= WARNED_LIMIT) {
    const oldest = warned.values().next();
    if (oldest.done !== true) warned.delete(oldest.value);
  }
  warned.add(source);
  try {
    console.warn(
      `[conditions] Ignoring invalid condition (treated as true): ${JSON.stringify(source)}: ${error}`,
    );
  } catch {
    // a broken console must not break evaluation
  }
}

function compileUncached(source: string): CompiledCondition {
  if (source.trim() === '') return makeCompiled(source, true, undefined, NO_REFS, null);
  try {
    const { ast, refs } = parse(source);
    return makeCompiled(source, true, undefined, refs, compileNode(ast));
  } catch (err) {
    const error =
      err instanceof ConditionSyntaxError
        ? err.message
        : `Invalid condition: ${err instanceof Error ? err.message : String(err)}`;
    warnOnce(source, error);
    return makeCompiled(source, false, error, NO_REFS, null);
  }
}

const EMPTY = makeCompiled('', true, undefined, NO_REFS, null);

/**
 * Compile (memoised by source) a condition. `null`, `undefined`, `""` and blank strings compile to an
 * always-true condition. Never throws; invalid conditions have `ok: false` and evaluate to `true`.
 */
export function compileCondition(source: string | null | undefined): CompiledCondition {
  if (source === null || source === undefined) return EMPTY;
  if (typeof source !== 'string') {
    // defensive: untyped callers; not memoised, not warned about
    return makeCompiled('', false, `Condition must be a string, got ${typeof source}`, NO_REFS, null);
  }
  const hit = cache.get(source);
  if (hit !== undefined) return hit;
  const compiled = compileUncached(source);
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  cache.set(source, compiled);
  return compiled;
}

/** Compile (memoised) and evaluate `source`. Never throws. */
export function evaluateCondition(
  source: string | null | undefined,
  resolve: (ref: Ref) => ConditionValue,
): boolean {
  return compileCondition(source).evaluate(resolve);
}

/** Test helper: forget memoised conditions and which sources were already warned about. */
export function clearConditionCache(): void {
  cache.clear();
  warned.clear();
}
