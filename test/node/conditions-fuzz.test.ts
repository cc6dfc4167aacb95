import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  clearConditionCache,
  compileCondition,
  createVisibilityIndex,
  type Ref,
  type VisibilitySection,
} from '../../src/conditions/index.ts';

// ---------------------------------------------------------------------------------------------
// Reference model: an AST mirroring the grammar, a printer and an independent evaluator
// ---------------------------------------------------------------------------------------------

type Lit = string | number | boolean | null;
type Op = '==' | '!=' | '>' | '>=' | '<' | '<=';
type Ast =
  | { k: 'lit'; v: Lit }
  | { k: 'ref'; key: string }
  | { k: 'not'; e: Ast }
  | { k: 'and'; es: Ast[] }
  | { k: 'or'; es: Ast[] }
  | { k: 'cmp'; op: Op; l: Ast; r: Ast }
  | { k: 'in'; e: Ast; vs: Lit[] }
  | { k: 'contains'; l: Ast; r: Ast };

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];
const REF_KEYS = ['a', 'b', 'c', 'x_1', 'first-name', 'q-2', 's.a', 's.b', 'sec.first-name', 't.__proto__'];
const ALL_REF_KEYS = [...REF_KEYS, ...PROTO_KEYS, ...PROTO_KEYS.map((k) => `s.${k}`)];
const STRINGS = [
  '',
  'a',
  'b',
  'DE',
  '2024-01-01',
  '2024-12-31',
  'x"y',
  "it's",
  'back\\slash',
  'nl\nx',
  'tab\t',
  'é€',
];
const NUMBERS = [0, 1, -3, 2.5, 1000, -0.5, 1e21, 5e-7];

const litArb: fc.Arbitrary<Lit> = fc.oneof(
  fc.constantFrom(...STRINGS),
  fc.string({ maxLength: 6, unit: 'binary' }),
  fc.constantFrom(...NUMBERS),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const opArb = fc.constantFrom<Op>('==', '!=', '>', '>=', '<', '<=');

const astArb: fc.Arbitrary<Ast> = fc.letrec<{ node: Ast; operand: Ast }>((tie) => ({
  operand: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...ALL_REF_KEYS).map((key): Ast => ({ k: 'ref', key })),
    litArb.map((v): Ast => ({ k: 'lit', v })),
    tie('node'),
  ),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('operand'),
    tie('node').map((e): Ast => ({ k: 'not', e })),
    fc.array(tie('node'), { minLength: 2, maxLength: 4 }).map((es): Ast => ({ k: 'and', es })),
    fc.array(tie('node'), { minLength: 2, maxLength: 4 }).map((es): Ast => ({ k: 'or', es })),
    fc
      .record({ op: opArb, l: tie('operand'), r: tie('operand') })
      .map(({ op, l, r }): Ast => ({ k: 'cmp', op, l, r })),
    fc
      .record({ e: tie('operand'), vs: fc.array(litArb, { minLength: 1, maxLength: 12 }) })
      .map(({ e, vs }): Ast => ({ k: 'in', e, vs })),
    fc.record({ l: tie('operand'), r: tie('operand') }).map(({ l, r }): Ast => ({ k: 'contains', l, r })),
  ),
})).node;

