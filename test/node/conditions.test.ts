import { test, describe, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import {
  clearConditionCache,
  compileCondition,
  createVisibilityIndex,
  evaluateCondition,
  MAX_DEPTH,
  MAX_SOURCE_LENGTH,
  type Ref,
  type VisibilitySection,
} from '../../src/conditions/index.ts';

/** Answers keyed by `question` or `section.question` (Map: no prototype lookups). */
function resolver(answers: Record<string, unknown>): (ref: Ref) => unknown {
  const map = new Map(Object.entries(answers));
  return (ref) => map.get(ref.section === null ? ref.question : `${ref.section}.${ref.question}`) ?? null;
}

const ANSWERS = {
  n0: 0,
  n5: 5,
  n25: 2.5,
  neg: -3,
  big: 1000,
  s: 'hello',
  empty: '',
  t: true,
  f: false,
  nul: null,
  arr: ['a', 'b', 3, true],
  emptyArr: [],
  obj: { x: 1 },
  date: '2024-03-15',
  time: '09:30',
  country: 'DE',
  'first-name': 'Ann',
  'sec.q': 'qualified',
  'other.s': 'other-s',
};
const r = resolver(ANSWERS);

function check(cases: readonly (readonly [string, boolean])[]): void {
  for (const [src, expected] of cases) {
    const c = compileCondition(src);
    assert.equal(c.ok, true, `${src} should parse: ${c.error ?? ''}`);
    assert.equal(c.evaluate(r), expected, src);
  }
}

beforeEach(() => clearConditionCache());

describe('conditions: operators', () => {
  test('equality and inequality are strict', () => {
    check([
      ['n5 == 5', true],
      ['n5 == "5"', false],
      ['n5 != "5"', true],
      ['n5 != 5', false],
      ['s == "hello"', true],
      ["s == 'hello'", true],
      ['s == "Hello"', false],
      ['t == true', true],
      ['f == false', true],
      ['f == null', false],
      ['nul == null', true],
      ['missing == null', true],
      ['missing != null', false],
      ['n0 == false', false],
      ['empty == ""', true],
      ['1 == 1', true],
      ['"a" == "a"', true],
      ['null == null', true],
    ]);
  });

  test('arrays compare element-wise (shallow); objects only by identity', () => {
    const values = new Map<string, unknown>([
      ['a', ['x', 1]],
      ['b', ['x', 1]],
      ['c', ['x', 2]],
      ['d', ['x']],
      ['o', { x: 1 }],
      ['p', { x: 1 }],
    ]);
    const arrays = (ref: Ref): unknown => values.get(ref.question) ?? null;
    const cases: [string, boolean][] = [
      ['a == b', true],
      ['a != b', false],
      ['a == c', false],
      ['a == d', false],
      ['a != d', true],
      ['o == p', false],
      ['o == o', true],
      ['a == "x"', false],
    ];
    for (const [src, expected] of cases) assert.equal(evaluateCondition(src, arrays), expected, src);
  });

  test('ordering only between two numbers or two strings', () => {
    check([
      ['n5 > 3', true],
      ['n5 >= 5', true],
      ['n5 < 5', false],
      ['n5 <= 5', true],
      ['neg < 0', true],
      ['neg > -4', true],
      ['n25 > 2.4', true],
      ['big >= 1e3', true],
      ['big > 1e3', false],
      ['date >= "2024-01-01"', true],
      ['date < "2024-03-16"', true],
      ['date > "2024-03-15"', false],
      ['time < "10:00"', true],
      ['"b" > "a"', true],
      ['n5 > "3"', false],
      ['n5 < "3"', false],
      ['s > 1', false],
      ['missing > 1', false],
      ['missing < 1', false],
      ['missing <= null', false],
      ['t > false', false],
      ['arr > 1', false],
    ]);
  });

  test('in [..]', () => {
    check([
      ['country in ["DE", "AT", "CH"]', true],
      ["country in ['FR']", false],
      ['n5 in [1, 5]', true],
      ['n5 in ["5"]', false],
      ['t in [true]', true],
      ['missing in [null]', true],
      ['missing in ["x"]', false],
      ['arr in ["a"]', false],
      ['country in ["a","b","c","d","e","f","g","h","i","DE"]', true],
      ['country in ["a","b","c","d","e","f","g","h","i","j"]', false],
      ['!country in ["FR"]', true],
      ['!(country in ["DE"])', false],
    ]);
  });

  test('contains (arrays only, no substring matching)', () => {
    check([
      ['arr contains "a"', true],
      ['arr contains "c"', false],
      ['arr contains 3', true],
      ['arr contains "3"', false],
      ['arr contains true', true],
      ['arr contains null', false],
      ['emptyArr contains "a"', false],
      ['s contains "ell"', false],
      ['missing contains "a"', false],
      ['arr contains country', false],
      ['arr contains s', false],
    ]);
  });

  test('logical operators and precedence', () => {
    check([
      ['t && f', false],
      ['t || f', true],
      ['f || f || t', true],
      ['t && t && f', false],
      ['f && f || t', true],
      ['t || f && f', true],
      ['(t || f) && f', false],
      ['!f', true],
      ['!t', false],
      ['!!t', true],
      ['!!!t', false],
      ['!f && f', false],
      ['!(f && f)', true],
      ['!n5 == 5', false],
      ['(!n5) == false', true],
      ['n5 == 5 && s == "hello" || f', true],
      ['n5 == 4 || s == "hello" && t', true],
      ['(t) == true', true],
      ['(n5 > 1) == (s == "hello")', true],
      ['(((((t)))))', true],
    ]);
  });
});

describe('conditions: literals', () => {
  test('strings in both quote styles with escapes', () => {
    const v = (ref: Ref): unknown =>
      ({ q: 'say "hi"', a: "it's", b: 'back\\slash', n: 'a\nb', tab: 'a\tb', u: 'é€' })[ref.question] ?? null;
    const cases: [string, boolean][] = [
      ['q == "say \\"hi\\""', true],
      ['q == \'say "hi"\'', true],
      ["a == 'it\\'s'", true],
      ['a == "it\'s"', true],
      ['a == "it\\\'s"', true],
      ['b == "back\\\\slash"', true],
      ['n == "a\\nb"', true],
      ['tab == "a\\tb"', true],
      ['u == "\\u00e9\\u20AC"', true],
      ['u == "é€"', true],
      ['"" == ""', true],
      ['""', false],
      ['"x"', true],
    ];
    for (const [src, expected] of cases) {
      const c = compileCondition(src);
      assert.equal(c.ok, true, `${src}: ${c.error ?? ''}`);
      assert.equal(c.evaluate(v), expected, src);
    }
  });

  test('numbers: negative, decimal, exponent', () => {
    check([
      ['-3 == neg', true],
      ['neg == -3.0', true],
      ['2.5 == n25', true],
      ['25e-1 == n25', true],
      ['1e3 == big', true],
      ['1E3 == big', true],
      ['1e+3 == big', true],
      ['-1.5e2 < -149', true],
      ['0 == n0', true],
      ['0', true],
      ['-0 == 0', true],
    ]);
  });

  test('keyword literals and bare literal truthiness', () => {
    check([
      ['true', true],
      ['false', false],
      ['null', false],
      ['1', true],
    ]);
  });
});

describe('conditions: refs', () => {
  test('bare-ref truthiness for every kind of value', () => {
    const cases: [unknown, boolean][] = [
      [null, false],
      [undefined, false],
      [false, false],
      ['', false],
      [[], false],
      [true, true],
      [0, true],
      [-1, true],
      [Number.NaN, true],
      ['x', true],
      [' ', true],
      [['a'], true],
      [[null], true],
      [{}, true],
      [{ a: 1 }, true],
    ];
    for (const [value, expected] of cases) {
      assert.equal(
        evaluateCondition('q', () => value),
        expected,
        `bare ref of ${JSON.stringify(value)}`,
      );
      assert.equal(
        evaluateCondition('!q', () => value),
        !expected,
      );
    }
  });

  test('unknown refs read as null; undefined and throwing resolvers too', () => {
    check([
      ['unknownKey', false],
      ['unknownKey == null', true],
      ['nope.nope == null', true],
    ]);
    assert.equal(
      evaluateCondition('x == null', () => undefined),
      true,
    );
    const throwing = (): unknown => {
      throw new Error('boom');
    };
    assert.equal(evaluateCondition('x == null', throwing), true);
    assert.equal(evaluateCondition('x', throwing), false);
  });

  test('section-qualified refs, keys with - and _', () => {
    check([
      ['sec.q == "qualified"', true],
      ['sec . q == "qualified"', true],
      ['other.s == "other-s"', true],
      ['s == "hello"', true],
      ['first-name == "Ann"', true],
      ['first-name=="Ann"', true],
    ]);
    const c = compileCondition('a.b == 1 || a.b == 2 || b || c.d contains x_1 || b');
    assert.deepEqual(c.refs, [
      { section: 'a', question: 'b' },
      { section: null, question: 'b' },
      { section: 'c', question: 'd' },
      { section: null, question: 'x_1' },
    ]);
  });

  test('resolver receives the exact ref objects listed in refs', () => {
    const c = compileCondition('s.a == 1 && b');
    const seen: Ref[] = [];
    c.evaluate((ref) => {
      seen.push(ref);
      return 1;
    });
    assert.equal(seen[0], c.refs[0]);
    assert.equal(seen[1], c.refs[1]);
  });

  test('prototype-named refs are plain keys (resolve gets them; Map-based lookups give null)', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype']) {
      for (const src of [key, `a.${key}`, `${key}.x`, `${key} == null`]) {
        const c = compileCondition(src);
        assert.equal(c.ok, true, src);
        assert.equal(c.evaluate(resolver({})), src.endsWith('== null'), src);
      }
    }
  });
});

