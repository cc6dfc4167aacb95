/**
 * Checks written without zod's number formats, catch and custom types (to keep those types out of the
 * elements' zod chunk) behave exactly like the zod schemas they replace: same output, same issues.
 * The string formats, unions and records are in schema-equivalence.test.ts.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod/mini';
import { Base64, int, intRange, orCatch } from '../../src/api/common.ts';
import { CaptureSession } from '../../src/api/age-capture.ts';
import { ChoiceKey, customValueSchema } from '../../src/api/kyb-company.ts';
import { FormStatus, KybFormMeta } from '../../src/api/kyb-form-summary.ts';
import { AnswerValue, answerValueSchema } from '../../src/api/kyb.ts';
import { same, whole } from '../support/equivalence.ts';

describe('integers: int() is z.int()', () => {
  const M = Number.MAX_SAFE_INTEGER;
  const numbers: unknown[] = [
    0, -0, 1, -1, 7, 1.5, -1.5, 0.1, 5e-324, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY,
    M, M + 1, 2 ** 60, -M, -M - 1, -(2 ** 60), 1e15, 1e15 + 1, -1e15, -1e15 - 1, 1e15 + 0.5,
    2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 120, 121, '1', null, undefined, true, [1], {},
  ]; // prettier-ignore

  test('alone and with bounds (intRange)', () => {
    same(int(), z.int(), numbers, whole);
    same(intRange(0, 2592000), z.int().check(z.gte(0), z.lte(2592000)), numbers, whole);
    same(intRange(1, 120), z.int().check(z.gte(1), z.lte(120)), numbers, whole);
    same(int().check(z.gte(0)), z.int().check(z.gte(0)), numbers, whole);
  });

  test('where the elements use it: INTEGER answers and fields, the capture session', () => {
    same(
      answerValueSchema({ type: 'INTEGER', choices: [] }),
      z.int().check(z.gte(-1e15), z.lte(1e15)),
      numbers,
      whole,
    );
    same(
      customValueSchema({ type: 'INTEGER', choices: [] }),
      z.int().check(z.gte(-2147483648), z.lte(2147483647)),
      numbers,
      whole,
    );
    const session = {
      status: 'PENDING',
      step: 'SELFIE',
      outcome: null,
      min_age: 18,
      escalation: 'NONE',
      retry_limit: 3,
      attempts_used: 0,
      expires_at: '2030-01-01T00:00:00Z',
    };
    const original = z.object({
      ...CaptureSession.shape,
      min_age: z.int().check(z.gte(1), z.lte(120)),
      retry_limit: z.int().check(z.gte(1), z.lte(3)),
      attempts_used: z.int().check(z.gte(0)),
    });
    const sessions = numbers.flatMap((n) => [
      { ...session, attempts_used: n },
      { ...session, min_age: n },
      { ...session, retry_limit: n, attempts_used: n },
    ]);
    same(CaptureSession, original, sessions, whole);
  });
});

describe('fallbacks: orCatch is z.catch', () => {
  const values: unknown[] = ['PENDING', 'COMPLETED', 'OTHER', '', null, 0, true, [], {}, ['PENDING']];
  const cases: [z.ZodMiniType, unknown][] = [
    [FormStatus, 'PENDING'],
    [z.nullable(z.enum(['APPROVED', 'DENIED'])), null],
    [z.optional(FormStatus), undefined],
    [z.object({ infoType: z.nullable(FormStatus) }), { infoType: null }],
    [AnswerValue, null],
  ];

  test('alone, and as an object member: present, absent, undefined, null, valid, invalid', () => {
    for (const [inner, fallback] of cases) {
      // A catch alone accepts everything: compare its outputs directly.
      for (const v of [...values, undefined])
        assert.deepEqual(whole(orCatch(inner, fallback), v), whole(z.catch(inner, fallback), v));
      const objects = [
        {},
        { k: undefined },
        ...values.map((k) => ({ k })),
        ...values.map((k) => ({ k: { infoType: k } })),
        null,
        'x',
        [],
      ];
      same(
        z.object({ k: orCatch(inner, fallback) }),
        z.object({ k: z.catch(inner, fallback) }),
        objects,
        whole,
      );
    }
  });

  test('where the elements use it: the meta of a form', () => {
    const original = z.object({
      ...KybFormMeta.shape,
      status: z.catch(FormStatus, 'PENDING'),
      approvalStatus: z.catch(z.nullable(z.enum(['APPROVED', 'DENIED'])), null),
    });
    const metas = values.flatMap((v) => [
      { status: v },
      { approvalStatus: v },
      { status: v, submissionTime: 1 },
    ]);
    same(KybFormMeta, original, [...metas, {}, null, 'x'], whole);
  });
});

describe('refinements: refine is z.refine', () => {
  const choices = [
    { key: 'a', title: 'A' },
    { key: 'b', title: 'B' },
  ];
  const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
  const inputs: unknown[] = [
    'a', 'c', '', ['a'], ['a', 'b'], ['a', 'a'], ['a', 'c'], ['c', 'c'], [], 1, 1.5, -0, Number.NaN,
    Number.POSITIVE_INFINITY, true, null, undefined, {}, 'QUJD', 'QUJ', 'QUJD=', 'QU==', 'Q!==', '====',
  ]; // prettier-ignore

  test('Base64', () => {
    const original = z.string().check(
      z.minLength(4),
      z.maxLength(8),
      z.refine((s) => s.length % 4 === 0 && BASE64_RE.test(s), { message: 'not base64' }),
    );
    same(Base64(6), original, [...inputs, 'QUJDREVG', 'QUJDREVGRw==', 'QUJD!!!!'], whole);
  });

  test('questionnaire answers: choices, unique lists, finite numbers', () => {
    const choiceKey = z
      .string()
      .check(z.refine((v) => choices.some((c) => c.key === v), { message: 'choice' }));
    const unique = <T extends z.ZodMiniType>(item: T) =>
      z.array(item).check(z.refine((a) => new Set(a as unknown[]).size === a.length, { message: 'unique' }));
    const originals: [Parameters<typeof answerValueSchema>[0], z.ZodMiniType][] = [
      [{ type: 'SELECT', choices }, choiceKey],
      [{ type: 'RADIO', choices }, choiceKey],
      [{ type: 'SELECT_MULTI', choices }, unique(choiceKey).check(z.minLength(1))],
      [{ type: 'CHECKBOX', choices }, unique(choiceKey)],
      [{ type: 'FLOAT', choices: [] }, z.number().check(z.refine(Number.isFinite, { message: 'number' }))],
    ];
    for (const [q, original] of originals) same(answerValueSchema(q), original, inputs, whole);
  });

  test('custom fields: choices and unique lists', () => {
    const keys = choices.map((c) => c.key);
    const choice = ChoiceKey.check(z.refine((v) => keys.includes(v), { message: 'choice' }));
    const unique = <T extends z.ZodMiniType<string>>(item: T) =>
      z.array(item).check(z.refine((a) => new Set(a).size === a.length, { message: 'unique' }));
    same(customValueSchema({ type: 'SELECT', choices }), choice, inputs, whole);
    same(
      customValueSchema({ type: 'SELECT_MULTI', choices }),
      unique(choice).check(z.minLength(1)),
      inputs,
      whole,
    );
  });
});