/** Small deterministic PRNG so printing style (quotes, spaces, parens) varies per case. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function printString(s: string, rnd: () => number): string {
  const q = rnd() < 0.5 ? '"' : "'";
  let out = q;
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === q) out += `\\${q}`;
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += rnd() < 0.5 ? '\\n' : '\n';
    else if (ch === '\t') out += rnd() < 0.5 ? '\\t' : '\t';
    else if (code > 0xffff || rnd() < 0.1) {
      for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
    } else out += ch;
  }
  return out + q;
}

function printLit(v: Lit, rnd: () => number): string {
  if (typeof v === 'string') return printString(v, rnd);
  if (typeof v === 'number') return String(Object.is(v, -0) ? 0 : v);
  return String(v);
}

/** Print to a token list; `level` is the tightest grammar level the context accepts. */
function printTokens(
  ast: Ast,
  level: 'expr' | 'and' | 'unary' | 'operand',
  rnd: () => number,
  out: string[],
): void {
  const needParens =
    (level === 'operand' && ast.k !== 'ref' && ast.k !== 'lit') ||
    (level === 'unary' && (ast.k === 'and' || ast.k === 'or')) ||
    (level === 'and' && ast.k === 'or');
  const extra = !needParens && rnd() < 0.05;
  if (needParens || extra) out.push('(');
  switch (ast.k) {
    case 'lit':
      out.push(printLit(ast.v, rnd));
      break;
    case 'ref': {
      const dot = ast.key.indexOf('.');
      if (dot > 0 && rnd() < 0.2) out.push(ast.key.slice(0, dot), '.', ast.key.slice(dot + 1));
      else out.push(ast.key);
      break;
    }
    case 'not':
      out.push('!');
      printTokens(ast.e, 'unary', rnd, out);
      break;
    case 'and':
    case 'or':
      ast.es.forEach((e, i) => {
        if (i > 0) out.push(ast.k === 'and' ? '&&' : '||');
        printTokens(e, ast.k === 'and' ? 'unary' : 'and', rnd, out);
      });
      break;
    case 'cmp':
      printTokens(ast.l, 'operand', rnd, out);
      out.push(ast.op);
      printTokens(ast.r, 'operand', rnd, out);
      break;
    case 'in':
      printTokens(ast.e, 'operand', rnd, out);
      out.push('in', '[');
      ast.vs.forEach((v, i) => {
        if (i > 0) out.push(',');
        out.push(printLit(v, rnd));
      });
      out.push(']');
      break;
    case 'contains':
      printTokens(ast.l, 'operand', rnd, out);
      out.push('contains');
      printTokens(ast.r, 'operand', rnd, out);
      break;
  }
  if (needParens || extra) out.push(')');
}

const isWordChar = (c: string): boolean => /[A-Za-z0-9_-]/.test(c);

function printAst(ast: Ast, seed: number): string {
  const rnd = prng(seed);
  const tokens: string[] = [];
  printTokens(ast, 'expr', rnd, tokens);
  let out = '';
  for (const tok of tokens) {
    const prev = out.slice(-1);
    const mustSpace = prev !== '' && isWordChar(prev) && isWordChar(tok.charAt(0));
    const x = rnd();
    if (mustSpace || x < 0.3) out += x < 0.1 ? '\n\t ' : ' ';
    out += tok;
  }
  return rnd() < 0.2 ? ` ${out} ` : out;
}

function refTruthy(v: unknown): boolean {
  return !(v === null || v === undefined || v === false || v === '' || (Array.isArray(v) && v.length === 0));
}