describe('conditions: empty, blank and malformed inputs', () => {
  test('null / undefined / blank compile to always-true', () => {
    for (const src of [null, undefined, '', '   ', '\n\t ']) {
      const c = compileCondition(src);
      assert.equal(c.ok, true);
      assert.equal(c.error, undefined);
      assert.deepEqual(c.refs, []);
      assert.equal(
        c.evaluate(() => false),
        true,
      );
      assert.equal(
        evaluateCondition(src, () => null),
        true,
      );
    }
  });

  const MALFORMED = [
    'a ==',
    '== a',
    'a = 1',
    'a & b',
    'a | b',
    'a &&',
    '|| a',
    '(a',
    'a)',
    '()',
    '(',
    ')',
    'a b',
    'a == b == c',
    'a < b < c',
    '"unterminated',
    "'unterminated",
    '"bad escape \\x"',
    '"bad unicode \\u12"',
    '"trailing backslash\\',
    '1.',
    '1.e3',
    '1e',
    '1e+',
    '3abc',
    '1.2.3',
    '- 3',
    'a - 3',
    'a == -',
    '--3',
    '.a',
    'a.',
    'a.b.c',
    'a..b',
    'a.1',
    'a in',
    'a in []',
    'a in [',
    'a in [1,]',
    'a in [1 2]',
    'a in [b]',
    'a in ["x", (1)]',
    'a in "x"',
    'contains a',
    'a contains',
    'in',
    'true.x',
    'a.true',
    'a.in == 1',
    '1a',
    '@a',
    'a # b',
    'a ? b : c',
    'a + b',
    '$a',
    'ä == 1',
    '!',
    '!!',
    'a !',
    'a,b',
    '[1]',
    '"a" "b"',
    'a == 1 ||',
    '&& a',
    'a === 1',
    'a !== 1',
    'a => 1',
  ];

  test(`${MALFORMED.length} malformed inputs -> ok:false, evaluate true, never throws`, (t) => {
    assert.ok(MALFORMED.length >= 30);
    const warn = t.mock.method(console, 'warn', () => undefined);
    for (const src of MALFORMED) {
      const c = compileCondition(src);
      assert.equal(c.ok, false, `should not parse: ${src}`);
      assert.equal(typeof c.error, 'string', src);
      assert.ok((c.error ?? '').length > 0, src);
      assert.deepEqual(c.refs, []);
      assert.equal(
        c.evaluate(() => false),
        true,
        src,
      );
      assert.equal(
        evaluateCondition(src, () => null),
        true,
        src,
      );
    }
    assert.equal(warn.mock.callCount(), MALFORMED.length);
  });

  test('limits: length, depth and token count', (t) => {
    t.mock.method(console, 'warn', () => undefined);
    const long = `a == "${'x'.repeat(MAX_SOURCE_LENGTH)}"`;
    const c1 = compileCondition(long);
    assert.equal(c1.ok, false);
    assert.match(c1.error ?? '', /too long/);

    const okDepth = `${'('.repeat(MAX_DEPTH)}a${')'.repeat(MAX_DEPTH)}`;
    assert.equal(compileCondition(okDepth).ok, true);
    const deep = `${'('.repeat(MAX_DEPTH + 1)}a${')'.repeat(MAX_DEPTH + 1)}`;
    const c2 = compileCondition(deep);
    assert.equal(c2.ok, false);
    assert.match(c2.error ?? '', /nested too deeply/);
    assert.equal(compileCondition('('.repeat(1999)).ok, false);

    const manyTokens = Array.from({ length: 600 }, () => 'a').join('&&');
    assert.equal(manyTokens.length < MAX_SOURCE_LENGTH, true);
    const c3 = compileCondition(manyTokens);
    assert.equal(c3.ok, false);
    assert.match(c3.error ?? '', /too many tokens/);

    // long `!` chains are collapsed, not recursed
    assert.equal(
      evaluateCondition(`${'!'.repeat(1000)}t`, () => true),
      true,
    );
    assert.equal(
      evaluateCondition(`${'!'.repeat(999)}t`, () => true),
      false,
    );
    // long flat chains are fine
    const flat = Array.from({ length: 300 }, (_, i) => `q${i}`).join(' || ');
    assert.equal(
      evaluateCondition(flat, (ref) => ref.question === 'q299'),
      true,
    );
  });

  test('non-string input (untyped callers) does not throw', () => {
    const c = compileCondition(42 as unknown as string);
    assert.equal(c.ok, false);
    assert.equal(
      c.evaluate(() => null),
      true,
    );
  });

  test('a warning is emitted once per distinct source', (t) => {
    const warn = t.mock.method(console, 'warn', () => undefined);
    compileCondition('a ==');
    compileCondition('a ==');
    evaluateCondition('a ==', () => null);
    compileCondition('b ==');
    evaluateCondition('b ==', () => null);
    compileCondition('a == 1'); // valid: no warning
    compileCondition(''); // blank: no warning
    assert.equal(warn.mock.callCount(), 2);
    const first = String(warn.mock.calls[0]?.arguments[0]);
    assert.match(first, /a ==/);
    // after the cache is cleared, the same source is reported again
    clearConditionCache();
    compileCondition('a ==');
    assert.equal(warn.mock.callCount(), 3);
  });

  test('compile is memoised by source', (t) => {
    t.mock.method(console, 'warn', () => undefined);
    assert.equal(compileCondition('a == 1'), compileCondition('a == 1'));
    assert.equal(compileCondition('a =='), compileCondition('a =='));
    assert.notEqual(compileCondition('a == 1'), compileCondition('a == 2'));
  });
});

