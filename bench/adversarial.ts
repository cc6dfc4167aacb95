/**
 * Conditions from hostile or broken service data, timed in Node: deep nesting, huge literals, long
 * chains, token soup. What the conditions fuzz test (test/node/conditions-fuzz.test.ts) checks for
 * correctness, the bench times here: the slowest compile + three evaluations of one input.
 */
import { compileCondition } from '../src/conditions/index.ts';
import { mulberry32 } from '../src/sandbox/util.ts';

const SOUP = [
  'a',
  's.b',
  '==',
  '!=',
  '>=',
  '<',
  '&&',
  '||',
  '!',
  '(',
  ')',
  '"x"',
  "'y'",
  '1.5',
  '-3',
  'null',
  'true',
];

/** The inputs: fixed worst shapes, then random token soup. */
export function adversarialInputs(count = 2000): string[] {
  const out = [
    '('.repeat(5000) + 'a' + ')'.repeat(5000),
    '!'.repeat(20000) + 'a',
    `a == "${'x'.repeat(100_000)}"`,
    `a == "${'\\"'.repeat(20_000)}"`,
    Array.from({ length: 5000 }, (_, i) => `q${i} == "v${i}"`).join(' || '),
    Array.from({ length: 5000 }, (_, i) => `s.q${i} != ${i}`).join(' && '),
    '('.repeat(10_000),
    '"'.repeat(10_001),
    'a == '.repeat(10_000),
  ];
  const rnd = mulberry32(42);
  for (let i = 0; i < count; i++) {
    const n = 1 + Math.floor(rnd() * 400);
    out.push(Array.from({ length: n }, () => SOUP[Math.floor(rnd() * SOUP.length)]).join(' '));
  }
  return out;
}

/** The slowest input: compile, then evaluate with answers, with none, and with a resolver that throws. */
export function adversarialWorstMs(): { ms: number; cases: number } {
  const answers = new Map<string, unknown>([
    ['a', 'x'],
    ['b', 2],
  ]);
  const resolvers = [
    (ref: { question: string }) => answers.get(ref.question) ?? null,
    () => undefined,
    () => {
      throw new Error('no answer');
    },
  ];
  const warn = console.warn;
  console.warn = () => undefined; // invalid conditions warn once each
  try {
    const inputs = adversarialInputs();
    let worst = 0;
    for (const src of inputs) {
      const t0 = performance.now();
      const c = compileCondition(src);
      for (const r of resolvers) c.evaluate(r);
      worst = Math.max(worst, performance.now() - t0);
    }
    return { ms: worst, cases: inputs.length };
  } finally {
    console.warn = warn;
  }
}