function refEq(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

function refEval(ast: Ast, env: (key: string) => unknown): unknown {
  switch (ast.k) {
    case 'lit':
      return ast.v;
    case 'ref':
      return env(ast.key);
    case 'not':
      return !refTruthy(refEval(ast.e, env));
    case 'and':
      return ast.es.every((e) => refTruthy(refEval(e, env)));
    case 'or':
      return ast.es.some((e) => refTruthy(refEval(e, env)));
    case 'cmp': {
      const a = refEval(ast.l, env);
      const b = refEval(ast.r, env);
      if (ast.op === '==') return refEq(a, b);
      if (ast.op === '!=') return !refEq(a, b);
      const comparable =
        (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
      if (!comparable) return false;
      const [x, y] = [a as number, b as number];
      return ast.op === '<' ? x < y : ast.op === '<=' ? x <= y : ast.op === '>' ? x > y : x >= y;
    }
    case 'in': {
      const v = refEval(ast.e, env);
      return ast.vs.some((l) => l === v);
    }
    case 'contains': {
      const l = refEval(ast.l, env);
      const r = refEval(ast.r, env);
      return (
        Array.isArray(l) &&
        (typeof r === 'string' || typeof r === 'number' || typeof r === 'boolean') &&
        l.includes(r)
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Answers: plain objects with own-property checks, values wrapped in spying proxies
// ---------------------------------------------------------------------------------------------

let protoViolations = 0;
/** A proxy that counts reads of properties the value does not own (e.g. `constructor`, `__proto__`). */
function spy<T extends object>(value: T): T {
  return new Proxy(value, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && !Object.hasOwn(target, prop)) protoViolations++;
      return Reflect.get(target, prop, receiver) as unknown;
    },
    getPrototypeOf(target) {
      protoViolations++;
      return Reflect.getPrototypeOf(target);
    },
  });
}

const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...STRINGS),
  fc.constantFrom(...NUMBERS),
  fc.array(fc.oneof(fc.constantFrom(...STRINGS), fc.constantFrom(...NUMBERS), fc.boolean()), {
    maxLength: 4,
  }),
  fc.constant({ x: 1 }),
);
const envArb = fc.dictionary(fc.constantFrom(...REF_KEYS), valueArb, { maxKeys: REF_KEYS.length });

function wrap(v: unknown): unknown {
  return typeof v === 'object' && v !== null ? spy(v) : v;
}

function refKey(ref: Ref): string {
  return ref.section === null ? ref.question : `${ref.section}.${ref.question}`;
}

/** The resolver pattern callers are expected to use: own-property lookups only. */
function resolverFor(answers: Record<string, unknown>): (ref: Ref) => unknown {
  return (ref) => {
    const k = refKey(ref);
    return Object.hasOwn(answers, k) ? answers[k] : null;
  };
}

// ---------------------------------------------------------------------------------------------
// Arbitrary inputs: random strings, token soups, deep nesting, huge inputs, valid conditions
// ---------------------------------------------------------------------------------------------

const SOUP_TOKENS = [
  '(',
  ')',
  '!',
  '&&',
  '||',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'in',
  'contains',
  '[',
  ']',
  ',',
  '.',
  'a',
  'b',
  's.a',
  'first-name',
  ...PROTO_KEYS,
  '"x"',
  "'y'",
  '"\\u0041"',
  '"\\q"',
  '"open',
  '-3',
  '2.5',
  '1e3',
  '1e',
  'true',
  'false',
  'null',
  '\\',
  '=',
  '&',
  '|',
  '-',
  '#',
  'é',
];
const soupArb = fc
  .array(fc.tuple(fc.constantFrom(...SOUP_TOKENS), fc.constantFrom('', ' ', '  ', '\n')), { maxLength: 60 })
  .map((parts) => parts.map(([t, s]) => t + s).join(''));
const nestingArb = fc
  .tuple(
    fc.integer({ min: 0, max: 400 }),
    fc.integer({ min: 0, max: 400 }),
    fc.constantFrom('a', '!a', 'a == 1', 'a in [1]', '!!!!!!a'),
    fc.constantFrom('(', '!(', '!', '(!'),
  )
  .map(([open, close, core, opener]) => opener.repeat(open) + core + ')'.repeat(close));
const hugeArb = fc.oneof(
  fc.string({ minLength: 1900, maxLength: 2100 }),
  fc
    .integer({ min: 500, max: 1100 })
    .map((n) => Array.from({ length: n }, (_, i) => `q${i % 10}`).join('||')),
  fc.integer({ min: 1990, max: 2010 }).map((n) => `"${'x'.repeat(n)}"`),
);
const validArb = fc.tuple(astArb, fc.integer()).map(([ast, seed]) => printAst(ast, seed));
const randomStringArb = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.string({ maxLength: 40, unit: fc.constantFrom(...'()!&|=<>[],."\'\\-.0123456789eab _'.split('')) }),
);
const anyInputArb = fc.oneof(
  { arbitrary: randomStringArb, weight: 4 },
  { arbitrary: soupArb, weight: 4 },
  { arbitrary: validArb, weight: 3 },
  { arbitrary: nestingArb, weight: 1 },
  { arbitrary: hugeArb, weight: 1 },
);

// ---------------------------------------------------------------------------------------------

const protoNamesBefore = Object.getOwnPropertyNames(Object.prototype).sort();
let totalCases = 0;
let totalFailures = 0;