describe('visibility index', () => {
  function store(initial: Record<string, unknown> = {}): {
    answers: Map<string, unknown>;
    get: (s: string, q: string) => unknown;
  } {
    const answers = new Map(Object.entries(initial));
    return { answers, get: (s, q) => answers.get(`${s}.${q}`) };
  }

  const SECTIONS: VisibilitySection[] = [
    {
      key: 'basics',
      questions: [{ key: 'type' }, { key: 'country' }, { key: 'employees', condition: 'type == "company"' }],
    },
    {
      key: 'company',
      condition: 'basics.type == "company"',
      questions: [
        { key: 'name' },
        { key: 'vat', condition: 'basics.country in ["DE", "AT"]' },
        { key: 'vatProof', condition: 'vat' },
      ],
    },
    {
      key: 'extra',
      condition: 'company.vatProof == "yes" || employees > 100',
      questions: [{ key: 'notes' }],
    },
  ];

  test('nested section and question conditions; cascade through hidden questions', () => {
    const { answers, get } = store();
    const idx = createVisibilityIndex(SECTIONS, get);
    assert.equal(idx.isSectionVisible('basics'), true);
    assert.equal(idx.isSectionVisible('company'), false);
    assert.equal(idx.isQuestionVisible('company', 'name'), false);
    assert.equal(idx.isQuestionVisible('basics', 'employees'), false);
    assert.equal(idx.isSectionVisible('extra'), false);

    answers.set('basics.type', 'company');
    assert.deepEqual(idx.update('basics', 'type').sort(), ['basics.employees', 'company', 'company.name']);
    assert.equal(idx.isQuestionVisible('company', 'vat'), false);

    answers.set('basics.country', 'DE');
    assert.deepEqual(idx.update('basics', 'country'), ['company.vat']);
    answers.set('company.vat', 'DE123');
    assert.deepEqual(idx.update('company', 'vat'), ['company.vatProof']);
    answers.set('company.vatProof', 'yes');
    assert.deepEqual(idx.update('company', 'vatProof').sort(), ['extra', 'extra.notes']);
    assert.equal(idx.isQuestionVisible('extra', 'notes'), true);

    // Cascade: hiding the company section hides vat, vatProof -> extra reads null -> hidden
    answers.set('basics.type', 'person');
    const flipped = idx.update('basics', 'type');
    assert.deepEqual(flipped.sort(), [
      'basics.employees',
      'company',
      'company.name',
      'company.vat',
      'company.vatProof',
      'extra',
      'extra.notes',
    ]);
    assert.equal(idx.isSectionVisible('extra'), false);

    // a hidden section still reports employees > 100 once it becomes visible again
    answers.set('basics.type', 'company');
    answers.set('basics.employees', 500);
    idx.update('basics', 'type');
    assert.equal(idx.isSectionVisible('extra'), true);
  });

  test('question visibility is false when its section is hidden; unknown keys', () => {
    const idx = createVisibilityIndex(
      [{ key: 's', condition: 'false', questions: [{ key: 'q' }] }],
      () => undefined,
    );
    assert.equal(idx.isSectionVisible('s'), false);
    assert.equal(idx.isQuestionVisible('s', 'q'), false);
    assert.equal(idx.isQuestionVisible('s', 'unknown'), false);
    assert.equal(idx.isSectionVisible('unknown'), true);
    assert.equal(idx.isQuestionVisible('unknown', 'q'), true);
    assert.deepEqual(idx.update('unknown', 'q'), []);
    assert.deepEqual(idx.update('s', 'unknown'), []);
  });

  test('bare refs prefer the same section, then the first section with that key', () => {
    const answers = new Map<string, unknown>([
      ['a.x', 'A'],
      ['b.x', 'B'],
    ]);
    const idx = createVisibilityIndex(
      [
        { key: 'a', questions: [{ key: 'x' }] },
        { key: 'b', questions: [{ key: 'x' }, { key: 'own', condition: 'x == "B"' }] },
        { key: 'c', questions: [{ key: 'first', condition: 'x == "A"' }] },
      ],
      (s, q) => answers.get(`${s}.${q}`),
    );
    assert.equal(idx.isQuestionVisible('b', 'own'), true);
    assert.equal(idx.isQuestionVisible('c', 'first'), true);
  });

  test('only dependent conditions are re-evaluated', () => {
    const N = 200;
    const answers = new Map<string, unknown>();
    const sections: VisibilitySection[] = [
      {
        key: 's',
        questions: [
          ...Array.from({ length: N }, (_, i) => ({ key: `q${i}` })),
          ...Array.from({ length: N }, (_, i) => ({ key: `d${i}`, condition: `q${i} == "yes"` })),
        ],
      },
    ];
    const idx = createVisibilityIndex(sections, (s, q) => answers.get(`${s}.${q}`));
    assert.equal(idx.evaluations, N);
    answers.set('s.q7', 'yes');
    assert.deepEqual(idx.update('s', 'q7'), ['s.d7']);
    assert.equal(idx.evaluations, N + 1);
    assert.deepEqual(idx.update('s', 'q7'), []);
    assert.equal(idx.evaluations, N + 2);
    // a question nobody depends on: no evaluations
    assert.deepEqual(idx.update('s', 'd3'), []);
    assert.equal(idx.evaluations, N + 2);
  });

  test('transitive chain: each condition evaluated once per update', () => {
    const N = 50;
    const answers = new Map<string, unknown>([['s.c0', 'on']]);
    const questions = [
      { key: 'c0', condition: null },
      ...Array.from({ length: N }, (_, i) => ({ key: `c${i + 1}`, condition: `c${i}` })),
    ];
    for (let i = 1; i <= N; i++) answers.set(`s.c${i}`, 'on');
    const idx = createVisibilityIndex([{ key: 's', questions }], (s, q) => answers.get(`${s}.${q}`));
    assert.equal(idx.evaluations, N);
    assert.equal(idx.isQuestionVisible('s', `c${N}`), true);
    answers.set('s.c0', '');
    const flipped = idx.update('s', 'c0');
    assert.equal(flipped.length, N);
    assert.equal(idx.evaluations, 2 * N);
    assert.equal(idx.isQuestionVisible('s', `c${N}`), false);
    // changing a hidden question's answer cannot flip anything
    answers.set('s.c5', 'other');
    assert.deepEqual(idx.update('s', 'c5'), []);
    assert.equal(idx.evaluations, 2 * N);
  });

  test('hidden questions read as null to other conditions', () => {
    const answers = new Map<string, unknown>([
      ['s.gate', false],
      ['s.a', 'x'],
    ]);
    const idx = createVisibilityIndex(
      [
        {
          key: 's',
          questions: [{ key: 'gate' }, { key: 'a', condition: 'gate' }, { key: 'b', condition: 'a == null' }],
        },
      ],
      (s, q) => answers.get(`${s}.${q}`),
    );
    assert.equal(idx.isQuestionVisible('s', 'a'), false);
    assert.equal(idx.isQuestionVisible('s', 'b'), true);
    answers.set('s.gate', true);
    assert.deepEqual(idx.update('s', 'gate'), ['s.a', 's.b']);
  });

  test('cycles terminate and cyclic refs read as null', () => {
    const answers = new Map<string, unknown>([
      ['s.a', 'x'],
      ['s.b', 'x'],
      ['s.self', 'x'],
    ]);
    const idx = createVisibilityIndex(
      [
        {
          key: 's',
          questions: [
            { key: 'a', condition: 'b' },
            { key: 'b', condition: 'a' },
            { key: 'self', condition: 'self' },
            { key: 'notA', condition: '!a' },
            { key: 'c', condition: 't2.z == null' },
          ],
        },
        { key: 't', condition: 'inner', questions: [{ key: 'inner' }] },
        { key: 't2', condition: 's.c', questions: [{ key: 'z', condition: 'true' }] },
      ],
      (s, q) => answers.get(`${s}.${q}`),
    );
    assert.equal(idx.isQuestionVisible('s', 'a'), false);
    assert.equal(idx.isQuestionVisible('s', 'b'), false);
    assert.equal(idx.isQuestionVisible('s', 'self'), false);
    assert.equal(idx.isQuestionVisible('s', 'notA'), true);
    assert.equal(idx.isSectionVisible('t'), false);
    assert.equal(idx.isQuestionVisible('s', 'c'), true);
    for (const q of ['a', 'b', 'self', 'c']) {
      answers.set(`s.${q}`, 'changed');
      assert.doesNotThrow(() => idx.update('s', q));
    }
    assert.ok(idx.evaluations < 20);
  });

  test('broken conditions show their target and are reported', (t) => {
    const warn = t.mock.method(console, 'warn', () => undefined);
    const idx = createVisibilityIndex(
      [{ key: 's', condition: 'a ==', questions: [{ key: 'q', condition: 'a &&& b' }] }],
      () => undefined,
    );
    assert.equal(idx.isSectionVisible('s'), true);
    assert.equal(idx.isQuestionVisible('s', 'q'), true);
    assert.equal(warn.mock.callCount(), 2);
  });

  test('throwing getAnswer and prototype-named keys are safe', () => {
    const idx = createVisibilityIndex(
      [
        {
          key: 's',
          questions: [
            { key: 'boom' },
            { key: 'a', condition: 'boom == null' },
            { key: 'b', condition: '__proto__ == null && constructor == null && s.toString == null' },
          ],
        },
      ],
      (_s, q) => {
        if (q === 'boom') throw new Error('boom');
        return undefined;
      },
    );
    assert.equal(idx.isQuestionVisible('s', 'a'), true);
    assert.equal(idx.isQuestionVisible('s', 'b'), true);
    assert.deepEqual(idx.update('s', 'boom'), []);
  });

  test('large questionnaire builds and updates quickly', () => {
    const sections: VisibilitySection[] = Array.from({ length: 20 }, (_, s) => ({
      key: `s${s}`,
      condition: s > 0 ? `s${s - 1}.q0 != "skip"` : null,
      questions: Array.from({ length: 50 }, (_, q) => ({
        key: `q${q}`,
        condition: q > 0 && q % 2 === 0 ? `q${q - 1} in ["a", "b"] || s0.q0 == "all"` : null,
      })),
    }));
    const answers = new Map<string, unknown>();
    const start = performance.now();
    const idx = createVisibilityIndex(sections, (s, q) => answers.get(`${s}.${q}`));
    answers.set('s0.q0', 'all');
    const flipped = idx.update('s0', 'q0');
    assert.ok(flipped.length > 400);
    answers.set('s0.q0', 'skip');
    // s1 hides (with its 50 questions), every even question hides again
    const flipped2 = idx.update('s0', 'q0');
    assert.equal(flipped2.length, 1 + 50 + 19 * 24);
    assert.equal(idx.isSectionVisible('s1'), false);
    assert.equal(idx.isSectionVisible('s2'), true);
    assert.ok(performance.now() - start < 1000);
  });
});