/** Wrap a property body so that every run (and every failure) is counted. */
function counted<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    totalCases++;
    try {
      fn(...args);
    } catch (err) {
      totalFailures++;
      throw err;
    }
  };
}

const throwingResolver = (): unknown => {
  throw new Error('resolver failure');
};

describe('conditions fuzz', () => {
  after(() => {
    clearConditionCache();
    console.log(`conditions fuzz: ${totalCases} cases, ${totalFailures} failures`);
  });

  test('(a) 10,000 random strings: compile + evaluate never throw', (t) => {
    t.mock.method(console, 'warn', () => undefined);
    fc.assert(
      fc.property(
        anyInputArb,
        envArb,
        counted((src: string, env: Record<string, unknown>) => {
          const c = compileCondition(src);
          assert.equal(typeof c.ok, 'boolean');
          if (!c.ok) assert.equal(typeof c.error, 'string');
          assert.equal(typeof c.evaluate(resolverFor(env)), 'boolean');
          assert.equal(typeof c.evaluate(throwingResolver), 'boolean');
          if (!c.ok) assert.equal(c.evaluate(resolverFor(env)), true);
        }),
      ),
      { numRuns: 10_000 },
    );
  });

  test('(b) generated valid ASTs round-trip and agree with the reference evaluator', (t) => {
    t.mock.method(console, 'warn', () => undefined);
    fc.assert(
      fc.property(astArb, fc.integer(), envArb, (ast, seed, env) => {
        totalCases++;
        try {
          const src = printAst(ast, seed);
          const c = compileCondition(src);
          assert.equal(c.ok, true, `${src}: ${c.error ?? ''}`);
          const expected = refTruthy(
            refEval(ast, (key) => {
              const v = Object.hasOwn(env, key) ? env[key] : null;
              return v === undefined ? null : v;
            }),
          );
          assert.equal(c.evaluate(resolverFor(env)), expected, src);
          // refs are exactly the distinct keys read by the AST (order of first appearance)
          for (const ref of c.refs) assert.ok(Object.isFrozen(ref));
        } catch (err) {
          totalFailures++;
          throw err;
        }
      }),
      { numRuns: 5_000 },
    );
  });

  test('(c) 100,000-case fuzz: no exceptions, no prototype access (timings: npm run bench)', (t) => {
    const warn = t.mock.method(console, 'warn', () => undefined);
    protoViolations = 0;
    let cases = 0;
    const spiedEnvs: Record<string, unknown>[] = [];
    for (const env of fc.sample(envArb, { numRuns: 50, seed: 42 })) {
      const wrapped: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(env)) wrapped[k] = wrap(v);
      spiedEnvs.push(wrapped);
    }
    fc.assert(
      fc.property(anyInputArb, fc.nat(), (src, pick) => {
        cases++;
        totalCases++;
        try {
          const env = spiedEnvs[pick % Math.max(1, spiedEnvs.length)] ?? {};
          const c = compileCondition(src);
          const r1 = c.evaluate(resolverFor(env));
          const r2 = c.evaluate(throwingResolver);
          const r3 = c.evaluate(() => undefined);
          assert.equal(typeof r1 === 'boolean' && typeof r2 === 'boolean' && typeof r3 === 'boolean', true);
        } catch (err) {
          totalFailures++;
          throw err;
        }
      }),
      { numRuns: 100_000 },
    );
    assert.equal(cases, 100_000);
    assert.equal(protoViolations, 0, 'answer values were probed for non-own properties');
    assert.ok(warn.mock.callCount() > 0);

    // prototype-named refs resolve to null, with a plain-object resolver and in the visibility index
    const answers: Record<string, unknown> = { a: 'x' };
    for (const key of PROTO_KEYS) {
      for (const src of [`${key} == null`, `s.${key} == null`, `${key}.a == null`, `!${key}`]) {
        const c = compileCondition(src);
        assert.equal(c.ok, true, src);
        assert.equal(c.evaluate(resolverFor(answers)), true, src);
      }
    }
    const sections: VisibilitySection[] = [
      {
        key: 's',
        questions: [
          { key: 'a' },
          ...PROTO_KEYS.map((k) => ({
            key: `q${k}`,
            condition: `${k} == null && s.${k} == null && ${k}.a == null`,
          })),
        ],
      },
    ];
    const idx = createVisibilityIndex(sections, (s, q) => (s === 's' && q === 'a' ? 'x' : undefined));
    for (const k of PROTO_KEYS) {
      assert.equal(idx.isQuestionVisible('s', `q${k}`), true, k);
      assert.equal(idx.isQuestionVisible('s', k), true);
      assert.equal(idx.isSectionVisible(k), true);
      assert.deepEqual(idx.update('s', k), []);
      assert.deepEqual(idx.update(k, 'a'), []);
    }
    assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), protoNamesBefore);
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });

  test('(d) visibility index: incremental updates equal a full recomputation', () => {
    const SECTION_KEYS = ['s', 't', 'u'];
    const QUESTION_KEYS = ['a', 'b', 'c', 'd'];
    const QREFS = [
      ...QUESTION_KEYS,
      ...SECTION_KEYS.flatMap((s) => QUESTION_KEYS.map((q) => `${s}.${q}`)),
      'missing',
      'constructor',
    ];
    const condAst: fc.Arbitrary<Ast> = fc.letrec<{ node: Ast }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(...QREFS).map((key): Ast => ({ k: 'ref', key })),
        fc
          .record({ key: fc.constantFrom(...QREFS), v: fc.constantFrom<Lit>('x', 'y', null, true) })
          .map(({ key, v }): Ast => ({ k: 'cmp', op: '==', l: { k: 'ref', key }, r: { k: 'lit', v } })),
        tie('node').map((e): Ast => ({ k: 'not', e })),
        fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((es): Ast => ({ k: 'or', es })),
        fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((es): Ast => ({ k: 'and', es })),
      ),
    })).node;
    const condArb = fc.option(
      fc.tuple(condAst, fc.integer()).map(([a, seed]) => printAst(a, seed)),
      { freq: 2 },
    );
    const questionnaireArb = fc.tuple(
      fc.tuple(...SECTION_KEYS.map(() => condArb)),
      fc.tuple(...SECTION_KEYS.flatMap(() => QUESTION_KEYS.map(() => condArb))),
    );
    const updatesArb = fc.array(
      fc.tuple(
        fc.constantFrom(...SECTION_KEYS),
        fc.constantFrom(...QUESTION_KEYS),
        fc.constantFrom('x', 'y', '', null),
      ),
      { maxLength: 15 },
    );
    fc.assert(
      fc.property(questionnaireArb, updatesArb, ([sectionConds, questionConds], updates) => {
        totalCases++;
        try {
          const sections: VisibilitySection[] = SECTION_KEYS.map((key, si) => ({
            key,
            condition: sectionConds[si] ?? null,
            questions: QUESTION_KEYS.map((q, qi) => ({
              key: q,
              condition: questionConds[si * QUESTION_KEYS.length + qi] ?? null,
            })),
          }));
          const answers = new Map<string, unknown>();
          const get = (s: string, q: string): unknown => answers.get(`${s}.${q}`);
          const idx = createVisibilityIndex(sections, get);
          const snapshot = (i: ReturnType<typeof createVisibilityIndex>): Map<string, boolean> => {
            const m = new Map<string, boolean>();
            for (const s of SECTION_KEYS) {
              m.set(s, i.isSectionVisible(s));
              for (const q of QUESTION_KEYS) m.set(`${s}.${q}`, i.isQuestionVisible(s, q));
            }
            return m;
          };
          for (const [s, q, v] of updates) {
            const before = snapshot(idx);
            answers.set(`${s}.${q}`, v);
            const flipped = idx.update(s, q);
            const after = snapshot(idx);
            const fresh = snapshot(createVisibilityIndex(sections, get));
            assert.deepEqual(after, fresh);
            const diff = [...after.keys()].filter((k) => after.get(k) !== before.get(k)).sort();
            assert.deepEqual([...flipped].sort(), diff);
          }
        } catch (err) {
          totalFailures++;
          throw err;
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
